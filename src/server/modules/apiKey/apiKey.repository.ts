import { sql, type Kysely } from 'kysely';
import type { API_KEY_SORTS, ApiKeyPageQuery, ApiKeyRow } from '@shared/api/apiKey';
import type { PageResult } from '@shared/api/schema';
import type { RoleOption } from '@shared/api/user';
import type { DB } from '../../db/schema';
import { paginate } from '../../lib/paging';

type Db = Kysely<DB>;

const SORTS: Record<(typeof API_KEY_SORTS)[number], string> = { createdAt: 'k.created_at', lastUsedAt: 'k.last_used_at' };

const iso = (column: string) => sql<string | null>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/** The keys, newest first; never the secret's hash. */
export function pageKeys(db: Db, q: ApiKeyPageQuery): Promise<PageResult<ApiKeyRow>> {
  const query = db
    .selectFrom('api_keys as k')
    .innerJoin('users as u', 'u.id', 'k.user_id')
    .select((eb) => [
      'k.id', 'k.prefix', 'u.name as accountName',
      eb.fn.coalesce(
        eb.selectFrom('user_roles as ur').innerJoin('roles as r', 'r.id', 'ur.role_id')
          .select(sql<string[]>`array_agg(r.role_name order by r.id)`.as('names'))
          .whereRef('ur.user_id', '=', 'u.id'),
        sql<string[]>`'{}'::text[]`,
      ).as('roleNames'),
      sql<string>`${iso('k.created_at')}`.as('createdAt'),
      iso('k.expires_at').as('expiresAt'),
      iso('k.last_used_at').as('lastUsedAt'),
      iso('k.revoked_at').as('revokedAt'),
      sql<boolean>`k.revoked_at is null and (k.expires_at is null or k.expires_at > now()) and u.status = 1`.as('active'),
    ]);
  return paginate(query, q, { sorts: SORTS, defaultSort: 'createdAt', tieBreaker: 'k.id' });
}

export function roleOptions(db: Db): Promise<RoleOption[]> {
  return db.selectFrom('roles').select(['id', 'role_name as roleName', 'role_code as roleCode']).orderBy('id').execute();
}

export async function roleExists(db: Db, roleId: number): Promise<boolean> {
  return (await db.selectFrom('roles').select('id').where('id', '=', roleId).executeTakeFirst()) !== undefined;
}

/** A new service account (it has no usable password: service accounts never sign in) with its one role. */
export async function insertServiceAccount(db: Db, a: { username: string; name: string; roleId: number; passwordHash: string }): Promise<number> {
  const { id } = await db.insertInto('users')
    .values({ username: a.username, name: a.name, password_hash: a.passwordHash, kind: 'service', created_at: sql`now()`, updated_at: sql`now()` })
    .returning('id').executeTakeFirstOrThrow();
  await db.insertInto('user_roles').values({ user_id: id, role_id: a.roleId }).execute();
  return id;
}

export async function insertKey(db: Db, k: { userId: number; prefix: string; secretHash: string; createdBy: number | null; expiresAt: Date | null }) {
  const { id } = await db.insertInto('api_keys')
    .values({ user_id: k.userId, prefix: k.prefix, secret_hash: k.secretHash, created_by: k.createdBy, expires_at: k.expiresAt })
    .returning('id').executeTakeFirstOrThrow();
  return id;
}

/**
 * Revokes a key not revoked yet, and disables its service account (one account per key: nothing else may act as it);
 * false when there is no such key or it was revoked already.
 */
export async function revokeKey(db: Db, id: number): Promise<boolean> {
  const row = await db.updateTable('api_keys').set({ revoked_at: sql`now()` }).where('id', '=', id).where('revoked_at', 'is', null)
    .returning('user_id').executeTakeFirst();
  if (!row) return false;
  await db.updateTable('users').set({ status: 0, updated_at: sql`now()` }).where('id', '=', row.user_id).where('kind', '=', 'service').execute();
  return true;
}

export async function keyExists(db: Db, id: number): Promise<boolean> {
  return (await db.selectFrom('api_keys').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/**
 * The per-request statement: the key by its prefix, its state, its account, and whether the account's role holds
 * `permission` (null: being a known caller is enough).
 */
export async function findKeyAccess(db: Db, prefix: string, permission: string | null) {
  return db
    .selectFrom('api_keys as k')
    .innerJoin('users as u', 'u.id', 'k.user_id')
    .select((eb) => [
      'k.id', 'k.secret_hash as secretHash', 'k.user_id as userId', 'u.name', 'u.status', 'u.kind',
      sql<boolean>`k.revoked_at is not null`.as('revoked'),
      sql<boolean>`k.expires_at is not null and k.expires_at <= now()`.as('expired'),
      sql<boolean>`k.last_used_at is not null and k.last_used_at > now() - interval '1 minute'`.as('recentlyUsed'),
      permission === null
        ? sql<boolean>`true`.as('allowed')
        : eb.exists(
          eb.selectFrom('user_roles as ur').innerJoin('role_buttons as rb', 'rb.role_id', 'ur.role_id')
            .select(sql.lit(1).as('one')).whereRef('ur.user_id', '=', 'u.id').where('rb.button_key', '=', permission),
        ).as('allowed'),
    ])
    .where('k.prefix', '=', prefix)
    .executeTakeFirst();
}

/** Last use, written at most once a minute per key (concurrent calls: the first one writes). */
export async function touchKey(db: Db, id: number): Promise<void> {
  await db.updateTable('api_keys').set({ last_used_at: sql`now()` }).where('id', '=', id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<=', sql<Date>`now() - interval '1 minute'`)]))
    .execute();
}
