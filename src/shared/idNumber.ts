/**
 * 居民身份证号码 (GB 11643-1999): 17 digits and a check character (ISO 7064 MOD 11-2, 'X' for 10). Pure: the forms
 * and the server both judge with it.
 */
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK = '10X98765432';

export function isValidIdNumber(value: string): boolean {
  const v = value.toUpperCase();
  if (!/^[1-9]\d{16}[\dX]$/.test(v)) return false;
  const sum = WEIGHTS.reduce((acc, w, i) => acc + w * Number(v[i]), 0);
  return CHECK[sum % 11] === v[17];
}

/** Shown masked: the first 3 and last 4 characters (110***********123X). */
export function maskIdNumber(value: string): string {
  const v = value.toUpperCase();
  return v.length <= 7 ? '*'.repeat(v.length) : `${v.slice(0, 3)}${'*'.repeat(v.length - 7)}${v.slice(-4)}`;
}
