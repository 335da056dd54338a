import { sql, type Kysely, type Transaction } from 'kysely';
import type { SignInLock, USER_SORTS, UserDetail, UserOption, UserPageQuery, UserRow } from '@shared/api/user';
import type { PageResult } from '@shared/api/schema';
import type { DB } from '../../db/schema';
import { ADMIN_ROLE } from '../../db/seed';
import { escapeLike, paginate } from '../../lib/paging';

type Db = Kysely<DB>;

/** The sort columns the user list offers (sidx → column), each served by an index. */
const SORTS: Record<(typeof USER_SORTS)[number], string> = {
  id: 'u.id', username: 'u.username', name: 'u.name', status: 'u.status', createdAt: 'u.created_at',
};

/**
 * Sign-in failures are keyed by the name as typed, trimmed and lower-cased (failureKey in auth/sign-in-failures.repository); a user
 * name holds no spaces, so lower(username) is the key of every lock on the account.
 */
const lockKey = sql<string>`lower(u.username)`;

function baseQuery(db: Db) {
  return db
    .selectFrom('users as u')
    .leftJoin('departments as d', 'd.id', 'u.dept_id')
    // Service accounts (users.kind 'service', one per API key) are 接口密钥's, not people: never listed or edited here.
    .where('u.kind', '=', 'person')
    .select((eb) => [
      'u.id', 'u.username', 'u.name', 'u.phone', 'u.dept_id as deptId', 'd.dept_name as deptName', 'u.status',
      'u.filler_cert_no as fillerCertNo', sql<string | null>`to_char(u.filler_cert_expiry, 'YYYY-MM-DD')`.as('fillerCertExpiry'),
      'u.filler_cert_categories as fillerCertCategories', 'u.id_no_enc as idNoEnc',
      sql<string>`to_char(u.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`.as('createdAt'),
      eb.fn.coalesce(
        eb.selectFrom('user_roles as ur').innerJoin('roles as r', 'r.id', 'ur.role_id')
          .select(sql<string[]>`array_agg(r.role_name order by r.id)`.as('names'))
          .whereRef('ur.user_id', '=', 'u.id'),
        sql<string[]>`'{}'::text[]`,
      ).as('roleNames'),
      // Index sign_in_failures_locked_idx (username) where locked_until is not null.
      eb.exists(
        eb.selectFrom('sign_in_failures as f').select(sql.lit(1).as('one'))
          .where('f.username', '=', lockKey).where('f.locked_until', 'is not', null).where('f.locked_until', '>', sql<Date>`now()`),
      ).as('locked'),
      sql<boolean>`u.must_change_password = 1`.as('mustChangePassword'),
    ]);
}

/** The department and every department below it (the filter 部门 shows the users of a whole branch). */
const branchOf = (deptId: number) => sql<number>`(
  with recursive branch(id) as (
    select ${deptId}::int
    union all
    select d.id from departments d join branch b on d.parent_id = b.id
  ) select id from branch)`;

/** A user as the list reads it: the row with the ID number still encrypted (the service masks it). */
export type StoredUser = Omit<UserRow, 'idNoMasked'> & { idNoEnc: string | null };

export function pageUsers(db: Db, q: UserPageQuery): Promise<PageResult<StoredUser>> {
  let filtered = baseQuery(db);
  if (q.username) filtered = filtered.where('u.username', 'ilike', `%${escapeLike(q.username)}%`);
  if (q.name) filtered = filtered.where('u.name', 'ilike', `%${escapeLike(q.name)}%`);
  if (q.status !== undefined) filtered = filtered.where('u.status', '=', q.status);
  if (q.deptId !== undefined) filtered = filtered.where('u.dept_id', 'in', branchOf(q.deptId));
  return paginate(filtered, q, { sorts: SORTS, defaultSort: 'id', tieBreaker: 'u.id' }) as Promise<PageResult<StoredUser>>;
}

/** The user with role ids and the addresses the user is locked out at right now. */
export async function findUserDetail(db: Db, id: number): Promise<(Omit<UserDetail, 'idNoMasked'> & { idNoEnc: string | null }) | undefined> {
  const row = await baseQuery(db)
    .select((eb) => [
      eb.fn.coalesce(
        eb.selectFrom('user_roles as ur').select(sql<number[]>`array_agg(ur.role_id order by ur.role_id)`.as('ids'))
          .whereRef('ur.user_id', '=', 'u.id'),
        sql<number[]>`'{}'::int[]`,
      ).as('roleIds'),
      eb.fn.coalesce(
        eb.selectFrom('sign_in_failures as f')
          .select(sql<SignInLock[]>`json_agg(json_build_object(
            'ip', f.ip,
            'lockedUntil', to_char(f.locked_until at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
            'failures', f.failures) order by f.locked_until desc, f.ip)`.as('locks'))
          .where('f.username', '=', lockKey).where('f.locked_until', 'is not', null).where('f.locked_until', '>', sql<Date>`now()`),
        sql<SignInLock[]>`'[]'::json`,
      ).as('locks'),
    ])
    .where('u.id', '=', id)
    .executeTakeFirst();
  return row as (Omit<UserDetail, 'idNoMasked'> & { idNoEnc: string | null }) | undefined;
}

/** The user's current state, locked for the rest of the transaction (two edits of one user queue). */
export function lockUser(trx: Transaction<DB>, id: number) {
  return trx.selectFrom('users').select(['id', 'username', 'name', 'status']).where('id', '=', id).forUpdate().executeTakeFirst();
}

/** The account holding a user name in any letter case: sign-in locks do not tell `Li` from `li`. */
export function usernameOwner(db: Db, username: string): Promise<{ username: string } | undefined> {
  return db.selectFrom('users').select('username').where(sql`lower(username)`, '=', username.toLowerCase()).executeTakeFirst();
}

export async function findRoleIds(db: Db, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('roles').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}

export async function departmentExists(db: Db, id: number): Promise<boolean> {
  return Boolean(await db.selectFrom('departments').select('id').where('id', '=', id).executeTakeFirst());
}

export interface UserValues {
  name: string;
  phone: string | null;
  deptId: number | null;
  status: number;
  /** 气瓶充装作业人员证; absent fields are left as they are (an edit that does not send them). */
  cert?: { no?: string | null; expiry?: string | null; categories?: string[] };
  /** 身份证号, encrypted; undefined: left as it is. */
  idNoEnc?: string | null;
}

/** The certificate's columns that `cert` sets. */
const certColumns = (cert: UserValues['cert']) => ({
  ...(cert?.no !== undefined ? { filler_cert_no: cert.no } : {}),
  ...(cert?.expiry !== undefined ? { filler_cert_expiry: cert.expiry } : {}),
  ...(cert?.categories !== undefined ? { filler_cert_categories: cert.categories } : {}),
});
const idNoColumn = (idNoEnc: string | null | undefined) => (idNoEnc !== undefined ? { id_no_enc: idNoEnc } : {});

export async function insertUser(
  trx: Transaction<DB>,
  user: UserValues & { username: string; passwordHash: string; mustChangePassword: boolean },
): Promise<number> {
  const { id } = await trx
    .insertInto('users')
    .values({
      username: user.username, name: user.name, password_hash: user.passwordHash, phone: user.phone, dept_id: user.deptId,
      status: user.status, must_change_password: user.mustChangePassword ? 1 : 0, ...certColumns(user.cert),
      ...idNoColumn(user.idNoEnc),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateUser(trx: Transaction<DB>, id: number, user: UserValues): Promise<void> {
  await trx.updateTable('users')
    .set({
      name: user.name, phone: user.phone, dept_id: user.deptId, status: user.status, ...certColumns(user.cert), ...idNoColumn(user.idNoEnc),
      updated_at: sql`now()`,
    })
    .where('id', '=', id).execute();
}

export async function updateStatus(trx: Transaction<DB>, id: number, status: number): Promise<void> {
  await trx.updateTable('users').set({ status, updated_at: sql`now()` }).where('id', '=', id).execute();
}

export async function replaceRoles(trx: Transaction<DB>, userId: number, roleIds: number[]): Promise<void> {
  await trx.deleteFrom('user_roles').where('user_id', '=', userId).execute();
  if (roleIds.length) {
    await trx.insertInto('user_roles').values(roleIds.map((roleId) => ({ user_id: userId, role_id: roleId }))).execute();
  }
}

/**
 * Locks the built-in admin role's row, so changes that could take away the last enabled administrator run
 * one after another: two administrators disabling each other at once cannot both pass the count.
 * NO KEY UPDATE leaves other users' role grants (which only take KEY SHARE) unblocked.
 */
export async function lockAdminRole(trx: Transaction<DB>): Promise<void> {
  await trx.selectFrom('roles').select('id').where('role_code', '=', ADMIN_ROLE.roleCode).forNoKeyUpdate().execute();
}

/** The built-in admin role's id (seeded at every start). */
export async function adminRoleId(trx: Transaction<DB>): Promise<number | undefined> {
  return (await trx.selectFrom('roles').select('id').where('role_code', '=', ADMIN_ROLE.roleCode).executeTakeFirst())?.id;
}

export async function holdsRole(trx: Transaction<DB>, userId: number, roleId: number): Promise<boolean> {
  return Boolean(await trx.selectFrom('user_roles').select('user_id').where('user_id', '=', userId).where('role_id', '=', roleId).executeTakeFirst());
}

/** Enabled users holding the built-in admin role (as the transaction sees them). */
export async function enabledAdmins(trx: Transaction<DB>): Promise<number> {
  const row = await trx.selectFrom('users as u')
    .innerJoin('user_roles as ur', 'ur.user_id', 'u.id')
    .innerJoin('roles as r', 'r.id', 'ur.role_id')
    .select((eb) => eb.fn.count<string>('u.id').distinct().as('n'))
    // People only: a service account holding the role signs no one in to manage the system.
    .where('r.role_code', '=', ADMIN_ROLE.roleCode).where('u.status', '=', 1).where('u.kind', '=', 'person')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Enabled users for selectors, by name. */
export function userOptions(db: Db): Promise<UserOption[]> {
  return db.selectFrom('users').select(['id', 'name']).where('status', '=', 1).where('kind', '=', 'person').orderBy('name').orderBy('id').execute();
}

/** A filling operator as the regulator's records name one: name, encrypted ID number and 充装作业证. */
export function fillerRow(db: Db, id: number) {
  return db.selectFrom('users').select([
    'id', 'name', 'id_no_enc as idNoEnc', 'filler_cert_no as certNo',
    sql<string | null>`to_char(filler_cert_expiry, 'YYYY-MM-DD')`.as('certExpiry'), 'filler_cert_categories as certCategories',
  ]).where('id', '=', id).executeTakeFirst();
}
