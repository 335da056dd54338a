import type { Kysely } from 'kysely';
import type { UserPageQuery, UserSaveBody } from '@shared/api/user';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../lib/errors';
import { hashPassword } from '../../lib/password';
import * as repo from './user.repository';

export async function pageUsers(db: Kysely<DB>, query: UserPageQuery) {
  if (query.sidx !== undefined && !(query.sidx in repo.USER_SORTS)) {
    throw new BusinessError(`参数错误：sidx 不支持按 ${query.sidx} 排序`);
  }
  return repo.pageUsers(db, query as UserPageQuery & { sidx?: keyof typeof repo.USER_SORTS });
}

export async function getUser(db: Kysely<DB>, id: number) {
  const user = await repo.findUserRow(db, id);
  if (!user) throw new BusinessError('用户不存在');
  return user;
}

export async function createUser(db: Kysely<DB>, body: UserSaveBody): Promise<number> {
  const roleIds = [...new Set(body.roleIds ?? [])];
  const passwordHash = await hashPassword(body.password);
  return db.transaction().execute(async (trx) => {
    if (await repo.usernameTaken(trx, body.username)) throw new BusinessError('用户名已存在');
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
  });
}
