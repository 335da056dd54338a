import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LabelJob } from '@shared/devices';
import { AGENT_URL_KEY } from './agentClient';
import { cancelFill, fillState, printLabel, startFill, useLiveScale } from './devices';
import { renderHook, waitFor } from '@testing-library/react';

const job: LabelJob = { printer: 'TSC', width: 60, details: [{ type: 'FONT', x: 1, y: 1, content: '{code}' }], data: { code: 'A1' } };

afterEach(() => {
  delete window.api;
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('printLabel for business screens', () => {
  it('prints through IPC in the desktop app', async () => {
    const devicesPrintLabel = vi.fn(async () => ({ printer: 'TSC', bytes: 10 }));
    window.api = { devicesPrintLabel } as unknown as typeof window.api;
    await expect(printLabel(job)).resolves.toEqual({ printer: 'TSC', bytes: 10 });
    expect(devicesPrintLabel).toHaveBeenCalledWith(job);
  });

  it('prints through the local agent in a browser and surfaces its refusal', async () => {
    localStorage.setItem(AGENT_URL_KEY, 'http://127.0.0.1:9600');
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ code: -1, msg: '打印任务格式错误：/width', data: null }), { status: 400 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(printLabel(job)).rejects.toThrow('打印任务格式错误：/width');
    expect(fetchMock).toHaveBeenCalledWith('http://127.0.0.1:9600/label/print', expect.objectContaining({ method: 'POST', body: JSON.stringify(job) }));
  });
});

const request = { fillId: 's1', code: 'A1', scale: '/dev/ttyUSB0', relay: '阀1', tareKg: 30, targetNetKg: 15, allowanceKg: 0.2, toleranceKg: 0.5, maxSeconds: 600, silenceSeconds: 3 };
const state = { fillId: 's1', code: 'A1', phase: 'filling', reason: null, scale: '/dev/ttyUSB0', relay: '阀1', grossKg: 31, netKg: 1, stable: false, tareKg: 30, targetNetKg: 15, grantedAt: '2026-11-27T08:00:00.000Z', releasedAt: null, message: null };

describe('the fill cycle for the 充装 station', () => {
  it('goes through IPC in the desktop app', async () => {
    const api = { fillStart: vi.fn(async () => state), fillState: vi.fn(async () => state), fillCancel: vi.fn(async () => ({ ...state, phase: 'aborted', reason: 'suspended' })) };
    window.api = api as unknown as typeof window.api;
    await expect(startFill(request)).resolves.toEqual(state);
    expect(api.fillStart).toHaveBeenCalledWith(request);
    await fillState('s1');
    expect(api.fillState).toHaveBeenCalledWith('s1');
    await expect(cancelFill('s1', 'suspended')).resolves.toMatchObject({ reason: 'suspended' });
    expect(api.fillCancel).toHaveBeenCalledWith('s1', 'suspended');
  });

  it('goes through the device agent in a browser, refusals as errors', async () => {
    localStorage.setItem(AGENT_URL_KEY, 'http://127.0.0.1:9600');
    const fetchMock = vi.fn(async (url: string) =>
      url.endsWith('/fill/start')
        ? new Response(JSON.stringify({ code: -1, msg: '继电器「阀1」正在为气瓶 A0 充装，请先结束该次充装', data: null }), { status: 400 })
        : new Response(JSON.stringify({ code: 0, msg: 'ok', data: state })),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(startFill(request)).rejects.toThrow('正在为气瓶 A0 充装');
    expect(fetchMock).toHaveBeenCalledWith('http://127.0.0.1:9600/fill/start', expect.objectContaining({ method: 'POST', body: JSON.stringify(request) }));
    await expect(fillState('s 1')).resolves.toEqual(state);
    expect(fetchMock).toHaveBeenLastCalledWith('http://127.0.0.1:9600/fill/state?fillId=s%201', expect.anything());
    await cancelFill('s1');
    expect(fetchMock).toHaveBeenLastCalledWith('http://127.0.0.1:9600/fill/cancel', expect.objectContaining({ body: JSON.stringify({ fillId: 's1', reason: 'cancelled' }) }));
  });

  it('useLiveScale polls the agent in a browser', async () => {
    const reading = { path: '/dev/ttyUSB0', weight: 31.5, unit: 'kg', stable: true, raw: '', at: 1 };
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ code: 0, msg: 'ok', data: reading })));
    vi.stubGlobal('fetch', fetchMock);
    const { result, unmount } = renderHook(() => useLiveScale('/dev/ttyUSB0', 50));
    await waitFor(() => expect(result.current).toEqual(reading));
    expect(fetchMock).toHaveBeenCalledWith('http://127.0.0.1:9527/scale/latest?path=%2Fdev%2FttyUSB0', expect.anything());
    unmount();
  });
});
