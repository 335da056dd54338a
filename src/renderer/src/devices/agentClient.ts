import { PRINT_AGENT_DEFAULT_PORT, testLabelJob, type LabelJob, type PrintResult, type ScaleReadingEvent } from '@shared/devices';
import type { FillStartRequest, FillState, FillStationConfig } from '@shared/fill-cycle';

/**
 * The local print agent seen from a plain browser: the desktop app (or `npm run print-agent`) listens
 * on http://127.0.0.1:<port> and accepts label jobs from this site's origin. The address is kept per
 * browser in localStorage because the port can be changed with PRINT_AGENT_PORT.
 */
export const AGENT_URL_KEY = 'PRINT_AGENT_URL';
export const DEFAULT_AGENT_URL = `http://127.0.0.1:${PRINT_AGENT_DEFAULT_PORT}`;

export function savedAgentUrl(): string {
  return localStorage.getItem(AGENT_URL_KEY) || DEFAULT_AGENT_URL;
}

export function saveAgentUrl(url: string): void {
  localStorage.setItem(AGENT_URL_KEY, url.trim().replace(/\/+$/, ''));
}

interface AgentEnvelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** Nothing answered at the agent's address (not running, wrong port, or too slow): the browser's own text says nothing useful. */
export class AgentUnreachableError extends Error {
  constructor() {
    super('print agent unreachable');
    this.name = 'AgentUnreachableError';
  }
}

async function call<T>(url: string, init?: RequestInit, timeoutMs = 20_000): Promise<T> {
  let res: Response;
  let body: AgentEnvelope<T> | null;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    body = (await res.json().catch(() => null)) as AgentEnvelope<T> | null;
  } catch {
    throw new AgentUnreachableError();
  }
  // Something else answers on that port (no envelope): as good as no agent.
  if (!body || typeof body.code !== 'number') throw new AgentUnreachableError();
  if (!res.ok || body.code !== 0) throw new Error(body.msg || `HTTP ${res.status}`);
  return body.data;
}

/** Resolves with the agent's printer names; rejects when nothing answers there. */
export function pingAgent(agentUrl: string): Promise<{ printers: string[] }> {
  return call(`${agentUrl.replace(/\/+$/, '')}/ping`);
}

export function printJobThroughAgent(agentUrl: string, job: LabelJob): Promise<PrintResult> {
  return call(`${agentUrl.replace(/\/+$/, '')}/label/print`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(job),
  });
}

export function printTestThroughAgent(agentUrl: string, printer: string, now = new Date()): Promise<PrintResult> {
  return printJobThroughAgent(agentUrl, testLabelJob(printer, now.toLocaleString('zh-CN', { hour12: false })));
}

const base = (agentUrl: string) => agentUrl.replace(/\/+$/, '');
const postJson = (body: unknown): RequestInit => ({ method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

/** The filling point through the device agent (issue 34). Polls are short: the agent's heartbeat window is 3 s. */
export function startFillThroughAgent(agentUrl: string, request: FillStartRequest): Promise<FillState> {
  return call(`${base(agentUrl)}/fill/start`, postJson(request), 5000);
}

export function fillStateThroughAgent(agentUrl: string, fillId: string): Promise<FillState> {
  return call(`${base(agentUrl)}/fill/state?fillId=${encodeURIComponent(fillId)}`, undefined, 2000);
}

export function cancelFillThroughAgent(agentUrl: string, fillId: string, reason: 'cancelled' | 'suspended'): Promise<FillState> {
  return call(`${base(agentUrl)}/fill/cancel`, postJson({ fillId, reason }), 5000);
}

export function fillStationsThroughAgent(agentUrl: string): Promise<FillStationConfig[]> {
  return call(`${base(agentUrl)}/fill/stations`, undefined, 5000);
}

export function scaleLatestThroughAgent(agentUrl: string, path: string): Promise<ScaleReadingEvent | null> {
  return call(`${base(agentUrl)}/scale/latest?path=${encodeURIComponent(path)}`, undefined, 2000);
}
