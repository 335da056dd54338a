import type { FastifyRequest } from 'fastify';
import { WORKSTATION_HEADER } from '@shared/lifecycle';
import { REPLAYED_HEADER, REPLAYED_YES, STATION_AT_HEADER, stationAtProblem } from '@shared/api/offline';
import { BusinessError, ForbiddenError, UnauthorizedError } from './errors';
import { storableText } from './jsonb';
import type { PermissionKey } from '@shared/menus';

/** What the permission check learns of a caller: one query per request, answered by the auth module (app.ts wires it). */
export interface CallerAccess {
  name: string;
  status: number;
  /** The password was set by an administrator and has not been changed yet. */
  mustChangePassword: boolean;
  /** The sign-in is neither logged out nor revoked. */
  sessionAlive: boolean;
  /** One of the user's roles holds the key asked about (true when none was asked about); 'portal': the caller is a portal account. */
  allowed: boolean;
  /** The customer enterprise of a portal account (门户账号); null for the plant's own users. */
  portalEnterpriseId: number | null;
}

/** Reads a sign-in's access and whether it holds `permission` (null: being signed in is enough); undefined for an unknown user. */
export type AccessLoader = (userId: number, sessionId: string, permission: string | null) => Promise<CallerAccess | undefined>;

/** Whether the caller holds a key: what a service is given instead of the request, to check a key it learns only from the data. */
export type HoldsPermission = (key: PermissionKey) => Promise<boolean>;

/** Who acts, from which workstation (header X-Workstation): every trace event and record names them. */
export interface Actor {
  operatorId: number | null;
  operator: string | null;
  workstation: string | null;
  /** When a scan kept through an outage happened at the station (X-Station-At, ISO); the trace keeps it. */
  stationAt?: string | null;
  /** The call is a kept scan sent again (X-Replayed: 1). */
  replayed?: boolean;
  /** When the server first received the kept scan (now when absent; a 重新扫描 runs it later): its age counts to then. */
  receivedAt?: Date | null;
  /**
   * A supervisor who enters the event for its operator (重新扫描 of a refused kept scan): the trace names both, and a
   * station time outside the plant's bounds is flagged rather than refused (the supervisor decided to record it).
   */
  enteredBy?: { operatorId: number; operator: string } | null;
}

/**
 * The customer enterprise of the portal account calling (a /api/portal route, permission 'portal'): what every portal
 * route filters by, never a value the client sends.
 */
export function portalEnterpriseOf(request: FastifyRequest): number {
  const id = request.auth?.portalEnterpriseId;
  if (id === undefined || id === null) throw new ForbiddenError('portal');
  return id;
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
  const access = await request.server.loadAccess(auth.userId, auth.sessionId, key);
  if (!access?.allowed) throw new ForbiddenError(key);
}

/** Whether the signed-in user holds `key` (a route that answers more to those who hold it). */
export async function holdsPermission(request: FastifyRequest, key: string): Promise<boolean> {
  const auth = request.auth;
  if (!auth) return false;
  return (await request.server.loadAccess(auth.userId, auth.sessionId, key))?.allowed === true;
}

/** The caller's keys as a service checks them (a service never sees the request). */
export const permissionsOf = (request: FastifyRequest): HoldsPermission => (key) => holdsPermission(request, key);

/** Like requirePermission for a call several buttons serve: any one of `keys` lets it through. */
export async function requireAnyPermission(request: FastifyRequest, keys: readonly string[]): Promise<void> {
  const auth = request.auth;
  if (!auth) throw new UnauthorizedError();
  for (const key of keys) {
    const access = await request.server.loadAccess(auth.userId, auth.sessionId, key);
    if (access?.allowed) return;
  }
  throw new ForbiddenError(keys[0]!);
}

/** The signed-in user and the workstation the client names in X-Workstation (URI-encoded, at most 64 characters). */
export function actorOf(request: FastifyRequest): Actor & { operatorId: number; operator: string } {
  return { ...operatorOf(request), workstation: workstationOf(request), ...replayOf(request) };
}

/** The workstation the client names in X-Workstation, or null. */
export function workstationOf(request: FastifyRequest): string | null {
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
  return workstation;
}

/**
 * X-Replayed and X-Station-At of a kept scan sent again: refused (code -1, before anything changes) when
 * X-Replayed is neither 0 nor 1, or the station's time is impossible, far in the future, a year old, or sent
 * without X-Replayed: 1 (a scan made now happened now). The plant's bounds are judged with the cylinder
 * (modules/cylinder/station-time.ts).
 */
export function replayOf(request: FastifyRequest): { stationAt?: string; replayed?: true } {
  const replayed = request.headers[REPLAYED_HEADER];
  const at = request.headers[STATION_AT_HEADER];
  const out: { stationAt?: string; replayed?: true } = {};
  if (replayed !== undefined) {
    if (replayed !== REPLAYED_YES && replayed !== '0') throw new BusinessError('参数错误：X-Replayed 只能为 0 或 1');
    if (replayed === REPLAYED_YES) out.replayed = true;
  }
  if (at !== undefined) {
    if (typeof at !== 'string') throw new BusinessError('参数错误：X-Station-At 只能有一个');
    const problem = stationAtProblem(at.trim(), Date.now());
    if (problem) throw new BusinessError(`参数错误：${problem}`);
    if (!out.replayed) throw new BusinessError('参数错误：扫描时间（X-Station-At）只随补传的扫描（X-Replayed: 1）发送');
    out.stationAt = new Date(at.trim()).toISOString();
  }
  return out;
}


/**
 * What the permission check learns of an API key (the apiKey module answers, app.ts wires it): refused with a reason
 * people read (the account named when the key is known), or the service account and whether its role holds the key asked about.
 */
export type KeyAccess =
  | { refused: string; account: { userId: number; name: string; keyId: number } | null }
  | { refused: null; account: { userId: number; name: string; keyId: number }; allowed: boolean };

/** Checks an API key (`ctk_…`) for a route's permission (null: any known caller). */
export type KeyAuthenticator = (key: string, permission: string | null) => Promise<KeyAccess>;
