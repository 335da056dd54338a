import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Secrets the server generates for itself and must keep across restarts (a new token secret would sign
 * everybody out; a new superuser password would lock us out of our own cluster). Stored in
 * DATA_DIR/secrets.json, readable by the owner only, never logged.
 */
export interface StoredSecrets {
  accessTokenSecret?: string;
  pgSuperuserPassword?: string;
  dataEncryptionKey?: string;
}

export function secretsFile(dataDir: string): string {
  return join(dataDir, 'secrets.json');
}

export function readSecrets(dataDir: string): StoredSecrets {
  const file = secretsFile(dataDir);
  if (!existsSync(file)) return {};
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as StoredSecrets;
  } catch {
    throw new Error(`${file} is not valid JSON; fix or remove it (removing it signs every user out)`);
  }
}

/** Returns the stored value of `key`, generating and persisting a random one the first time. */
export function getOrCreateSecret(dataDir: string, key: keyof StoredSecrets): string {
  const secrets = readSecrets(dataDir);
  const existing = secrets[key];
  if (existing) return existing;
  const value = randomBytes(32).toString('base64url');
  mkdirSync(dataDir, { recursive: true });
  const file = secretsFile(dataDir);
  writeFileSync(file, JSON.stringify({ ...secrets, [key]: value }, null, 2) + '\n', { mode: 0o600 });
  chmodSync(file, 0o600);
  return value;
}
