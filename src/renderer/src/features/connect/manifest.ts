import { defineFeature } from '@renderer/features/feature';
import type { TextsOf } from '@renderer/i18n/messages';
import { connectMessages } from './messages';

declare module '@renderer/i18n/messages' {
  interface Messages extends TextsOf<typeof connectMessages> {}
}

/** The server address and the start-up check (before sign-in). */
export const connectFeature = defineFeature({
  name: 'connect',
  messages: connectMessages,
});
