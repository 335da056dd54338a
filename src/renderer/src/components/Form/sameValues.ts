import type { FormValues } from './types';

/** A cleared field ('' or null) equals one never touched; text compares trimmed. */
const normal = (v: unknown) => (v === undefined || v === null || v === '' ? null : typeof v === 'string' ? v.trim() : v);

/** Whether two sets of form values are the same to the person (what a save would change). */
export function sameValues(a: FormValues, b: FormValues): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((k) => JSON.stringify(normal(a[k])) === JSON.stringify(normal(b[k])));
}
