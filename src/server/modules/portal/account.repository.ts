import { sql, type Kysely, type Transaction } from 'kysely';
import type { AccountPageQuery, PortalAccountRow } from '@shared/api/portal';
import type { PageResult } from '@shared/api/schema';
import type { DB } from '../../db/schema';
import { paginate } from '../../lib/paging';
import { ts } from '../../lib/sql';

type Db = Kysely<DB> | Transaction<DB>;

/** The password hash of an account whose invitation is not accepted yet: no password verifies against it. */
export const NO_PASSWORD = '!invited';

export async function accountPage(db: Kysely<DB>, q: AccountPageQuery): Promise<PageResult<PortalAccountRow>> {
  let query = db.selectFrom('users as u').innerJoin('enterprises as e', 'e.id', 'u.enterprise_id')
    .where('u.kind', '=', 'portal')
    .select([
      'u.id', 'u.username', 'u.name', 'u.phone', 'e.id as enterpriseId', 'e.enterprise_name as enterpriseName', 'u.status',
      sql<boolean>`u.password_hash <> ${NO_PASSWORD}`.as('activated'),
      sql<string | null>`(select to_char(max(i.expires_at), 'YYYY-MM-DD HH24:MI:SS') from portal_invitations i
        where i.user_id = u.id and i.used_at is null and i.expires_at > now())`.as('invitationExpiresAt'),
      ts('u.created_at').as('createdAt'),
    ]);
  if (q.enterpriseId) query = query.where('u.enterprise_id', '=', q.enterpriseId);
  if (q.name) query = query.where('u.name', 'ilike', `%${q.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  return paginate(query, q, { sorts: { id: 'u.id', name: 'u.name' }, defaultSort: 'id', tieBreaker: 'u.id' });
}

export const customer = (db: Db, id: number) =>
  db.selectFrom('enterprises').select(['id', 'enterprise_name as name', 'type']).where('id', '=', id).executeTakeFirst();

export const usernameTaken = async (db: Db, username: string) =>
  (await db.selectFrom('users').select('id').where(sql`lower(username)`, '=', username.toLowerCase()).executeTakeFirst()) !== undefined;

export async function insertAccount(db: Db, a: { username: string; name: string; phone: string | null; enterpriseId: number }): Promise<number> {
  const row = await db.insertInto('users').values({
    username: a.username, name: a.name, phone: a.phone, password_hash: NO_PASSWORD, kind: 'portal', enterprise_id: a.enterpriseId,
    must_change_password: 0, created_at: sql`now()`, updated_at: sql`now()`,
  }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export const account = (db: Db, id: number) =>
  db.selectFrom('users').select(['id', 'username', 'name', 'status', 'enterprise_id as enterpriseId']).where('id', '=', id).where('kind', '=', 'portal')
    .executeTakeFirst();

/** Ends the account's unused invitations and adds one; answers its expiry. */
export async function replaceInvitation(db: Db, a: { userId: number; tokenHash: string; days: number; createdBy: number }): Promise<string> {
  await db.updateTable('portal_invitations').set({ expires_at: sql`least(expires_at, now())` })
    .where('user_id', '=', a.userId).where('used_at', 'is', null).execute();
  const row = await db.insertInto('portal_invitations').values({
    user_id: a.userId, token_hash: a.tokenHash, expires_at: sql`now() + make_interval(days => ${a.days})`, created_by: a.createdBy,
  }).returning(sql<string>`to_char(expires_at, 'YYYY-MM-DD HH24:MI:SS')`.as('expiresAt')).executeTakeFirstOrThrow();
  return row.expiresAt;
}

/** A valid (unused, unexpired) invitation with its account; `lock` holds it for the accepting transaction. */
export async function validInvitation(db: Db, tokenHash: string, lock = false) {
  let q = db.selectFrom('portal_invitations as i').innerJoin('users as u', 'u.id', 'i.user_id').innerJoin('enterprises as e', 'e.id', 'u.enterprise_id')
    .select(['i.id', 'u.id as userId', 'u.name', 'u.username', 'u.status', 'e.enterprise_name as enterpriseName', ts('i.expires_at').as('expiresAt')])
    .where('i.token_hash', '=', tokenHash).where('i.used_at', 'is', null).where('i.expires_at', '>', sql<Date>`now()`).where('u.kind', '=', 'portal');
  if (lock) q = q.forUpdate();
  return q.executeTakeFirst();
}

export async function acceptInvitation(db: Db, id: number, userId: number, passwordHash: string): Promise<void> {
  await db.updateTable('portal_invitations').set({ used_at: sql`now()` }).where('id', '=', id).execute();
  await db.updateTable('users').set({ password_hash: passwordHash, must_change_password: 0, updated_at: sql`now()` }).where('id', '=', userId).execute();
}

export async function setStatus(db: Db, id: number, status: 0 | 1): Promise<boolean> {
  const r = await db.updateTable('users').set({ status, updated_at: sql`now()` }).where('id', '=', id).where('kind', '=', 'portal').executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export const me = (db: Kysely<DB>, userId: number) =>
  db.selectFrom('users as u').innerJoin('enterprises as e', 'e.id', 'u.enterprise_id')
    .select(['u.id', 'u.name', 'u.username', 'e.id as enterpriseId', 'e.enterprise_name as enterpriseName'])
    .where('u.id', '=', userId).where('u.kind', '=', 'portal').executeTakeFirst();
