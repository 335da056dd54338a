import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** Current cost parameters; stored beside each hash so they can be raised without breaking old hashes. */
const PARAMS = { N: 2 ** 15, r: 8, p: 1 };
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

function scryptAsync(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, keyLength, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/** Memory scrypt needs (128·N·r) plus headroom: Node's default 32 MiB is exactly too small for N=2^15. */
const maxmem = (N: number, r: number) => 256 * N * r;

/** `scrypt$N=32768,r=8,p=1$<salt base64>$<key base64>` */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const { N, r, p } = PARAMS;
  const key = await scryptAsync(password, salt, KEY_LENGTH, { N, r, p, maxmem: maxmem(N, r) });
  return `scrypt$N=${N},r=${r},p=${p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

interface ParsedHash {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

function parse(stored: string): ParsedHash | null {
  const parts = stored.split('$');
  if (parts.length !== 4 || parts[0] !== 'scrypt') return null;
  const [, paramText, saltText, keyText] = parts as [string, string, string, string];
  const params = Object.fromEntries(paramText.split(',').map((kv) => kv.split('=')).map(([k, v]) => [k, Number(v)]));
  const { N, r, p } = params as Partial<Record<string, number>>;
  if (!isPositiveInteger(N) || !isPositiveInteger(r) || !isPositiveInteger(p)) return null;
  return { N, r, p, salt: Buffer.from(saltText, 'base64'), key: Buffer.from(keyText, 'base64') };
}

const isPositiveInteger = (n: number | undefined): n is number => Number.isSafeInteger(n) && n! > 0;

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed || parsed.key.length === 0) return false;
  const { N, r, p, salt, key } = parsed;
  const candidate = await scryptAsync(password, salt, key.length, { N, r, p, maxmem: maxmem(N, r) });
  return timingSafeEqual(candidate, key);
}

/** A hash of nothing anyone knows: verifying against it costs the same as a real check. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}

/** A strong random password for the first admin: 20 characters, no look-alikes. */
export function generatePassword(length = 20): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  const bytes = randomBytes(length);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}
