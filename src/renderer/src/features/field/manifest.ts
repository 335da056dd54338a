import { defineFeature } from '@renderer/features/feature';
import type { TextsOf } from '@renderer/i18n/messages';
import type { fieldMessages } from './messages';

declare module '@renderer/i18n/messages' {
  interface Messages extends TextsOf<typeof fieldMessages> {}
}

/** The field app's shell (/field, issue 37): its screens are the other features' fieldScreens. */
export const fieldFeature = defineFeature({
  name: 'field',
  messages: () => import('./messages').then((m) => m.fieldMessages),
});
