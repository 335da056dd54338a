import type { FastifyRequest } from 'fastify';
import { ForbiddenError, UnauthorizedError } from './errors';
import { loadAccess } from '../modules/auth/access.repository';

/** Who did it, for trace events and records (from the token, never from authId/authName). */
export function operatorOf(request: FastifyRequest): { operatorId: number; operator: string } {
  if (!request.auth) throw new UnauthorizedError();
  return { operatorId: request.auth.userId, operator: request.auth.name };
}

/**
 * A second key checked inside a route, for calls whose SPEC path serves two buttons (save = add or edit).
 * The route's declared key is checked first by the permissions plugin.
 */
export async function requirePermission(request: FastifyRequest, key: string): Promise<void> {
  const auth = request.auth;
  if (!auth) throw new UnauthorizedError();
  const access = await loadAccess(request.server.db, auth.userId, auth.sessionId, key);
  if (!access?.allowed) throw new ForbiddenError(key);
}
