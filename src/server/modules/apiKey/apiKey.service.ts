import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { API_KEY_PREFIX, type ApiKeyCreateBody, type ApiKeyCreated } from '@shared/api/apiKey';
import type { DB } from '../../db/schema';
import type { KeyAccess } from '../../lib/access';
import { today } from '../../lib/dates';
import { BusinessError } from '../../lib/errors';
import { inTransaction } from '../../db/transaction';
import * as repo from './apiKey.repository';

/** `ctk_<12 hex>_<43 base64url>`: the prefix names the row, the secret (32 random bytes) is kept only as its SHA-256. */
const KEY_PATTERN = /^ctk_([0-9a-f]{12})_([A-Za-z0-9_-]{43})$/;

const hashSecret = (secret: string) => createHash('sha256').update(secret).digest();
/** Compared against when the prefix is unknown, so an unknown key costs the same as a wrong one. */
const DUMMY_HASH = hashSecret('not a key');

export const KEY_REFUSED = {
  INVALID: '接口密钥无效',
  REVOKED: '接口密钥已吊销',
  EXPIRED: '接口密钥已过期',
  DISABLED: '接口密钥所属的服务账户已停用',
} as const;

/** Whether a credential is meant as an API key (rather than a person's access token). */
export const looksLikeKey = (credential: string) => credential.startsWith(API_KEY_PREFIX);

/** A new key: what the caller is shown once, and what is stored. */
function newKey(): { key: string; prefix: string; secretHash: string } {
  const prefix = randomBytes(6).toString('hex');
  const secret = randomBytes(32).toString('base64url');
  return { key: `${API_KEY_PREFIX}${prefix}_${secret}`, prefix, secretHash: hashSecret(secret).toString('hex') };
}

/** The start of the day after `date` in the server's time zone (the plant's calendar): a key valid "until" a day works all of it. */
function endOfDay(date: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d + 1);
}

/**
 * The key's access on one request: one statement, the secret compared in constant time; the last use written at most
 * once a minute per key.
 */
export async function authenticateKey(db: Kysely<DB>, key: string, permission: string | null): Promise<KeyAccess> {
  const m = KEY_PATTERN.exec(key);
  if (!m) return { refused: KEY_REFUSED.INVALID, account: null };
  const [, prefix, secret] = m as unknown as [string, string, string];
  const row = await repo.findKeyAccess(db, prefix, permission);
  const presented = hashSecret(secret);
  const matches = timingSafeEqual(presented, row ? Buffer.from(row.secretHash, 'hex') : DUMMY_HASH);
  if (!row || !matches || row.kind !== 'service') return { refused: KEY_REFUSED.INVALID, account: null };
  const account = { userId: row.userId, name: row.name, keyId: row.id };
  if (row.revoked) return { refused: KEY_REFUSED.REVOKED, account };
  if (row.expired) return { refused: KEY_REFUSED.EXPIRED, account };
  if (row.status !== 1) return { refused: KEY_REFUSED.DISABLED, account };
  if (!row.recentlyUsed) await repo.touchKey(db, row.id);
  return { refused: null, account, allowed: Boolean(row.allowed) };
}

/** A new service account with the role and its first key, in one transaction; the key is answered once. */
export async function createKey(db: Kysely<DB>, body: ApiKeyCreateBody, createdBy: number | null): Promise<ApiKeyCreated> {
  const expiresOn = body.expiresOn || null;
  if (expiresOn && expiresOn < today()) throw new BusinessError('有效期至不能早于今天');
  const name = body.name.trim();
  if (!name) throw new BusinessError('请填写账户名称');
  const made = newKey();
  return inTransaction(db, async (trx) => {
    if (!(await repo.roleExists(trx, body.roleId))) throw new BusinessError('角色不存在');
    // The account's user name is the key's prefix: unique, and no person's (persons' names hold no colon).
    const userId = await repo.insertServiceAccount(trx, {
      username: `svc:${made.prefix}`, name, roleId: body.roleId, passwordHash: '!service-account',
    });
    const id = await repo.insertKey(trx, {
      userId, prefix: made.prefix, secretHash: made.secretHash, createdBy, expiresAt: expiresOn ? endOfDay(expiresOn) : null,
    });
    return { id, prefix: made.prefix, key: made.key };
  });
}

export async function revokeKey(db: Kysely<DB>, id: number): Promise<void> {
  if (await inTransaction(db, (trx) => repo.revokeKey(trx, id))) return;
  throw new BusinessError((await repo.keyExists(db, id)) ? '接口密钥已吊销' : '接口密钥不存在');
}
