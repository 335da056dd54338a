import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { TokenData } from '@shared/api/auth';
import type { AppConfig } from '../../config';
import type { DB } from '../../db/schema';
import { BusinessError, UnauthorizedError } from '../../lib/errors';
import { signAccessToken } from '../../lib/jwt';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/password';
import { hashRefreshToken, newRefreshToken } from '../../lib/refresh-token';
import * as repo from './auth.repository';
import * as failures from './sign-in-failures.repository';
import { inTransaction } from '../../db/transaction';
import { assertPasswordAllowed, loadRules } from '../systemRule';

/**
 * Wrong passwords lock one user name at one client address, never the account: a stranger cannot lock the
 * real user out, and a name without an account is counted and answered exactly alike.
 */
export const SIGN_IN_LOCK: failures.LockPolicy = { maxFailures: 5, firstLockMinutes: 1, maxLockMinutes: 60, forgetAfterHours: 24 };

const lockedMessage = (minutes: number) => `登录失败次数过多，请 ${minutes} 分钟后再试`;

export class AuthService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly config: AppConfig,
  ) {
    // Made now, so not even the first unknown name costs an extra hash.
    dummyPasswordHash().catch(() => {});
  }

  /**
   * Starts a new sign-in (token family) or continues `familyId` with a fresh pair of tokens, with the
   * lifetimes the system rules set now.
   */
  private async issueTokens(db: Kysely<DB>, user: { id: number; name: string; mustChangePassword: number }, familyId: string): Promise<TokenData> {
    const { accessTokenTtl, refreshTokenTtl } = await loadRules(db, this.config);
    const refreshToken = newRefreshToken();
    const portal = await repo.portalOf(db, user.id);
    await repo.insertRefreshToken(db, {
      tokenHash: hashRefreshToken(refreshToken), userId: user.id, familyId, ttlSeconds: refreshTokenTtl,
    });
    return {
      token: await signAccessToken({ sub: user.id, name: user.name, sid: familyId }, this.config.accessTokenSecret, accessTokenTtl),
      refreshToken,
      expiresIn: accessTokenTtl,
      refreshExpiresIn: refreshTokenTtl,
      user: { id: user.id, name: user.name },
      mustChangePassword: user.mustChangePassword === 1,
      ...(portal ? { portal } : {}),
    };
  }


  async login(username: string, password: string, ip: string): Promise<TokenData> {
    const key = failures.failureKey(username);
    const address = ip.slice(0, 64);
    const locked = await failures.lockMinutesLeft(this.db, key, address);
    if (locked !== undefined) throw new BusinessError(lockedMessage(locked));
    const user = await repo.findSignInUser(this.db, username);
    // An unknown name costs the same check as a real one, so timing does not tell them apart either.
    const passwordOk = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
    if (!user || !passwordOk) {
      const after = await failures.recordFailure(this.db, key, address, SIGN_IN_LOCK);
      if (after.lockedMinutes !== undefined) throw new BusinessError(lockedMessage(after.lockedMinutes));
      throw new BusinessError(`用户名或密码错误，还可尝试 ${SIGN_IN_LOCK.maxFailures - after.failures} 次`);
    }
    // Only who knows the password learns that the account is disabled.
    if (user.status !== 1) throw new BusinessError('账号已停用，请联系管理员');
    await failures.clearFailures(this.db, key, address);
    return this.issueTokens(this.db, user, randomUUID());
  }

  /**
   * Rotates a refresh token: the presented one is marked used and a new one of the same family issued.
   * Presenting a token that was already rotated means it leaked: the whole family is revoked.
   */
  async refresh(refreshToken: string): Promise<TokenData> {
    const found = await repo.findRefreshToken(this.db, hashRefreshToken(refreshToken));
    if (!found || found.revokedAt || found.expired || found.status !== 1) throw new UnauthorizedError();
    if (found.usedAt) {
      await repo.revokeFamily(this.db, found.familyId);
      throw new UnauthorizedError();
    }
    const rotated = await inTransaction(this.db, async (trx) => {
      if (!(await repo.markRefreshTokenUsed(trx, found.id))) return null;
      return this.issueTokens(trx, { id: found.userId, name: found.name, mustChangePassword: found.mustChangePassword }, found.familyId);
    });
    if (!rotated) {
      await repo.revokeFamily(this.db, found.familyId);
      throw new UnauthorizedError();
    }
    return rotated;
  }

  /** Ends the caller's sign-in, and the one of `refreshToken` when it is the caller's too. */
  async logout(userId: number, sessionId: string, refreshToken?: string): Promise<void> {
    await repo.revokeFamily(this.db, sessionId, userId);
    if (refreshToken) {
      const other = await repo.familyOfRefreshToken(this.db, hashRefreshToken(refreshToken));
      if (other && other.familyId !== sessionId) await repo.revokeFamily(this.db, other.familyId, userId);
    }
  }

  /** Own password change: the old one is required, the policy applies; every other sign-in of the user ends. */
  async resetOwnPassword(userId: number, sessionId: string, oldPassword: string, newPassword: string): Promise<void> {
    const user = await repo.findUserForPassword(this.db, userId);
    if (!user) throw new UnauthorizedError();
    if (!(await verifyPassword(oldPassword, user.passwordHash))) throw new BusinessError('原密码错误');
    if (oldPassword === newPassword) throw new BusinessError('新密码不能与原密码相同');
    await assertPasswordAllowed(this.db, this.config, user.username, newPassword);
    const hash = await hashPassword(newPassword);
    await inTransaction(this.db, async (trx) => {
      await repo.updatePasswordHash(trx, userId, hash, false);
      await repo.revokeUserTokens(trx, userId, sessionId);
    });
  }

  /**
   * An administrator sets a user's password (the policy applies): the locks at every address are lifted, all of the
   * user's sign-ins end, and the user must change it at the next sign-in.
   */
  async adminResetPassword(userId: number, newPassword: string): Promise<void> {
    const target = await repo.findUserForPassword(this.db, userId);
    if (!target) throw new BusinessError('用户不存在');
    await assertPasswordAllowed(this.db, this.config, target.username, newPassword);
    const hash = await hashPassword(newPassword);
    await inTransaction(this.db, async (trx) => {
      const username = await repo.updatePasswordHash(trx, userId, hash, true);
      if (username === undefined) throw new BusinessError('用户不存在');
      await repo.revokeUserTokens(trx, userId);
      await failures.clearFailures(trx, failures.failureKey(username));
    });
  }
}
