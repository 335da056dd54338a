import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { probeServer } from './server-probe';

const servers: Server[] = [];
async function serve(listener: RequestListener): Promise<string> {
  const server = createServer(listener);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

describe('检测: probing a server address', () => {
  it('reads the version of a server of this product from GET /', async () => {
    const url = await serve((req, res) => {
      res.writeHead(req.url === '/' ? 200 : 404, { 'x-app-version': encodeURIComponent('1.4.0-beta.2'), 'content-type': 'text/html' });
      res.end('<!doctype html>');
    });
    expect(await probeServer(`${url}/`)).toEqual({ ok: true, url, version: '1.4.0-beta.2' });
  });

  it('says when nothing listens at the address', async () => {
    const url = await serve(() => {});
    const port = new URL(url).port;
    await new Promise((resolve) => servers.pop()!.close(resolve));
    const probe = await probeServer(`http://127.0.0.1:${port}`);
    expect(probe).toMatchObject({ ok: false, url: `http://127.0.0.1:${port}` });
    expect(probe.ok === false && probe.reason).toContain('连接被拒绝');
  });

  it('gives up after the timeout on a server that does not answer', async () => {
    const url = await serve(() => {});
    // The reason names the timeout, so the probe gave up on its own timer (without one it would hang until
    // this test's own timeout); no wall-clock bound, which a loaded machine breaks.
    const probe = await probeServer(url, { timeoutMs: 300 });
    expect(probe).toEqual({ ok: false, url, reason: '连接超时（0.3 秒内没有响应）' });
  });

  it('refuses an answer without the product version (another web server at that port)', async () => {
    const url = await serve((_req, res) => res.end('It works!'));
    expect(await probeServer(url)).toEqual({ ok: false, url, reason: '该地址有响应，但不是本系统的服务器（没有版本信息）' });
  });

  it('reports an HTTP error status', async () => {
    const url = await serve((_req, res) => {
      res.writeHead(502);
      res.end();
    });
    const probe = await probeServer(url);
    expect(probe.ok === false && probe.reason).toBe('服务器返回 HTTP 502，请确认地址指向本系统的服务器');
  });

  it('checks the address by the settings rules before any request', async () => {
    const probe = await probeServer('http://10.0.0.2:8080/api', { fetch: () => Promise.reject(new Error('no request expected')) });
    expect(probe.ok === false && probe.reason).toContain('不能包含路径或参数');
  });

  it('names an unknown host', async () => {
    const fetchFails = () => Promise.reject(Object.assign(new TypeError('fetch failed'), { cause: { code: 'ENOTFOUND' } }));
    const probe = await probeServer('http://no-such-host.invalid', { fetch: fetchFails });
    expect(probe.ok === false && probe.reason).toBe('找不到该主机，请检查地址');
  });
});
