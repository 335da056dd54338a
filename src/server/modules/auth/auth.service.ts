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

export const MAX_FAILED_SIGN_INS = 5;
export const LOCK_MINUTES = 15;

const minutesLeft = (until: Date) => Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60_000));
const lockedMessage = (until: Date) => `密码错误次数过多，账号已锁定，请 ${minutesLeft(until)} 分钟后再试`;

export class AuthService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly config: AppConfig,
  ) {}

  /** Starts a new sign-in (token family) or continues `familyId` with a fresh pair of tokens. */
  private async issueTokens(db: Kysely<DB>, user: { id: number; name: string }, familyId: string): Promise<TokenData> {
    const refreshToken = newRefreshToken();
    await repo.insertRefreshToken(db, {
      tokenHash: hashRefreshToken(refreshToken), userId: user.id, familyId, ttlSeconds: this.config.refreshTokenTtl,
    });
    return {
      token: signAccessToken({ sub: user.id, name: user.name, sid: familyId }, this.config.accessTokenSecret, this.config.accessTokenTtl),
      refreshToken,
      expiresIn: this.config.accessTokenTtl,
      refreshExpiresIn: this.config.refreshTokenTtl,
      user: { id: user.id, name: user.name },
    };
  }

  async login(username: string, password: string): Promise<TokenData> {
    const user = await repo.findSignInUser(this.db, username);
    if (!user) {
      await verifyPassword(password, await dummyPasswordHash()); // same cost as a real check
      throw new BusinessError('用户名或密码错误');
    }
    if (user.lockedUntil && user.lockedUntil.getTime() > Date.now()) throw new BusinessError(lockedMessage(user.lockedUntil));
    if (!(await verifyPassword(password, user.passwordHash))) {
      const after = await repo.recordFailedSignIn(this.db, user.id, MAX_FAILED_SIGN_INS, LOCK_MINUTES);
      if (after.lockedUntil) throw new BusinessError(lockedMessage(after.lockedUntil));
      throw new BusinessError(`用户名或密码错误，还可尝试 ${MAX_FAILED_SIGN_INS - after.failedAttempts} 次`);
    }
    if (user.status !== 1) throw new BusinessError('账号已停用，请联系管理员');
    if (user.failedAttempts > 0 || user.lockedUntil) await repo.clearFailedSignIns(this.db, user.id);
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
    const rotated = await this.db.transaction().execute(async (trx) => {
      if (!(await repo.markRefreshTokenUsed(trx, found.id))) return null;
      return this.issueTokens(trx, { id: found.userId, name: found.name }, found.familyId);
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

  /** Own password change: the old one is required; every other sign-in of the user ends. */
  async resetOwnPassword(userId: number, sessionId: string, oldPassword: string, newPassword: string): Promise<void> {
    const user = await repo.findUserForPassword(this.db, userId);
    if (!user) throw new UnauthorizedError();
    if (!(await verifyPassword(oldPassword, user.passwordHash))) throw new BusinessError('原密码错误');
    if (oldPassword === newPassword) throw new BusinessError('新密码不能与原密码相同');
    const hash = await hashPassword(newPassword);
    await this.db.transaction().execute(async (trx) => {
      await repo.updatePasswordHash(trx, userId, hash);
      await repo.revokeUserTokens(trx, userId, sessionId);
    });
  }

  /** An administrator sets a user's password: the lock is lifted and all of that user's sign-ins end. */
  async adminResetPassword(userId: number, newPassword: string): Promise<void> {
    const hash = await hashPassword(newPassword);
    await this.db.transaction().execute(async (trx) => {
      if (!(await repo.updatePasswordHash(trx, userId, hash))) throw new BusinessError('用户不存在');
      await repo.revokeUserTokens(trx, userId);
    });
  }
}
