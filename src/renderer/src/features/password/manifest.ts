import { defineFeature } from '@renderer/features/feature';
import type { TextsOf } from '@renderer/i18n/messages';
import { passwordMessages } from './messages';

declare module '@renderer/i18n/messages' {
  interface Messages extends TextsOf<typeof passwordMessages> {}
}

/** The password rules and the change-password dialog (the forced change at sign-in included). */
export const passwordFeature = defineFeature({
  name: 'password',
  messages: passwordMessages,
});
