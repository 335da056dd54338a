import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The public page's address of a cylinder: `/q/{code}-{signature}`, the signature the first 80 bits of
 * HMAC-SHA256(plant secret, code) in lower-case base32. Without the plant's secret (migration 0018, kept in the
 * database, so every server of the plant and every restart accept the same labels) nobody can build the address
 * of another cylinder from its code: the page cannot be walked through by counting codes.
 */
export const QR_PATH = '/q/';
const SIGNATURE_CHARS = 16;
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
const TOKEN = new RegExp(`^([A-Za-z0-9_.\\-]{1,64})-([a-z2-7]{${SIGNATURE_CHARS}})$`);

function base32(bytes: Buffer, chars: number): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && out.length < chars) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= 0xff;
  }
  return out;
}

export function qrSignature(secret: string, code: string): string {
  return base32(createHmac('sha256', secret).update(code, 'utf8').digest(), SIGNATURE_CHARS);
}

export const qrToken = (secret: string, code: string): string => `${code}-${qrSignature(secret, code)}`;

/** The cylinder code a token names when its signature is right; null otherwise (compared in constant time). */
export function codeOfToken(secret: string, token: string): string | null {
  const m = TOKEN.exec(token);
  if (!m) return null;
  const expected = Buffer.from(qrSignature(secret, m[1]!));
  const given = Buffer.from(m[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? m[1]! : null;
}

/** The absolute address printed in a label's QR code: the plant's public address, else `fallbackOrigin`. */
export function qrUrl(origin: string, secret: string, code: string): string {
  return `${origin.replace(/\/+$/, '')}${QR_PATH}${qrToken(secret, code)}`;
}
