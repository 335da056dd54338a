import { isValidIdNumber, maskIdNumber } from '@shared/idNumber';
import { BusinessError } from './errors';
import type { FieldCipher } from './field-cipher';

/**
 * A person's 身份证号 as the server keeps it (issue 36): checked (check digit), stored encrypted with the field cipher,
 * answered masked; only what the regulator's platform needs reads it in plain text.
 */

/** The ID number a body sends, checked and encrypted: undefined (absent: kept), null ('' or null: cleared) or the stored text. */
export function idNumberToStore(cipher: FieldCipher, value: string | null | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  const v = value?.trim().toUpperCase() ?? '';
  if (!v) return null;
  if (!isValidIdNumber(v)) throw new BusinessError('身份证号校验位不正确');
  return cipher.encrypt(v);
}

/** A stored ID number in plain text; null when none, or when this key cannot read it (a key that changed). */
export function openIdNumber(cipher: FieldCipher, stored: string | null): string | null {
  if (!stored) return null;
  try {
    return cipher.decrypt(stored);
  } catch {
    return null;
  }
}

/** What a screen shows of a stored ID number: masked; one this key cannot read says so. */
export function maskedIdNumber(cipher: FieldCipher, stored: string | null): string | null {
  if (!stored) return null;
  const plain = openIdNumber(cipher, stored);
  return plain === null ? '（无法解密）' : maskIdNumber(plain);
}
