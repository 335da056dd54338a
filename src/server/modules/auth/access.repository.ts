import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { precompiled } from '../../db/precompiled';

export interface Access {
  name: string;
  status: number;
  /** The password was set by an administrator and has not been changed yet. */
  mustChangePassword: boolean;
  sessionAlive: boolean;
  allowed: boolean;
}

/**
 * One indexed query per request: the user, whether the sign-in is still alive (not logged out or revoked)
 * and, when `permission` is given, whether one of the user's roles holds that button key.
 */
export async function loadAccess(
  db: Kysely<DB>,
  userId: number,
  sessionId: string,
  permission: string | null,
): Promise<Access | undefined> {
  const [row] = (permission === null ? await signedIn(db, { userId, sessionId }) : await holding(db, { userId, sessionId, permission })).rows;
  return row && { name: row.name, status: row.status, mustChangePassword: row.must_change_password === 1, sessionAlive: Boolean(row.sessionAlive), allowed: Boolean(row.allowed) };
}

/** The access check's statement (built once per shape: it runs on every request). */
function accessQuery(db: Kysely<DB>, a: { userId: number; sessionId: string; permission?: string }) {
  return db
    .selectFrom('users as u')
    .select((eb) => [
      'u.name',
      'u.status',
      'u.must_change_password',
      eb
        .exists(
          eb.selectFrom('refresh_tokens as rt')
            .select(sql.lit(1).as('one'))
            .where('rt.family_id', '=', a.sessionId)
            .whereRef('rt.user_id', '=', 'u.id')
            .where('rt.revoked_at', 'is', null),
        )
        .as('sessionAlive'),
      a.permission === undefined
        ? sql<boolean>`true`.as('allowed')
        : eb
            .exists(
              eb.selectFrom('user_roles as ur')
                .innerJoin('role_buttons as rb', 'rb.role_id', 'ur.role_id')
                .select(sql.lit(1).as('one'))
                .whereRef('ur.user_id', '=', 'u.id')
                .where('rb.button_key', '=', a.permission),
            )
            .as('allowed'),
    ])
    .where('u.id', '=', a.userId);
}
const signedIn = precompiled((db, a: { userId: number; sessionId: string }) => accessQuery(db, a), ['userId', 'sessionId']);
const holding = precompiled((db, a: { userId: number; sessionId: string; permission: string }) => accessQuery(db, a), ['userId', 'sessionId', 'permission']);

/** Whether one of the user's roles holds the key. */
export async function userHolds(db: Kysely<DB>, userId: number, key: string): Promise<boolean> {
  const row = await db.selectFrom('user_roles as ur').innerJoin('role_buttons as rb', 'rb.role_id', 'ur.role_id')
    .select(sql.lit(1).as('one')).where('ur.user_id', '=', userId).where('rb.button_key', '=', key).executeTakeFirst();
  return row !== undefined;
}
