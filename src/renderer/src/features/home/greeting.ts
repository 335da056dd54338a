import type { MessageKey } from '@renderer/i18n/messages';

/** 早上好 before noon, 下午好 until 18:00, 晚上好 after. */
export function greetingKey(date: Date = new Date()): MessageKey {
  const hour = date.getHours();
  if (hour < 12) return 'home.morning';
  if (hour < 18) return 'home.afternoon';
  return 'home.evening';
}
