import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Fields stored encrypted (a person's ID number, a platform's credentials): AES-256-GCM under a key derived from the
 * server's data encryption key (config.dataEncryptionKey). Stored as `v1.<iv>.<tag>.<ciphertext>` (base64url): the
 * database alone, or a backup of it, does not give them away.
 */
export interface FieldCipher {
  encrypt(plain: string): string;
  /** The plain text; throws when the value was not made with this key (a key that changed, a value edited by hand). */
  decrypt(stored: string): string;
}

const VERSION = 'v1';

export function fieldCipher(secret: string): FieldCipher {
  const key = Buffer.from(hkdfSync('sha256', secret, 'cylinder-trace', 'field-cipher/v1', 32));
  return {
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
    },
    decrypt(stored) {
      const [version, iv, tag, body] = stored.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('not an encrypted field');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

/** The cipher of an app's config: its data encryption key, or (a config built by hand) one derived from its token secret. */
export function configCipher(config: { dataEncryptionKey?: string; accessTokenSecret: string }): FieldCipher {
  return fieldCipher(config.dataEncryptionKey ?? createHash('sha256').update(`data-key:${config.accessTokenSecret}`).digest('base64url'));
}
