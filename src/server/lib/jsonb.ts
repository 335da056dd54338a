/**
 * What PostgreSQL cannot store: U+0000 (neither text nor jsonb) and unpaired UTF-16 surrogates (jsonb
 * refuses their `\udXXX` escapes; text columns silently get U+FFFD from the driver).
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this finds
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** The text with every character PostgreSQL cannot store replaced by U+FFFD. */
export const storableText = (text: string): string => text.replace(UNSTORABLE, '\uFFFD');

function storable(value: unknown): unknown {
  if (typeof value === 'string') return storableText(value);
  if (Array.isArray(value)) return value.map(storable);
  if (value && typeof value === 'object' && !(value instanceof Date) && !Buffer.isBuffer(value)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [storableText(k), storable(v)]));
  }
  return value;
}

/**
 * JSON text for a jsonb column that PostgreSQL always accepts: a record of what a caller sent (the
 * operation log, trace details) must not fail because the caller sent NUL or a broken surrogate.
 */
export const toJsonb = (value: unknown): string => JSON.stringify(storable(value));
