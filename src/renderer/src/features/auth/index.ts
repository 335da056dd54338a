/** The auth feature's public file: what other features may use of it (lint rejects deeper imports). */
export { useLoginMutation, useResetOwnPasswordMutation } from './authApi';
export { changeInitialPassword, completeSignIn, loadNav, refreshNav, signOut } from './sessionFlow';
