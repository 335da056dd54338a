import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cylinderLabel } from '../../src/shared/label/cylinder-label.fixture';
import { buildTspl } from '../../src/main/devices/printing/tspl';
import { buildZpl } from '../../src/main/devices/printing/zpl';
import { startPrintAgent, type RunningAgent } from '../../src/main/print-agent/agent-server';
import { startTcpPrinter, type TcpPrinter } from './tcp-listener';

const SERVER = 'http://10.0.0.2:8080';
let printer: TcpPrinter;
let agent: RunningAgent;

beforeEach(async () => {
  printer = await startTcpPrinter();
  agent = await startPrintAgent({
    port: 0,
    origins: () => [SERVER],
    printers: () => [{ name: '灌装标签机', lang: 'zpl', transport: 'tcp', address: `127.0.0.1:${printer.port}`, dpi: 203 }],
  });
});
afterEach(async () => {
  await agent.close();
  await printer.close();
});

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${agent.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('local print agent', () => {
  it('listens on 127.0.0.1 only', () => {
    expect(agent.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('prints a job to a configured printer without an Authorization header', async () => {
    const received = printer.nextJob();
    const res = await post('/label/print', cylinderLabel({ printer: '灌装标签机' }), { Origin: SERVER });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(SERVER);
    expect(await res.json()).toMatchObject({ code: 0, data: { printer: '灌装标签机' } });
    expect((await received).equals(buildZpl(cylinderLabel()))).toBe(true);
  });

  it('prints /tsc/print to an address, TSPL unless the address says otherwise', async () => {
    const received = printer.nextJob();
    const res = await post('/tsc/print', cylinderLabel({ printer: `tcp://127.0.0.1:${printer.port}` }));
    expect(res.status).toBe(200);
    expect((await received).equals(buildTspl(cylinderLabel()))).toBe(true);
  });

  it('answers the CORS preflight for the server origin only', async () => {
    const ok = await fetch(`${agent.url}/label/print`, {
      method: 'OPTIONS',
      headers: { Origin: SERVER, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' },
    });
    expect(ok.status).toBe(204);
    expect(ok.headers.get('access-control-allow-origin')).toBe(SERVER);
    expect(ok.headers.get('access-control-allow-headers')).toMatch(/Content-Type/i);
    const evil = await fetch(`${agent.url}/label/print`, { method: 'OPTIONS', headers: { Origin: 'https://evil.example' } });
    expect(evil.status).toBe(403);
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
  });

  it.each([
    ['a page from another origin', () => post('/label/print', cylinderLabel({ printer: '灌装标签机' }), { Origin: 'https://evil.example' }), 403, '来源不允许'],
    ['malformed JSON', () => post('/label/print', '{"printer":'), 400, '不是合法的 JSON'],
    ['a job without details', () => post('/label/print', { printer: '灌装标签机', width: 60, details: [] }), 400, '/details'],
    ['a detail of an unknown type', () => post('/label/print', cylinderLabel({ printer: '灌装标签机', details: [{ type: 'IMAGE', x: 0, y: 0, content: 'x' } as never] })), 400, '/details/0/type'],
    ['an unknown printer', () => post('/label/print', cylinderLabel({ printer: '没有的打印机' })), 400, '未配置该打印机'],
    ['an oversized job', () => post('/label/print', cylinderLabel({ printer: '灌装标签机', data: { pad: 'x'.repeat(300 * 1024) } })), 400, '过大'],
  ])('refuses %s and prints nothing', async (_name, send, status, reason) => {
    const res = await send();
    expect(res.status).toBe(status);
    const body = (await res.json()) as { code: number; msg: string };
    expect(body.code).toBe(-1);
    expect(body.msg).toContain(reason);
    await new Promise((r) => setTimeout(r, 50));
    expect(printer.jobs).toHaveLength(0);
  });

  it('refuses a request whose Host is not the loopback address (DNS rebinding)', async () => {
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve) => {
      const req = request(`${agent.url}/ping`, { headers: { Host: `evil.example:${agent.port}` } }, (res) => resolve(res.statusCode ?? 0));
      req.end();
    });
    expect(status).toBe(421);
  });

  it('reports a printer that refuses the connection as a failed print', async () => {
    const port = printer.port;
    await printer.close();
    const res = await post('/label/print', cylinderLabel({ printer: `tcp://127.0.0.1:${port}?lang=zpl` }));
    expect(res.status).toBe(502);
    expect(((await res.json()) as { msg: string }).msg).toBe(`打印机连接被拒绝：127.0.0.1:${port}`);
    printer = await startTcpPrinter();
  });
});

describe('the device agent routes (issue 34)', () => {
  it('are absent without devices, and keep the origin, JSON and field checks with them', async () => {
    expect((await fetch(`${agent.url}/fill/state?fillId=x`)).status).toBe(404);
    const { DeviceStation } = await import('../../src/main/devices/fill/device-station');
    const station = new DeviceStation({
      scales: () => [{ path: '/dev/does-not-exist', protocol: 'yaohua-a9', baudRate: 9600 }],
      relays: () => [{ name: '阀1', path: '/dev/does-not-exist-2', baudRate: 9600, unitId: 1, coil: 0, normallyOpen: true, watchdogSeconds: 1 }],
    });
    const devices = await startPrintAgent({ port: 0, origins: () => [SERVER], printers: () => [], station: () => station });
    try {
      const at = (path: string, init?: RequestInit) => fetch(`${devices.url}${path}`, init);
      const json = async (res: Response) => ({ status: res.status, ...((await res.json()) as { code: number; msg: string }) });
      const start = { fillId: 'f1', code: 'A1', scale: '/dev/does-not-exist', relay: '阀1', tareKg: 30, targetNetKg: 15, allowanceKg: 0.2, toleranceKg: 0.5, maxSeconds: 60, silenceSeconds: 2 };
      const post = (path: string, body: unknown, origin = SERVER) =>
        at(path, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: origin }, body: typeof body === 'string' ? body : JSON.stringify(body) });
      expect(await json(await post('/fill/start', start, 'https://evil.example'))).toMatchObject({ status: 403, code: -1 });
      expect(await json(await post('/fill/start', '{"fillId":'))).toMatchObject({ status: 400, msg: '充装请求不是合法的 JSON' });
      expect(await json(await post('/fill/start', { ...start, targetNetKg: 'x' }))).toMatchObject({ status: 400, msg: expect.stringContaining('targetNetKg') });
      expect(await json(await post('/fill/start', { ...start, relay: '没有' }))).toMatchObject({ status: 400, msg: '未配置继电器「没有」' });
      expect(await json(await at('/fill/state?fillId=nope'))).toMatchObject({ status: 404, msg: '没有这次充装：nope' });
      expect(await json(await at('/scale/latest'))).toMatchObject({ status: 400, msg: expect.stringContaining('path') });
      expect(await json(await at('/scale/latest?path=%2Fdev%2Fother'))).toMatchObject({ status: 400, msg: '未配置电子秤：/dev/other' });
      expect(await json(await at('/scale/latest?path=%2Fdev%2Fdoes-not-exist'))).toMatchObject({ status: 200, code: 0, data: null });
      // A relay that cannot be opened: the start answers relayError and nothing stays granted.
      const res = await json(await post('/fill/start', start));
      expect(res).toMatchObject({ status: 200, code: 0, data: { phase: 'aborted', reason: 'relayError' } });
    } finally {
      await station.close();
      await devices.close();
    }
  });
});
