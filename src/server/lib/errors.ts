import { ResultCode } from '@shared/api/envelope';
import { permissionLabel } from '@shared/menus';

/** A refusal a person can act on: answered as HTTP 200 `{code: -1, msg}`. */
export class BusinessError extends Error {
  override name = 'BusinessError';
}

/** Not signed in, or the token is invalid/expired: HTTP 401 `{code: 401}`. */
export class UnauthorizedError extends Error {
  override name = 'UnauthorizedError';
  constructor(message = '登录已过期，请重新登录') {
    super(message);
  }
}

/** An API key refused (unknown, revoked, expired): HTTP 401 `{code: -1, msg}` (a machine client reads msg, no sign-in to redo). */
export class ApiKeyRefusedError extends UnauthorizedError {
  override name = 'ApiKeyRefusedError';
}

/** Too many calls with one API key: HTTP 429 `{code: -1, msg}`. */
export class RateLimitedError extends Error {
  override name = 'RateLimitedError';
  readonly statusCode = 429;
}

/** Signed in but lacking the permission key: HTTP 403 `{code: 403}`, naming the permission in words. */
export class ForbiddenError extends Error {
  override name = 'ForbiddenError';
  constructor(readonly permission: string) {
    super(`没有权限：${permissionLabel(permission)}`);
  }
}

export const MSG = {
  OK: '操作成功',
  NOT_SIGNED_IN: '未登录',
  SESSION_EXPIRED: '登录已过期，请重新登录',
  MUST_CHANGE_PASSWORD: '密码由管理员设置，请先修改密码',
} as const;

export { ResultCode };
