import { APP_HEADERS } from '../shared/app';
import type { ServerProbe } from '../shared/connection';
import { validateServerUrl } from './settings-rules';

/**
 * 检测 and the start-up check: GET <url>/ and read the server's version from x-app-version. Done in the
 * main process, so an address not saved yet can be tried (the renderer's CSP names only the saved server)
 * and the failure is a reason a person can act on, not a browser's "Network Error".
 */
export const PROBE_TIMEOUT_MS = 5000;

export interface ProbeOptions {
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** Node's fetch wraps the socket error in `cause`; its code says what went wrong. */
function networkReason(error: unknown, timeoutMs: number): string {
  const err = error as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (err.name === 'TimeoutError' || err.name === 'AbortError') return `连接超时（${timeoutMs / 1000} 秒内没有响应）`;
  switch (err.cause?.code) {
    case 'ECONNREFUSED':
      return '连接被拒绝：该地址上没有运行服务器，请确认服务器已启动、端口正确';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return '找不到该主机，请检查地址';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return '网络不可达，请检查网络连接';
    case 'ECONNRESET':
      return '连接被服务器断开';
    case 'ETIMEDOUT':
    case 'UND_ERR_CONNECT_TIMEOUT':
      return `连接超时（${timeoutMs / 1000} 秒内没有响应）`;
  }
  if (err.cause?.code?.startsWith('ERR_TLS') || /certificate/i.test(err.cause?.message ?? '')) {
    return `HTTPS 证书无效：${err.cause?.message ?? ''}`.trim();
  }
  return `无法连接：${err.cause?.message ?? err.message ?? String(error)}`;
}

export async function probeServer(input: string, options: ProbeOptions = {}): Promise<ServerProbe> {
  const timeoutMs = options.timeoutMs ?? PROBE_TIMEOUT_MS;
  let url: string;
  try {
    url = validateServerUrl(input);
  } catch (error) {
    return { ok: false, url: String(input), reason: (error as Error).message };
  }
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(`${url}/`, { method: 'GET', redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    return { ok: false, url, reason: networkReason(error, timeoutMs) };
  }
  // The body (the web UI's index.html) is not needed.
  void response.body?.cancel().catch(() => {});
  if (!response.ok) return { ok: false, url, reason: `服务器返回 HTTP ${response.status}，请确认地址指向本系统的服务器` };
  const raw = response.headers.get(APP_HEADERS.version);
  if (!raw) return { ok: false, url, reason: '该地址有响应，但不是本系统的服务器（没有版本信息）' };
  let version = raw;
  try {
    version = decodeURIComponent(raw);
  } catch {
    // Not percent-encoded: shown as sent.
  }
  return { ok: true, url, version };
}
