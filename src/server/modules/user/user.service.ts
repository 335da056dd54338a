import type { Kysely } from 'kysely';
import type { UserPageQuery, UserSaveBody } from '@shared/api/user';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../lib/errors';
import { hashPassword } from '../../lib/password';
import { mapUniqueViolation } from '../../lib/db-errors';
import * as repo from './user.repository';
import { inTransaction } from '../../db/transaction';

export const pageUsers = (db: Kysely<DB>, query: UserPageQuery) => repo.pageUsers(db, query);

export async function getUser(db: Kysely<DB>, id: number) {
  const user = await repo.findUserRow(db, id);
  if (!user) throw new BusinessError('用户不存在');
  return user;
}

export async function createUser(db: Kysely<DB>, body: UserSaveBody): Promise<number> {
  const roleIds = [...new Set(body.roleIds ?? [])];
  const passwordHash = await hashPassword(body.password);
  return mapUniqueViolation(() => inTransaction(db, async (trx) => {
    if (await repo.usernameTaken(trx, body.username)) throw new BusinessError(`用户名已存在：${body.username}`);
    const known = await repo.findRoleIds(trx, roleIds);
    const unknown = roleIds.filter((id) => !known.has(id));
    if (unknown.length) throw new BusinessError(`角色不存在：${unknown.join(', ')}`);
    if (body.deptId != null && !(await repo.departmentExists(trx, body.deptId))) {
      throw new BusinessError(`部门不存在：${body.deptId}`);
    }
    return repo.insertUser(trx, {
      username: body.username, name: body.name.trim(), passwordHash, deptId: body.deptId ?? null,
      status: body.status ?? 1, roleIds,
    });
  }), { users_username_key: (name) => `用户名已存在：${name}` });
}
