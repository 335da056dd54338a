import { defineFeature } from '@renderer/features/feature';
import type { TextsOf } from '@renderer/i18n/messages';
import { aboutMessages } from './messages';

declare module '@renderer/i18n/messages' {
  interface Messages extends TextsOf<typeof aboutMessages> {}
}

/** 关于, updates and the version floor notice (on every screen, the login included). */
export const aboutFeature = defineFeature({
  name: 'about',
  messages: aboutMessages,
});
