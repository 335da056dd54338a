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
  /** The customer enterprise of a portal account (门户账号), null for the plant's own users. */
  portalEnterpriseId: number | null;
}

/** The access value of the portal's routes (PERMISSIONS.PORTAL): held by a portal account, by nobody else. */
const PORTAL = 'portal';

/**
 * One indexed query per request: the user, whether the sign-in is still alive (not logged out or revoked)
 * and, when `permission` is given, whether one of the user's roles holds that button key. A portal account holds
 * no button key whatever roles it was given, and only it holds 'portal'.
 */
export async function loadAccess(
  db: Kysely<DB>,
  userId: number,
  sessionId: string,
  permission: string | null,
): Promise<Access | undefined> {
  const [row] = (permission === null ? await signedIn(db, { userId, sessionId })
    : permission === PORTAL ? await portal(db, { userId, sessionId })
      : await holding(db, { userId, sessionId, permission })).rows;
  return row && {
    name: row.name, status: row.status, mustChangePassword: row.must_change_password === 1, sessionAlive: Boolean(row.sessionAlive), allowed: Boolean(row.allowed),
    portalEnterpriseId: row.kind === 'portal' ? row.enterprise_id : null,
  };
}

/** The access check's statement (built once per shape: it runs on every request). */
function accessQuery(db: Kysely<DB>, a: { userId: number; sessionId: string; permission?: string }, portalRoute = false) {
  return db
    .selectFrom('users as u')
    .select((eb) => [
      'u.name',
      'u.status',
      'u.must_change_password',
      'u.kind',
      'u.enterprise_id',
      eb
        .exists(
          eb.selectFrom('refresh_tokens as rt')
            .select(sql.lit(1).as('one'))
            .where('rt.family_id', '=', a.sessionId)
            .whereRef('rt.user_id', '=', 'u.id')
            .where('rt.revoked_at', 'is', null),
        )
        .as('sessionAlive'),
      portalRoute
        ? sql<boolean>`u.kind = ${PORTAL} and u.enterprise_id is not null`.as('allowed')
        : a.permission === undefined
        ? sql<boolean>`true`.as('allowed')
        : eb.and([eb('u.kind', '<>', PORTAL), eb
            .exists(
              eb.selectFrom('user_roles as ur')
                .innerJoin('role_buttons as rb', 'rb.role_id', 'ur.role_id')
                .select(sql.lit(1).as('one'))
                .whereRef('ur.user_id', '=', 'u.id')
                .where('rb.button_key', '=', a.permission),
            )])
            .as('allowed'),
    ])
    .where('u.id', '=', a.userId);
}
const signedIn = precompiled((db, a: { userId: number; sessionId: string }) => accessQuery(db, a), ['userId', 'sessionId']);
const portal = precompiled((db, a: { userId: number; sessionId: string }) => accessQuery(db, a, true), ['userId', 'sessionId']);
const holding = precompiled((db, a: { userId: number; sessionId: string; permission: string }) => accessQuery(db, a), ['userId', 'sessionId', 'permission']);

/** Whether one of the user's roles holds the key (never for a portal account). */
export async function userHolds(db: Kysely<DB>, userId: number, key: string): Promise<boolean> {
  const row = await db.selectFrom('user_roles as ur').innerJoin('role_buttons as rb', 'rb.role_id', 'ur.role_id').innerJoin('users as u', 'u.id', 'ur.user_id')
    .select(sql.lit(1).as('one')).where('ur.user_id', '=', userId).where('rb.button_key', '=', key).where('u.kind', '<>', PORTAL).executeTakeFirst();
  return row !== undefined;
}
