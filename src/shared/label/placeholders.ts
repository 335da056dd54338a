/**
 * Label content placeholders: `{path|fallback}` read `path` from the job's data — dotted names and array
 * indexes (`cylinder.code`, `items[0].name`, `items.0.name`) — and fall back when the value is missing,
 * null or an empty string. `{path}` without a fallback becomes '' when missing. Text outside braces is kept.
 */
const PLACEHOLDER = /\{([^{}|]+)(?:\|([^{}]*))?\}/g;

export function readPath(data: unknown, path: string): unknown {
  const keys = path
    .trim()
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter((k) => k !== '');
  let value: unknown = data;
  for (const key of keys) {
    if (value === null || typeof value !== 'object') return undefined;
    if (!Object.prototype.hasOwnProperty.call(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

function asText(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value === '' ? undefined : value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value);
}

export function resolvePlaceholders(content: string, data: unknown): string {
  return content.replace(PLACEHOLDER, (_m, path: string, fallback: string | undefined) => {
    return asText(readPath(data, path)) ?? fallback ?? '';
  });
}

/** The paths a content's placeholders read, in order of appearance (`{a.b|x}` → `a.b`). */
export function placeholderPaths(content: string): string[] {
  return [...content.matchAll(PLACEHOLDER)].map((m) => m[1]!.trim());
}
