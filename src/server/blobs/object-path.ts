import { randomBytes } from 'node:crypto';

/**
 * Stored paths are generated here and are the only paths the store accepts: `YYYY/MM/DD/<32 hex>[.ext]`.
 * The person's file name never becomes part of a path, so no name can escape the store or collide.
 */
const STORED_PATH = /^\d{4}\/\d{2}\/\d{2}\/[0-9a-f]{32}(\.[a-z0-9]{1,10})?$/;

/** The extension of a file name, lower case, when it is plain letters and digits (else none). */
export function safeExtension(name: string): string {
  const match = /\.([A-Za-z0-9]{1,10})$/.exec(name);
  return match ? match[1]!.toLowerCase() : '';
}

export function newStoredPath(originalName: string, now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const day = `${now.getUTCFullYear()}/${pad(now.getUTCMonth() + 1)}/${pad(now.getUTCDate())}`;
  const ext = safeExtension(originalName);
  return `${day}/${randomBytes(16).toString('hex')}${ext ? `.${ext}` : ''}`;
}

/**
 * True only for a path shaped like one we generated. That shape has no `..`, no leading slash, no
 * backslash, no NUL and no percent sign, so traversal in any spelling (raw or encoded) is refused.
 */
export function isStoredPath(path: string): boolean {
  return STORED_PATH.test(path);
}
