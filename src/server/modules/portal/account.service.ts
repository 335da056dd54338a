import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { INVITATION_DAYS, INVITATION_PATH, type Invitation, type InvitationInfo, type InviteBody } from '@shared/api/portal';
import type { AppConfig } from '../../config';
import type { DB } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { BusinessError } from '../../lib/errors';
import { hashPassword } from '../../lib/password';
import { revokeUserTokens } from '../auth';
import { assertPasswordAllowed } from '../systemRule';
import * as repo from './account.repository';

/** Enterprises of type 2 are customers (1: suppliers). */
const CUSTOMER = 2;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const INVALID = '邀请链接无效或已过期，请联系供气单位重新邀请';

/** A fresh link for the account: only its hash is kept, the unused ones before it end. */
async function newInvitation(db: Kysely<DB>, a: { id: number; username: string }, by: number, origin: string): Promise<Invitation> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = await repo.replaceInvitation(db, { userId: a.id, tokenHash: hashToken(token), days: INVITATION_DAYS, createdBy: by });
  return { id: a.id, username: a.username, link: `${origin}${INVITATION_PATH}?token=${token}`, expiresAt };
}

/** 邀请: a new portal account of a customer (no password yet) and its invitation link, in one transaction. */
export async function invite(db: Kysely<DB>, body: InviteBody, by: number, origin: string): Promise<Invitation> {
  const phone = body.phone?.trim() || null;
  const email = body.email?.trim().toLowerCase() || null;
  const username = phone ?? email;
  if (!username) throw new BusinessError('请填写手机号或邮箱（作为登录名）');
  return inTransaction(db, async (trx) => {
    const customer = await repo.customer(trx, body.enterpriseId);
    if (!customer) throw new BusinessError('客户不存在');
    if (customer.type !== CUSTOMER) throw new BusinessError(`「${customer.name}」不是客户，只能邀请客户的用户`);
    if (await repo.usernameTaken(trx, username)) throw new BusinessError(`登录名已被使用：${username}`);
    const id = await repo.insertAccount(trx, { username, name: body.name.trim(), phone, enterpriseId: customer.id });
    return newInvitation(trx, { id, username }, by, origin);
  });
}

/** A new link for an account (the old ones end): one not yet accepted, or to set a forgotten password. */
export async function reinvite(db: Kysely<DB>, id: number, by: number, origin: string): Promise<Invitation> {
  return inTransaction(db, async (trx) => {
    const account = await repo.account(trx, id);
    if (!account) throw new BusinessError('门户账号不存在');
    if (account.status !== 1) throw new BusinessError('门户账号已停用，请先启用');
    return newInvitation(trx, account, by, origin);
  });
}

export async function invitation(db: Kysely<DB>, token: string): Promise<InvitationInfo> {
  const found = await repo.validInvitation(db, hashToken(token));
  if (!found || found.status !== 1) throw new BusinessError(INVALID);
  return { name: found.name, username: found.username, enterpriseName: found.enterpriseName, expiresAt: found.expiresAt };
}

/** Sets the password through the link (once): the password policy applies; every earlier sign-in of the account ends. */
export async function accept(db: Kysely<DB>, config: AppConfig, token: string, password: string): Promise<{ username: string }> {
  const found = await repo.validInvitation(db, hashToken(token));
  if (!found || found.status !== 1) throw new BusinessError(INVALID);
  await assertPasswordAllowed(db, config, found.username, password);
  const hash = await hashPassword(password);
  return inTransaction(db, async (trx) => {
    const locked = await repo.validInvitation(trx, hashToken(token), true);
    if (!locked || locked.status !== 1) throw new BusinessError(INVALID);
    await repo.acceptInvitation(trx, locked.id, locked.userId, hash);
    await revokeUserTokens(trx, locked.userId);
    return { username: locked.username };
  });
}

/** 启用/停用: a disabled account's sign-ins end at once (its refresh tokens are revoked; the access check refuses it). */
export async function setStatus(db: Kysely<DB>, id: number, status: 0 | 1): Promise<void> {
  await inTransaction(db, async (trx) => {
    if (!(await repo.setStatus(trx, id, status))) throw new BusinessError('门户账号不存在');
    if (status === 0) await revokeUserTokens(trx, id);
  });
}
