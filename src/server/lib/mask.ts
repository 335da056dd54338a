const SECRET_KEY = /pass|token|secret/i;

/** A copy of `value` with every property whose name looks secret replaced by '***', at any depth. */
export function maskSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskSecrets);
  if (value && typeof value === 'object' && !(value instanceof Date) && !Buffer.isBuffer(value)) {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, SECRET_KEY.test(k) ? '***' : maskSecrets(v)]),
    );
  }
  return value;
}
