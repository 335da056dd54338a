import type { FastifyPluginAsync } from 'fastify';
import { AUTH } from '@shared/api/auth';
import { route } from '../../lib/endpoint';
import { BusinessError, UnauthorizedError } from '../../lib/errors';
import { tokenFromHeader } from '../../lib/refresh-token';
import { loadNav } from '../menu';
import { AuthService } from './auth.service';
import { countSignInAttempt } from './sign-in-rate.repository';

export interface AuthRoutesOptions {
  /** Sign-in attempts allowed per client IP per minute. */
  loginAttemptsPerMinute: number;
}

/** Sign-in, token refresh, sign-out, passwords and the navigation (src/shared/api/auth.ts). */
export const authRoutes: FastifyPluginAsync<AuthRoutesOptions> = async (app, opts) => {
  const auth = new AuthService(app.db, app.config);
  const me = (request: { auth: { userId: number; sessionId: string } | null }) => {
    if (!request.auth) throw new UnauthorizedError();
    return request.auth;
  };

  route(app, AUTH.login, async (request) => {
    if (!(await countSignInAttempt(app.db, request.ip, opts.loginAttemptsPerMinute, 60))) throw new BusinessError('登录尝试过于频繁，请稍后再试');
    const data = await auth.login(request.body.username, request.body.password, request.ip);
    request.auth = { userId: data.user.id, name: data.user.name, sessionId: '' };
    return data;
  });

  route(app, AUTH.refresh, async (request) => {
    const token = tokenFromHeader(request.headers.authorization);
    if (!token) throw new UnauthorizedError('未登录');
    return auth.refresh(token);
  });

  route(app, AUTH.logout, async (request) => {
    const { userId, sessionId } = me(request);
    await auth.logout(userId, sessionId, request.body?.refreshToken);
    return null;
  });

  route(app, AUTH.resetOwnPassword, async (request) => {
    const { userId, sessionId } = me(request);
    await auth.resetOwnPassword(userId, sessionId, request.body.oldPassword, request.body.newPassword);
    return null;
  });

  route(app, AUTH.adminResetPassword, async (request) => {
    await auth.adminResetPassword(request.params.id, request.body.newPassword);
    return null;
  });

  route(app, AUTH.nav, async (request) => loadNav(app.db, me(request).userId));
};
