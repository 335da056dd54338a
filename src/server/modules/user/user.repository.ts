import { sql, type Kysely, type Transaction } from 'kysely';
import type { USER_SORTS, UserPageQuery, UserRow } from '@shared/api/user';
import type { PageResult } from '@shared/api/schema';
import type { DB } from '../../db/schema';
import { escapeLike, paginate } from '../../lib/paging';

type Db = Kysely<DB>;

/** The sort columns the user list offers (sidx → column), each served by an index. */
const SORTS: Record<(typeof USER_SORTS)[number], string> = {
  id: 'u.id', username: 'u.username', name: 'u.name', status: 'u.status', createdAt: 'u.created_at',
};

function baseQuery(db: Db) {
  return db
    .selectFrom('users as u')
    .leftJoin('departments as d', 'd.id', 'u.dept_id')
    .select((eb) => [
      'u.id', 'u.username', 'u.name', 'u.dept_id as deptId', 'd.dept_name as deptName', 'u.status',
      sql<string>`to_char(u.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`.as('createdAt'),
      eb.fn.coalesce(
        eb.selectFrom('user_roles as ur').innerJoin('roles as r', 'r.id', 'ur.role_id')
          .select(sql<string[]>`array_agg(r.role_name order by r.id)`.as('names'))
          .whereRef('ur.user_id', '=', 'u.id'),
        sql<string[]>`'{}'::text[]`,
      ).as('roleNames'),
    ]);
}

export function pageUsers(db: Db, q: UserPageQuery): Promise<PageResult<UserRow>> {
  let filtered = baseQuery(db);
  if (q.username) filtered = filtered.where('u.username', 'ilike', `%${escapeLike(q.username)}%`);
  if (q.name) filtered = filtered.where('u.name', 'ilike', `%${escapeLike(q.name)}%`);
  if (q.status !== undefined) filtered = filtered.where('u.status', '=', q.status);
  return paginate(filtered, q, { sorts: SORTS, defaultSort: 'id', tieBreaker: 'u.id' }) as Promise<PageResult<UserRow>>;
}

export async function findUserRow(db: Db, id: number) {
  const row = await baseQuery(db)
    .select((eb) => eb.fn.coalesce(
      eb.selectFrom('user_roles as ur').select(sql<number[]>`array_agg(ur.role_id order by ur.role_id)`.as('ids'))
        .whereRef('ur.user_id', '=', 'u.id'),
      sql<number[]>`'{}'::int[]`,
    ).as('roleIds'))
    .where('u.id', '=', id)
    .executeTakeFirst();
  return row as (UserRow & { roleIds: number[] }) | undefined;
}

export async function usernameTaken(db: Db, username: string): Promise<boolean> {
  return Boolean(await db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst());
}

export async function findRoleIds(db: Db, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('roles').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}

export async function departmentExists(db: Db, id: number): Promise<boolean> {
  return Boolean(await db.selectFrom('departments').select('id').where('id', '=', id).executeTakeFirst());
}

export async function insertUser(
  db: Transaction<DB>,
  user: { username: string; name: string; passwordHash: string; deptId: number | null; status: number; roleIds: number[] },
): Promise<number> {
  const { id } = await db
    .insertInto('users')
    .values({ username: user.username, name: user.name, password_hash: user.passwordHash, dept_id: user.deptId, status: user.status })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (user.roleIds.length) {
    await db.insertInto('user_roles').values(user.roleIds.map((roleId) => ({ user_id: id, role_id: roleId }))).execute();
  }
  return id;
}
