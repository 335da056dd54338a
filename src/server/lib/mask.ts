/** Names of values never written to a log: credentials, and a person's ID number (身份证号, idNo). */
const SECRET_KEY = /pass|token|secret|^idNo$/i;

/** How deep the copy goes; deeper values are replaced by NESTED_TOO_DEEP (request bodies are refused beyond BODY_MAX_DEPTH). */
export const MASK_MAX_DEPTH = 40;
export const NESTED_TOO_DEEP = '（层级过深，未记录）';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return Boolean(value) && typeof value === 'object' && !(value instanceof Date) && !Buffer.isBuffer(value);
}

function mask(value: unknown, depth: number): unknown {
  if (!Array.isArray(value) && !isPlainObject(value)) return value;
  // Recursion stays shallow whatever was sent: a body nested thousands deep would overflow the stack.
  if (depth >= MASK_MAX_DEPTH) return NESTED_TOO_DEEP;
  if (Array.isArray(value)) return value.map((v) => mask(v, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, SECRET_KEY.test(k) ? '***' : mask(v, depth + 1)]));
}

/**
 * A copy of `value` with every property whose name looks secret replaced by '***', at any depth kept;
 * what lies deeper than MASK_MAX_DEPTH levels is replaced by NESTED_TOO_DEEP.
 */
export function maskSecrets(value: unknown): unknown {
  return mask(value, 0);
}
