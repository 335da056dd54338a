import type { FastifyRequest } from 'fastify';
import type { ScanResult } from '@shared/api/production';
import {
  isReplayablePath, KEPT_CALLS, REPLAYED_HEADER, REPLAYED_YES, type ExceptionKind, type OfflineStation, type RefusedReplayData, type ReplayablePath,
} from '@shared/api/offline';
import { operatorOf, replayOf, workstationOf, type Actor } from './access';

/**
 * A kept scan a station sent again (X-Replayed: 1) that the server refused, or recorded with something a
 * supervisor should see: the server records it itself, in the same request, as the one who sent it (never from
 * what a client says happened). The offline module owns the rows and installs the sink (KeptScans.sink); lib and
 * the plugins only hand it what the request was.
 */
export interface KeptScanReport {
  kind: ExceptionKind;
  path: ReplayablePath;
  station: OfflineStation;
  code: string;
  scanId: string;
  /** The call's body as it came (checked against the call's schema again before 重新扫描 runs it). */
  body: unknown;
  message: string;
  actor: Actor & { operatorId: number; operator: string };
}

export interface KeptScans {
  /** Records the report (once per scanId) and answers its 待处理异常 id. */
  sink: ((report: KeptScanReport) => Promise<number>) | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Marks a replayable call that passed its route's keys (lib/endpoint.ts runs it in preValidation): only such a
 * call is recorded, so a user without the station's key cannot leave anything in a supervisor's list.
 */
export function admitKeptScan(request: FastifyRequest): void {
  request.keptScan = true;
}

function reportOf(request: FastifyRequest, kind: ExceptionKind, message: string): KeptScanReport | null {
  if (!request.keptScan || request.headers[REPLAYED_HEADER] !== REPLAYED_YES || !request.auth) return null;
  const path = request.routeOptions.url ?? '';
  if (!isReplayablePath(path)) return null;
  const body = request.body as { code?: unknown; scanId?: unknown } | null | undefined;
  if (!body || typeof body !== 'object' || typeof body.code !== 'string' || !body.code.trim() || typeof body.scanId !== 'string' || !UUID.test(body.scanId)) {
    return null;
  }
  let replay: ReturnType<typeof replayOf> = {};
  try {
    replay = replayOf(request);
  } catch {
    // The refusal is the station time itself: the scan is recorded without it.
    replay = { replayed: true };
  }
  return {
    kind, path, station: KEPT_CALLS[path].station, code: body.code.trim().slice(0, 64), scanId: body.scanId.toLowerCase(), body,
    message: message.slice(0, 1000), actor: { ...operatorOf(request), workstation: workstationOf(request), ...replay },
  };
}

/** A refused kept scan recorded (its answer's `data`), or null when the request is not one (nothing recorded). */
export async function recordRefusedScan(request: FastifyRequest, message: string): Promise<RefusedReplayData | null> {
  const sink = request.server.keptScans.sink;
  const report = sink ? reportOf(request, 'refused', message) : null;
  return report && sink ? { exceptionId: await sink(report) } : null;
}

/**
 * A kept scan the server recorded, with a notice when a supervisor should see something: its station time outside
 * the plant's bounds (timeFlag), or the step done already by another scan, whose values then were not recorded.
 */
export async function recordScanNotice(request: FastifyRequest, result: unknown): Promise<void> {
  const sink = request.server.keptScans.sink;
  if (!sink || !request.keptScan || !result || typeof result !== 'object') return;
  const scan = ('scan' in result ? result.scan : result) as Partial<ScanResult> | null;
  if (!scan || typeof scan.message !== 'string' || (!scan.timeFlag && scan.repeated !== true)) return;
  const report = reportOf(request, 'notice', [scan.message, scan.timeFlag].filter(Boolean).join('；'));
  if (report) await sink(report);
}
