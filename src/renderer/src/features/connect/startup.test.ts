import { describe, expect, it } from 'vitest';
import type { ConnectionState } from '@shared/connection';
import { afterProbe, autoRetries, firstStep, ipcErrorMessage, retryDelayMs } from './startup';

const fresh: ConnectionState = { serverUrl: null, standalone: false, lanAccess: false, port: null, activeUrl: null, standaloneError: null };

describe('the desktop start-up decision', () => {
  it('a fresh install asks for the server address first', () => {
    expect(firstStep(fresh)).toEqual({ kind: 'needsAddress' });
  });

  it('a saved address is probed before login', () => {
    expect(firstStep({ ...fresh, serverUrl: 'http://10.0.0.2:8080', activeUrl: 'http://10.0.0.2:8080' })).toEqual({ kind: 'probe', url: 'http://10.0.0.2:8080' });
  });

  it('standalone mode probes the running local server, or shows why it is not running', () => {
    const running = { ...fresh, standalone: true, activeUrl: 'http://127.0.0.1:41001' };
    expect(firstStep(running)).toEqual({ kind: 'probe', url: 'http://127.0.0.1:41001' });
    expect(firstStep({ ...fresh, standalone: true, standaloneError: '本机服务器未能启动（退出码 1）' }, 2)).toEqual({
      kind: 'unreachable', url: null, reason: '本机服务器未能启动（退出码 1）', standalone: true, attempt: 2,
    });
    // Standalone needs no plant address.
    expect(firstStep({ ...fresh, standalone: true }).kind).toBe('unreachable');
  });

  it('a probe that answers lets the user in; one that fails gives the address and the reason', () => {
    expect(afterProbe({ ok: true, url: 'http://10.0.0.2:8080', version: '1.0.0' }, false, 0)).toEqual({ kind: 'ready' });
    expect(afterProbe({ ok: false, url: 'http://10.0.0.2:8080', reason: '连接超时（5 秒内没有响应）' }, false, 1)).toEqual({
      kind: 'unreachable', url: 'http://10.0.0.2:8080', reason: '连接超时（5 秒内没有响应）', standalone: false, attempt: 1,
    });
  });

  it('retries a remote server by itself with growing pauses, a local one only when asked', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(retryDelayMs)).toEqual([2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
    expect(autoRetries({ kind: 'unreachable', url: 'http://10.0.0.2:8080', reason: 'x', standalone: false, attempt: 0 })).toBe(true);
    expect(autoRetries({ kind: 'unreachable', url: null, reason: 'x', standalone: true, attempt: 0 })).toBe(false);
    expect(autoRetries({ kind: 'ready' })).toBe(false);
  });

  it("shows an IPC rejection's own reason, without Electron's prefix", () => {
    const error = new Error("Error invoking remote method 'settings:setServerUrl': InvalidServerUrlError: 服务器地址无效（x）：不是合法的网址");
    expect(ipcErrorMessage(error)).toBe('服务器地址无效（x）：不是合法的网址');
    expect(ipcErrorMessage(new Error('端口必须是 1024–65535 之间的整数'))).toBe('端口必须是 1024–65535 之间的整数');
  });
});
