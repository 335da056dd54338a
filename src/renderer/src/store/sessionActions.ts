import { createAction } from '@reduxjs/toolkit';

/** The session ended (logout, or the HTTP client gave up): every slice drops what belonged to it. */
export const sessionEnded = createAction('session/ended');
