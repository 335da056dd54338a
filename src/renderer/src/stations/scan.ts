import type { QueryError } from '@renderer/store/api';

/** A fresh scan id (UUID v4): the server answers the same scanId sent again with its first answer, acting once. */
export function newScanId(): string {
  const c = globalThis.crypto as Crypto | undefined;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  if (typeof c?.getRandomValues === 'function') c.getRandomValues(bytes);
  else for (let i = 0; i < 16; i++) bytes[i] = Math.floor(Math.random() * 256);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Why a call failed, as a station tells it:
 * - `refused`: the server answered and said no (code -1 with its message, or another answer it gave);
 * - `lost`: no answer (network, timeout) or the server failed (5xx): whether it acted is unknown, so the
 *   station offers 重试 with the same scanId, which cannot act twice.
 */
export type Failure = { kind: 'refused'; message: string } | { kind: 'lost'; message: string | null };

export function failureOf(e: unknown): Failure {
  const { code, message } = (e ?? {}) as Partial<QueryError>;
  if (typeof code === 'number' && code < 500) return { kind: 'refused', message: message ?? '' };
  // A 5xx says what happened (with its request id); a lost connection says nothing useful ("Network Error").
  return { kind: 'lost', message: typeof code === 'number' && message ? message : null };
}

/** Cylinder codes: letters, digits and _ . - (what a label carries). */
export const CYLINDER_CODE = /^[A-Za-z0-9_.-]{1,64}$/;
