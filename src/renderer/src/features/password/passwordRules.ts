import type { MessageKey } from '@renderer/i18n/messages';

export const MIN_PASSWORD_LENGTH = 8;

/** The first problem with a new password and its confirmation, or null. */
export function newPasswordProblem(password: string, confirm: string): MessageKey | null {
  if (password.length < MIN_PASSWORD_LENGTH) return 'password.tooShort';
  if (password !== confirm) return 'password.mismatch';
  return null;
}
