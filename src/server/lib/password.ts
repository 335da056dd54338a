import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** Cost of new hashes (log2 of scrypt's N); stored beside each hash so it can be raised without breaking old hashes. */
export const DEFAULT_HASH_COST = 15;
const MIN_HASH_COST = 10;
const MAX_HASH_COST = 20;

/**
 * scrypt parameters of new hashes. PASSWORD_HASH_COST (log2 N, 10–20) lowers the cost where hashing speed
 * matters more than strength: the test suites set 10. Unset or out of range: the full cost, 2^15.
 */
export function hashParams(env: NodeJS.ProcessEnv = process.env): { N: number; r: number; p: number } {
  const cost = Number(env.PASSWORD_HASH_COST);
  const log2N = Number.isInteger(cost) && cost >= MIN_HASH_COST && cost <= MAX_HASH_COST ? cost : DEFAULT_HASH_COST;
  return { N: 2 ** log2N, r: 8, p: 1 };
}
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
  const { N, r, p } = hashParams();
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
