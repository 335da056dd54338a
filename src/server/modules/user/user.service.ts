import type { Kysely, Transaction } from 'kysely';
import type { PageResult } from '@shared/api/schema';
import type { UserDetail, UserEditBody, UserPageQuery, UserRolesBody, UserRow, UserSaveBody, UserStatusBody } from '@shared/api/user';
import type { AppConfig } from '../../config';
import type { DB } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { mapUniqueViolation } from '../../lib/db-errors';
import { BusinessError } from '../../lib/errors';
import { configCipher, type FieldCipher } from '../../lib/field-cipher';
import { idNumberToStore, maskedIdNumber, openIdNumber } from '../../lib/id-number';
import { blankToNull } from '../../lib/paging';
import { hashPassword } from '../../lib/password';
import { assertPasswordAllowed } from '../systemRule';
import { clearFailures, failureKey, revokeUserTokens } from '../auth';
import * as repo from './user.repository';

type Db = Kysely<DB>;

const NOT_FOUND = '用户不存在';
const LAST_ADMIN = '至少保留一个启用的超级管理员';
const duplicate = (name: string) => `用户名已存在：${name}`;

/** A stored user as answered: the ID number masked, never in plain text. */
const masked = <U extends { idNoEnc: string | null }>(cipher: FieldCipher, { idNoEnc, ...user }: U) => ({ ...user, idNoMasked: maskedIdNumber(cipher, idNoEnc) });

export async function pageUsers(db: Db, cipher: FieldCipher, query: UserPageQuery): Promise<PageResult<UserRow>> {
  const page = await repo.pageUsers(db, query);
  return { total: page.total, list: page.list.map((u) => masked(cipher, u)) };
}
export const userOptions = (db: Db) => repo.userOptions(db);

export async function getUser(db: Db, cipher: FieldCipher, id: number): Promise<UserDetail> {
  const user = await repo.findUserDetail(db, id);
  if (!user) throw new BusinessError(NOT_FOUND);
  return masked(cipher, user);
}

/** A filling operator as the regulator's platform names one (issue 36). */
export interface Filler {
  id: number;
  name: string;
  /** 身份证号 in plain text; null when none (or it cannot be read with this server's key). */
  idNo: string | null;
  /** 充装作业证 */
  certNo: string | null;
  /** yyyy-MM-dd */
  certExpiry: string | null;
  certCategories: string[];
}

export async function fillerOf(db: Db, cipher: FieldCipher, userId: number): Promise<Filler | null> {
  const row = await repo.fillerRow(db, userId);
  if (!row) return null;
  const { idNoEnc, ...rest } = row;
  return { ...rest, idNo: openIdNumber(cipher, idNoEnc) };
}

/** Unknown roles and departments are refused by the id sent, before anything is written. */
async function assertReferences(trx: Transaction<DB>, roleIds: number[], deptId: number | null): Promise<void> {
  const known = await repo.findRoleIds(trx, roleIds);
  const unknown = roleIds.filter((id) => !known.has(id));
  if (unknown.length) throw new BusinessError(`角色不存在：${unknown.join(', ')}`);
  if (deptId !== null && !(await repo.departmentExists(trx, deptId))) throw new BusinessError(`部门不存在：${deptId}`);
}

/**
 * Runs `change` with the admin role locked and refuses it (rolled back) when afterwards no enabled user
 * holds the built-in admin role: nobody could administer the plant any more.
 */
async function keepingAnAdmin<T>(trx: Transaction<DB>, change: () => Promise<T>): Promise<T> {
  await repo.lockAdminRole(trx);
  const result = await change();
  if ((await repo.enabledAdmins(trx)) === 0) throw new BusinessError(LAST_ADMIN);
  return result;
}

/**
 * Only a 超级管理员 grants or takes away 超级管理员: a user manager (user:add, user:edit) must not be able
 * to make anyone, themselves included, hold every permission.
 */
async function assertMayChangeAdminRole(trx: Transaction<DB>, actorId: number, targetId: number | null, roleIds: number[]): Promise<void> {
  const adminId = await repo.adminRoleId(trx);
  if (adminId === undefined) return;
  const before = targetId !== null && (await repo.holdsRole(trx, targetId, adminId));
  if (before === roleIds.includes(adminId)) return;
  if (!(await repo.holdsRole(trx, actorId, adminId))) throw new BusinessError('只有超级管理员可以授予或收回超级管理员角色');
}

async function lockedUser(trx: Transaction<DB>, id: number) {
  const user = await repo.lockUser(trx, id);
  if (!user) throw new BusinessError(NOT_FOUND);
  return user;
}

const uniqueRoles = (ids: number[] | undefined) => [...new Set(ids ?? [])];

/** A new user; the password must pass the plant's policy, and is to be changed at the first sign-in unless turned off. */
export async function createUser(db: Db, config: AppConfig, body: UserSaveBody, actorId: number): Promise<number> {
  const roleIds = uniqueRoles(body.roleIds);
  const name = body.name.trim();
  if (!name) throw new BusinessError('参数错误：姓名不能为空');
  const idNoEnc = idNumberToStore(configCipher(config), body.idNo) ?? null;
  await assertPasswordAllowed(db, config, body.username, body.password);
  // Hashed outside the transaction: scrypt is slow and needs no lock.
  const passwordHash = await hashPassword(body.password);
  return mapUniqueViolation(() => inTransaction(db, async (trx) => {
    const owner = await repo.usernameOwner(trx, body.username);
    if (owner) throw new BusinessError(duplicate(owner.username));
    const deptId = body.deptId ?? null;
    await assertReferences(trx, roleIds, deptId);
    await assertMayChangeAdminRole(trx, actorId, null, roleIds);
    const id = await repo.insertUser(trx, {
      username: body.username, name, passwordHash, phone: blankToNull(body.phone), deptId,
      status: body.status ?? 1, mustChangePassword: body.mustChangePassword !== false, cert: certOf(body), idNoEnc,
    });
    await repo.replaceRoles(trx, id, roleIds);
    return id;
  }), { users_username_key: duplicate });
}

/** The filling-operator certificate as given (absent fields stay absent: an edit keeps them). */
function certOf(body: Pick<UserSaveBody, 'fillerCertNo' | 'fillerCertExpiry' | 'fillerCertCategories'>) {
  const blank = (v: string | null | undefined) => (v === undefined ? undefined : v === null || !v.trim() ? null : v.trim());
  return {
    no: blank(body.fillerCertNo), expiry: blank(body.fillerCertExpiry),
    categories: body.fillerCertCategories === undefined ? undefined : [...new Set(body.fillerCertCategories)],
  };
}

export interface Actor {
  userId: number;
  /** Encrypts the ID number sent (the server's field cipher). */
  cipher: FieldCipher;
  /** Refuses (403) when the actor lacks user:status: the form's 启用 switch is that button too. */
  assertMayChangeStatus: () => Promise<void>;
}

/** Name, phone, department, roles and status at once; the user name never changes. The ID number: absent kept, '' cleared. */
export async function editUser(db: Db, body: UserEditBody, actor: Actor): Promise<void> {
  const roleIds = uniqueRoles(body.roleIds);
  const name = body.name.trim();
  if (!name) throw new BusinessError('参数错误：姓名不能为空');
  const idNoEnc = idNumberToStore(actor.cipher, body.idNo);
  await inTransaction(db, async (trx) => {
    const user = await lockedUser(trx, body.id);
    const status = body.status ?? user.status;
    if (status !== user.status) await actor.assertMayChangeStatus();
    if (status === 0 && body.id === actor.userId) throw new BusinessError('不能停用自己的账号');
    const deptId = body.deptId ?? null;
    await assertReferences(trx, roleIds, deptId);
    await assertMayChangeAdminRole(trx, actor.userId, body.id, roleIds);
    await keepingAnAdmin(trx, async () => {
      await repo.updateUser(trx, body.id, { name, phone: blankToNull(body.phone), deptId, status, cert: certOf(body), idNoEnc });
      await repo.replaceRoles(trx, body.id, roleIds);
    });
    if (status === 0 && user.status !== 0) await revokeUserTokens(trx, body.id);
  });
}

/** 0 disables: the user's sign-ins end in the same transaction; 1 enables. */
export async function updateStatus(db: Db, body: UserStatusBody, actorId: number): Promise<void> {
  if (body.status === 0 && body.id === actorId) throw new BusinessError('不能停用自己的账号');
  await inTransaction(db, async (trx) => {
    await lockedUser(trx, body.id);
    await keepingAnAdmin(trx, () => repo.updateStatus(trx, body.id, body.status));
    if (body.status === 0) await revokeUserTokens(trx, body.id);
  });
}

/** The user's roles, replaced as a whole. */
export async function saveRoles(db: Db, body: UserRolesBody, actorId: number): Promise<void> {
  const roleIds = uniqueRoles(body.roleIds);
  await inTransaction(db, async (trx) => {
    await lockedUser(trx, body.id);
    await assertReferences(trx, roleIds, null);
    await assertMayChangeAdminRole(trx, actorId, body.id, roleIds);
    await keepingAnAdmin(trx, () => repo.replaceRoles(trx, body.id, roleIds));
  });
}

/** Lifts the user's sign-in locks at every address: the user can sign in again at once. */
export async function unlockUser(db: Db, id: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    const user = await lockedUser(trx, id);
    await clearFailures(trx, failureKey(user.username));
  });
}
