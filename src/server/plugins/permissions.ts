import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { PERMISSIONS } from '@shared/menus';
import { ApiKeyRefusedError, BusinessError, ForbiddenError, MSG, UnauthorizedError } from '../lib/errors';
import { cachedVerifier } from '../lib/jwt';
import type { AccessLoader, KeyAuthenticator } from '../lib/access';
import { tokenFromHeader } from '../lib/refresh-token';

/** What a user whose password an administrator set may still call: the change itself and signing out. */
const WHILE_PASSWORD_MUST_CHANGE = new Set(['POST /api/home/resetPassWord', 'POST /api/home/logout']);

/**
 * The only 'authenticated' routes a portal account (门户账号) may call: its own password and signing out. Every other
 * route is refused to it (403): the staff routes hold a key it never holds, and 'authenticated' ones serve the plant's
 * stations (lookups, files, settings). Its own routes declare 'portal' (src/shared/api/portal.ts).
 */
const PORTAL_MAY_CALL = new Set(['POST /api/home/resetPassWord', 'POST /api/home/logout']);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface PermissionsOptions {
  /** Who the caller is and what they hold (the auth module's one query; app.ts passes it). */
  loadAccess: AccessLoader;
  /** Checks an API key sent as `X-Api-Key` or `Authorization: Bearer ctk_…` (the apiKey module's; app.ts passes it). */
  authenticateKey: KeyAuthenticator;
}

/** Every API key starts with it (src/shared/api/apiKey.ts). */
const KEY_START = 'ctk_';

/** The API key a request carries, if any: X-Api-Key, or a bearer credential that is a key rather than an access token. */
function keyOf(request: FastifyRequest): string | undefined {
  const header = request.headers['x-api-key'];
  if (typeof header === 'string' && header.trim()) return header.trim();
  if (Array.isArray(header)) return header.join(',');
  const bearer = tokenFromHeader(request.headers.authorization);
  return bearer?.startsWith(KEY_START) ? bearer : undefined;
}

/**
 * Every /api route must declare `config.permission`; the app refuses to start otherwise, so a forgotten
 * declaration cannot ship. Before the body is even parsed, the access token is verified and the key
 * checked, so a refused call changes nothing. The loader is kept as `app.loadAccess` for the keys a route
 * checks itself (lib/access.ts).
 */
export const permissionsPlugin = fp<PermissionsOptions>(async (app, opts) => {
  app.decorate('loadAccess', opts.loadAccess);
  app.decorateRequest('auth', null);
  const verify = cachedVerifier(app.config.accessTokenSecret);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    const permission = route.config?.permission;
    if (typeof permission !== 'string' || !permission) {
      throw new Error(`Route ${[route.method].flat().join(',')} ${route.url} declares no config.permission`);
    }
  });

  app.addHook('onRequest', async (request) => {
    const permission = request.routeOptions.config.permission;
    if (!permission || permission === PERMISSIONS.PUBLIC) return;
    request.auth = await authenticate(request, permission === PERMISSIONS.AUTHENTICATED ? null : permission);
  });

  async function authenticate(request: FastifyRequest, permission: string | null) {
    const key = keyOf(request);
    if (key !== undefined) return authenticateKey(request, key, permission);
    const token = tokenFromHeader(request.headers.authorization);
    if (!token) throw new UnauthorizedError(MSG.NOT_SIGNED_IN);
    const claims = await verify(token);
    if (!claims || !UUID.test(claims.sid)) throw new UnauthorizedError();
    const access = await app.loadAccess(claims.sub, claims.sid, permission);
    if (!access || access.status !== 1 || !access.sessionAlive) throw new UnauthorizedError();
    const auth = {
      userId: claims.sub, name: access.name, sessionId: claims.sid,
      ...(access.portalEnterpriseId !== null ? { portalEnterpriseId: access.portalEnterpriseId } : {}),
    };
    if (access.mustChangePassword && !WHILE_PASSWORD_MUST_CHANGE.has(`${request.method} ${request.routeOptions.url}`)) {
      request.auth = auth;
      throw new BusinessError(MSG.MUST_CHANGE_PASSWORD);
    }
    if (!access.allowed) {
      request.auth = auth; // recorded in the operation log as the refused caller
      throw new ForbiddenError(permission!);
    }
    if (permission === null && access.portalEnterpriseId !== null && !PORTAL_MAY_CALL.has(`${request.method} ${request.routeOptions.url}`)) {
      request.auth = auth;
      throw new ForbiddenError(PERMISSIONS.AUTHENTICATED);
    }
    return auth;
  }

  /** A service account's call: refused keys answer 401 code -1; the role is checked exactly as a person's. */
  async function authenticateKey(request: FastifyRequest, key: string, permission: string | null) {
    const access = await opts.authenticateKey(key, permission);
    const auth = access.account && { userId: access.account.userId, name: access.account.name, sessionId: '', apiKeyId: access.account.keyId };
    if (access.refused !== null) {
      request.auth = auth; // the operation log names the account whose key was refused
      throw new ApiKeyRefusedError(access.refused);
    }
    if (!access.allowed) {
      request.auth = auth;
      throw new ForbiddenError(permission!);
    }
    return auth!;
  }

  // authId/authName ride along on every client request; they are never identity, so drop them before
  // validation (strict schemas would otherwise reject them).
  app.addHook('preValidation', async (request) => {
    const query = request.query as Record<string, unknown> | undefined;
    if (query && typeof query === 'object') {
      delete query.authId;
      delete query.authName;
    }
  });
});
