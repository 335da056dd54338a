import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LabelJob } from '@shared/devices';
import { AGENT_URL_KEY } from './agentClient';
import { printLabel } from './devices';

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
