/**
 * A person's name and phone as lists and the public page show them (瓶装液化气实名制): the first character of the name
 * (张**), the first 3 and last 4 digits of the phone (138****1234). Pure: the server masks with it.
 */
export function maskName(name: string): string {
  const chars = [...name.trim()];
  if (chars.length === 0) return '';
  return chars.length === 1 ? '*' : `${chars[0]}${'*'.repeat(Math.min(chars.length - 1, 4))}`;
}

export function maskPhone(phone: string): string {
  const v = phone.replace(/\s+/g, '');
  if (v.length >= 8) return `${v.slice(0, 3)}${'*'.repeat(v.length - 7)}${v.slice(-4)}`;
  return v.length <= 2 ? '*'.repeat(v.length) : `${'*'.repeat(v.length - 2)}${v.slice(-2)}`;
}
