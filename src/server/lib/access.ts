import type { FastifyRequest } from 'fastify';
import { WORKSTATION_HEADER } from '@shared/lifecycle';
import { ForbiddenError, UnauthorizedError } from './errors';
import { storableText } from './jsonb';
import { loadAccess } from '../modules/auth';

/** Who acts, from which workstation (header X-Workstation): every trace event and record names them. */
export interface Actor {
  operatorId: number | null;
  operator: string | null;
  workstation: string | null;
}

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

/** The signed-in user and the workstation the client names in X-Workstation (URI-encoded, at most 64 characters). */
export function actorOf(request: FastifyRequest): Actor & { operatorId: number; operator: string } {
  const raw = request.headers[WORKSTATION_HEADER];
  let workstation: string | null = null;
  if (typeof raw === 'string' && raw.trim()) {
    try {
      workstation = decodeURIComponent(raw.trim());
    } catch {
      workstation = raw.trim();
    }
    workstation = storableText(workstation).slice(0, 64) || null;
  }
  return { ...operatorOf(request), workstation };
}

