import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

type Db = Kysely<DB>;

export interface SignInUser {
  id: number;
  name: string;
  passwordHash: string;
  status: number;
  mustChangePassword: number;
}

export async function findSignInUser(db: Db, username: string): Promise<SignInUser | undefined> {
  return db.selectFrom('users').select(['id', 'name', 'password_hash as passwordHash', 'status', 'must_change_password as mustChangePassword'])
    // A service account (API keys only) never signs in: its name answers like an unknown one. A portal account does.
    .where('username', '=', username).where('kind', 'in', ['person', 'portal']).executeTakeFirst();
}

/** The customer enterprise of a portal account (门户账号), undefined for any other user. */
export async function portalOf(db: Db, userId: number): Promise<{ enterpriseId: number; enterpriseName: string } | undefined> {
  return db.selectFrom('users as u').innerJoin('enterprises as e', 'e.id', 'u.enterprise_id')
    .select(['e.id as enterpriseId', 'e.enterprise_name as enterpriseName'])
    .where('u.id', '=', userId).where('u.kind', '=', 'portal').executeTakeFirst();
}

export async function findUserForPassword(db: Db, id: number) {
  return db.selectFrom('users').select(['id', 'username', 'password_hash as passwordHash']).where('id', '=', id).executeTakeFirst();
}

/**
 * Sets the password hash and whether it must be changed at the next sign-in (set by an administrator: yes;
 * by the user: no); answers the user name, or undefined when there is no such user.
 */
export async function updatePasswordHash(db: Db, id: number, passwordHash: string, mustChange: boolean): Promise<string | undefined> {
  const row = await db.updateTable('users').set({ password_hash: passwordHash, must_change_password: mustChange ? 1 : 0, updated_at: sql`now()` })
    .where('id', '=', id).returning('username').executeTakeFirst();
  return row?.username;
}

export async function insertRefreshToken(
  db: Db,
  row: { tokenHash: string; userId: number; familyId: string; ttlSeconds: number },
): Promise<void> {
  await db
    .insertInto('refresh_tokens')
    .values({
      token_hash: row.tokenHash,
      user_id: row.userId,
      family_id: row.familyId,
      expires_at: sql<Date>`now() + make_interval(secs => ${row.ttlSeconds})`,
    })
    .execute();
}

export async function findRefreshToken(db: Db, tokenHash: string) {
  return db
    .selectFrom('refresh_tokens as rt')
    .innerJoin('users as u', 'u.id', 'rt.user_id')
    .select([
      'rt.id', 'rt.user_id as userId', 'rt.family_id as familyId', 'rt.used_at as usedAt', 'rt.revoked_at as revokedAt',
      sql<boolean>`rt.expires_at <= now()`.as('expired'), 'u.name', 'u.status', 'u.must_change_password as mustChangePassword',
    ])
    .where('rt.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Marks the token used; false when another request used it first (then this one is a reuse). */
export async function markRefreshTokenUsed(db: Db, id: string): Promise<boolean> {
  const result = await db
    .updateTable('refresh_tokens')
    .set({ used_at: sql`now()` })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function revokeFamily(db: Db, familyId: string, userId?: number): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: sql`now()` })
    .where('family_id', '=', familyId)
    .$if(userId !== undefined, (qb) => qb.where('user_id', '=', userId!))
    .where('revoked_at', 'is', null)
    .execute();
}

/** Revokes every sign-in of the user, except `keepFamilyId` when given. */
export async function revokeUserTokens(db: Db, userId: number, keepFamilyId?: string): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .$if(keepFamilyId !== undefined, (qb) => qb.where('family_id', '<>', keepFamilyId!))
    .execute();
}

export async function familyOfRefreshToken(db: Db, tokenHash: string) {
  return db.selectFrom('refresh_tokens').select(['family_id as familyId', 'user_id as userId'])
    .where('token_hash', '=', tokenHash).executeTakeFirst();
}
