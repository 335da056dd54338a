import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_HEADERS } from '../../src/shared/app';
import { buildApp } from '../../src/server/app';
import { signAccessToken } from '../../src/server/lib/jwt';
import { buildTestApp, testConfig, type TestApp } from './app-helper';

let t: TestApp;
let token: string;
let sessionId: string;

beforeAll(async () => {
  t = await buildTestApp({
    extend: (app) => {
      app.get('/api/test/boom', { config: { permission: 'public' } }, async () => {
        throw new Error('secret internals at /srv/app.ts:42');
      });
    },
  });
  const data = await t.login();
  token = data.token;
  sessionId = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid;
});
afterAll(async () => { await t?.close(); });

describe('success and business envelopes', () => {
  it('answers {code: 0, msg: 操作成功, data}', async () => {
    const res = await t.call('POST', '/api/home/nav/0', { token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 0, msg: '操作成功' });
    expect(res.body.data).toHaveProperty('menuList');
  });

  it('answers a business refusal as HTTP 200 code -1 with a message', async () => {
    const res = await t.call('POST', '/api/home/login', { body: { username: 'nobody', password: 'whatever' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: -1, msg: '用户名或密码错误，还可尝试 4 次', data: null });
  });
});

describe('invalid input', () => {
  it('names the empty field', async () => {
    const res = await t.call('POST', '/api/home/login', { body: { username: '', password: 'x' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: -1, msg: '参数错误：用户名不能为空' });
  });

  it('names the missing field', async () => {
    const res = await t.call('POST', '/api/home/login', { body: { username: 'admin' } });
    expect(res.body).toMatchObject({ code: -1, msg: '参数错误：密码不能为空' });
  });

  it('names a field of the wrong type or length', async () => {
    const wrongType = await t.call('POST', '/api/user/save', {
      token, body: { username: 'zhang', name: '张三', password: 'long-enough-1', roleIds: ['x'] },
    });
    expect(wrongType.body).toMatchObject({ code: -1, msg: '参数错误：角色 第 1 项类型错误，应为整数' });
    const tooShort = await t.call('POST', '/api/user/save', { token, body: { username: 'zhang', name: '张三', password: 'short' } });
    expect(tooShort.body).toMatchObject({ code: -1, msg: '参数错误：密码长度不能少于 8 个字符' });
  });

  it('names a query parameter out of range', async () => {
    const res = await t.call('GET', '/api/user/pageList?size=100000', { token });
    expect(res.body).toMatchObject({ code: -1, msg: '参数错误：每页条数不能大于 500' });
  });

  it('refuses malformed JSON as a business error, not a crash', async () => {
    const res = await t.app.inject({
      method: 'POST', url: '/api/home/login', headers: { 'content-type': 'application/json' }, payload: '{"username":',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: -1, msg: '参数错误：请求体不是合法的 JSON' });
  });

  it('ignores authId/authName for identity and does not reject them', async () => {
    const res = await t.call('GET', '/api/user/pageList?authId=999&authName=mallory', { token });
    expect(res.body.code).toBe(0);
    const anonymous = await t.call('GET', '/api/user/pageList?authId=1&authName=admin');
    expect(anonymous.status).toBe(401);
  });
});

describe('401, 403, 404, 500', () => {
  it('answers 401 未登录 without a token', async () => {
    const res = await t.call('POST', '/api/home/nav/0');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ code: 401, msg: '未登录', data: null });
  });

  it('answers 401 登录已过期 for a forged or expired token', async () => {
    const forged = await t.call('POST', '/api/home/nav/0', { token: `${token.slice(0, -4)}AAAA` });
    expect(forged.status).toBe(401);
    expect(forged.body).toMatchObject({ code: 401, msg: '登录已过期，请重新登录' });
    const expired = await signAccessToken({ sub: 1, name: '管理员', sid: sessionId }, t.config.accessTokenSecret, 60, Date.now() - 120_000);
    const res = await t.call('POST', '/api/home/nav/0', { token: expired });
    expect(res.status).toBe(401);
    expect(res.body.msg).toBe('登录已过期，请重新登录');
    const otherSecret = await signAccessToken({ sub: 1, name: '管理员', sid: sessionId }, 'another-secret-another-secret-another', 60);
    expect((await t.call('POST', '/api/home/nav/0', { token: otherSecret })).status).toBe(401);
  });

  it('accepts a valid token given raw or as Bearer', async () => {
    const raw = await t.call('POST', '/api/home/nav/0', { headers: { authorization: token } });
    expect(raw.body.code).toBe(0);
  });

  it('answers 404 naming an unknown /api path', async () => {
    const res = await t.call('POST', '/api/no/such/thing?x=1', { token });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 404, msg: '接口不存在：/api/no/such/thing', data: null });
  });

  it('answers 500 with a request id and no internals', async () => {
    const res = await t.call('GET', '/api/test/boom');
    expect(res.status).toBe(500);
    const requestId = res.body.requestId;
    expect(requestId).toMatch(/^[0-9a-f]{16}$/);
    expect(res.body).toEqual({ code: 500, msg: `服务器内部错误，请联系管理员（请求编号 ${requestId}）`, data: null, requestId });
    expect(res.headers['x-request-id']).toBe(requestId);
    expect(JSON.stringify(res.body)).not.toMatch(/secret internals|app\.ts|stack/);
  });
});

describe('requests refused before any route', () => {
  it('answers a malformed %-escape in the URL with -1', async () => {
    for (const url of ['/api/home/nav/%zz', '/Setting/%E4%zzuser']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.json(), url).toEqual({ code: -1, msg: '请求地址无效：包含不合法的 % 转义', data: null });
    }
  });

  it('answers an over-long path parameter with -1', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/produce/checkWeight/${'1'.repeat(300)}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: -1, msg: '请求地址过长：路径参数超过 100 个字符', data: null });
    const post = await t.app.inject({ method: 'POST', url: `/api/home/adminResetPassWd/${'1'.repeat(300)}`, payload: {} });
    expect(post.json()).toMatchObject({ code: -1, msg: '请求地址过长：路径参数超过 100 个字符' });
  });

  describe("refused by Node's HTTP parser (a listening server)", () => {
    let server: Awaited<ReturnType<typeof buildApp>>;
    let port: number;
    beforeAll(async () => {
      server = await buildApp({ config: testConfig(), db: t.db });
      await server.listen({ host: '127.0.0.1', port: 0 });
      port = (server.server.address() as { port: number }).port;
    });
    afterAll(async () => { await server?.close(); });

    const get = (path: string, headers: Record<string, string> = {}) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest({ host: '127.0.0.1', port, path, headers }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode!, body }));
        });
        req.on('error', reject);
        req.end();
      });

    it('answers headers over 16 KB with 431 and an envelope', async () => {
      for (const size of [20_000, 300_000]) {
        const res = await get('/api/home/nav/0', { 'x-padding': 'y'.repeat(size) });
        expect(res.status, String(size)).toBe(431);
        expect(JSON.parse(res.body)).toEqual({ code: -1, msg: '请求头或请求地址过长（超过 16 KB），请求未处理', data: null });
      }
    });

    it('answers a request line over 16 KB with 431 and an envelope', async () => {
      const res = await get(`/api/${'x'.repeat(20_000)}`);
      expect(res.status).toBe(431);
      expect(JSON.parse(res.body)).toMatchObject({ code: -1 });
    });

    it('answers bytes that are not HTTP with 400 and an envelope', async () => {
      const socket = connect(port, '127.0.0.1');
      socket.end('HELLO THERE\r\n\r\n');
      let text = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (text += chunk));
      await new Promise((done) => socket.on('close', done));
      expect(text).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
      expect(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))).toEqual({ code: -1, msg: '请求格式无效，请求未处理', data: null });
    });
  });
});

describe('route declarations', () => {
  it('refuses to start when an /api route declares no permission', async () => {
    const start = buildApp({
      config: testConfig(),
      db: t.db,
      extend: async (a) => {
        await a.register(async (module) => { module.post('/api/test/forgotten', async () => ({})); });
      },
    }).then((app) => app.ready());
    await expect(start).rejects.toThrow(/POST \/api\/test\/forgotten declares no config\.permission/);
  });
});

describe('site root and OpenAPI', () => {
  const decoded = (headers: Record<string, unknown>, name: string) => decodeURIComponent(String(headers[name]));

  it('GET / carries the product headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(decoded(res.headers, APP_HEADERS.title)).toBe('气瓶追溯平台');
    expect(decoded(res.headers, APP_HEADERS.description)).toBe('气瓶全生命周期信息追溯平台');
    expect(decoded(res.headers, APP_HEADERS.version)).toBe('9.8.7-test');
    expect(decoded(res.headers, APP_HEADERS.team)).toBe('气瓶追溯平台团队');
  });

  it('serves the built renderer, falls back to index.html for client routes, keeps /api 404s', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'renderer-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>app</title>');
    writeFileSync(join(dir, 'app.js'), 'console.log(1)');
    const app = await buildApp({ config: testConfig({ rendererDir: dir }), db: t.db });
    try {
      const root = await app.inject({ method: 'GET', url: '/' });
      expect(root.body).toContain('<title>app</title>');
      expect(decoded(root.headers, APP_HEADERS.version)).toBe('9.8.7-test');
      expect((await app.inject({ method: 'GET', url: '/app.js' })).body).toBe('console.log(1)');
      const deep = await app.inject({ method: 'GET', url: '/Setting/user?tab=1' });
      expect(deep.statusCode).toBe(200);
      expect(deep.body).toContain('<title>app</title>');
      const api = await app.inject({ method: 'GET', url: '/api/nothing' });
      expect(api.statusCode).toBe(404);
      expect(api.json()).toMatchObject({ code: 404, msg: '接口不存在：/api/nothing' });
    } finally {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('lets the configured origins (desktop shell, dev server) call the API and read the product headers', async () => {
    const app = await buildApp({ config: testConfig({ corsOrigins: ['app://renderer'] }), db: t.db });
    try {
      const preflight = (origin: string) => app.inject({
        method: 'OPTIONS', url: '/api/home/login',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
      });
      const allowed = await preflight('app://renderer');
      expect(allowed.statusCode).toBe(204);
      expect(allowed.headers['access-control-allow-origin']).toBe('app://renderer');
      expect(allowed.headers['access-control-expose-headers']).toContain(APP_HEADERS.version);
      // A printed document without its PDF says why in this header; the desktop client must be able to read it.
      expect(allowed.headers['access-control-expose-headers']).toContain('x-document-message');
      expect((await preflight('https://evil.example')).headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await app.close();
    }
  });

  it('publishes an OpenAPI document of the routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/home/login'].post.requestBody.content['application/json'].schema.required).toEqual(['username', 'password']);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/user/refreshToken', '/api/home/nav/0', '/api/role/saveRole']));
  });
});
