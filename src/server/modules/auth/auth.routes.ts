import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { AdminResetPasswordBody, LoginBody, MenuItemSchema, ResetPasswordBody, TokenData } from '@shared/api/auth';
import { BusinessError, UnauthorizedError } from '../../lib/errors';
import { ok } from '../../lib/envelope';
import { RateLimiter } from '../../lib/rate-limit';
import { tokenFromHeader } from '../../lib/refresh-token';
import { NoData, okResponse } from '../../lib/route-schema';
import { loadNav } from '../menu/nav.service';
import { AuthService } from './auth.service';

export interface AuthRoutesOptions {
  /** Sign-in attempts allowed per client IP per minute. */
  loginAttemptsPerMinute: number;
}

const tags = ['auth'];

/** Sign-in, token refresh, sign-out, passwords and the navigation (SPEC section 7, Auth/home). */
export const authRoutes: FastifyPluginAsync<AuthRoutesOptions> = async (fastify, opts) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const auth = new AuthService(app.db, app.config);
  const limiter = new RateLimiter(opts.loginAttemptsPerMinute, 60_000);
  const me = (request: { auth: { userId: number; sessionId: string } | null }) => {
    if (!request.auth) throw new UnauthorizedError();
    return request.auth;
  };

  app.post('/api/home/login', {
    config: { permission: 'public' },
    schema: { tags, summary: '登录', body: LoginBody, response: okResponse(TokenData), security: [] },
  }, async (request) => {
    if (!limiter.hit(request.ip)) throw new BusinessError('登录尝试过于频繁，请稍后再试');
    const data = await auth.login(request.body.username, request.body.password);
    request.auth = { userId: data.user.id, name: data.user.name, sessionId: '' };
    return ok(data);
  });

  app.get('/api/user/refreshToken', {
    config: { permission: 'public' },
    schema: {
      tags, summary: '刷新令牌（Authorization 头携带 refreshToken）', response: okResponse(TokenData), security: [],
    },
  }, async (request) => {
    const token = tokenFromHeader(request.headers.authorization);
    if (!token) throw new UnauthorizedError('未登录');
    return ok(await auth.refresh(token));
  });

  app.post('/api/home/logout', {
    config: { permission: 'authenticated' },
    schema: { tags, summary: '退出登录', response: okResponse(NoData) },
  }, async (request) => {
    const { userId, sessionId } = me(request);
    const body = request.body as { refreshToken?: unknown } | undefined;
    const refreshToken = typeof body?.refreshToken === 'string' ? body.refreshToken : undefined;
    await auth.logout(userId, sessionId, refreshToken);
    return ok(null);
  });

  app.post('/api/home/resetPassWord', {
    config: { permission: 'authenticated' },
    schema: { tags, summary: '修改本人密码', body: ResetPasswordBody, response: okResponse(NoData) },
  }, async (request) => {
    const { userId, sessionId } = me(request);
    await auth.resetOwnPassword(userId, sessionId, request.body.oldPassword, request.body.newPassword);
    return ok(null);
  });

  app.post('/api/home/adminResetPassWd/:id', {
    config: { permission: 'user:resetPassword' },
    schema: {
      tags, summary: '管理员重置用户密码',
      params: Type.Object({ id: Type.Integer({ minimum: 1 }) }),
      body: AdminResetPasswordBody,
      response: okResponse(NoData),
    },
  }, async (request) => {
    await auth.adminResetPassword(request.params.id, request.body.newPassword);
    return ok(null);
  });

  app.post('/api/home/nav/0', {
    config: { permission: 'authenticated' },
    schema: {
      tags, summary: '当前用户的菜单与按钮权限',
      response: okResponse(Type.Object({ menuList: Type.Array(MenuItemSchema), promise: Type.Array(Type.String()) })),
    },
  }, async (request) => ok(await loadNav(app.db, me(request).userId)));
};
