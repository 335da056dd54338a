import { AxiosError } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHttpClient } from './client';
import { ApiError, isDuplicateCancel } from './errors';
import { registerNavigator } from './navigator';
import { clearToasts, getToasts } from '@renderer/notify/toast';
import { getTokens, getUser, setMenuList, storeSignIn } from '@renderer/session/session';
import { deferred, fakeAdapter, ok } from '@renderer/test/fakeAdapter';

const visited: string[] = [];
const toasts = () => getToasts().map((t) => t.message);

function signIn(expiresIn = 3600, refreshExpiresIn = 86400) {
  storeSignIn({ token: 't1', refreshToken: 'r1', expiresIn, refreshExpiresIn, user: { id: 7, name: '管理员' }, mustChangePassword: false });
}

beforeEach(() => {
  visited.length = 0;
  registerNavigator((p) => visited.push(p));
  clearToasts();
});
afterEach(() => {
  registerNavigator(null);
  vi.restoreAllMocks();
  delete window.api;
});

describe('requests', () => {
  it('go under /api with authId, authName, the bearer token and a 200 s timeout', async () => {
    signIn();
    const adapter = fakeAdapter(() => ok({ list: [] }));
    const http = createHttpClient({ adapter });
    await expect(http.get('/user/pageList', { page: 1 })).resolves.toEqual({ list: [] });
    const call = adapter.calls[0]!;
    expect(call.baseURL).toBe('/api');
    expect(call.params).toEqual({ page: 1, authId: 7, authName: '管理员' });
    expect(call.headers.Authorization).toBe('Bearer t1');
    expect(call.timeout).toBe(200_000);
  });

  it('name the workstation set on 设备设置 in the x-workstation header, URI-encoded, and only when one is set', async () => {
    signIn();
    const adapter = fakeAdapter(() => ok(null));
    const http = createHttpClient({ adapter });
    await http.post('/produce/filling', { code: 'GP0001' });
    expect(adapter.calls[0]!.headers.has('x-workstation')).toBe(false);
    localStorage.setItem('WORKSTATION', '充装一号工位');
    await http.post('/produce/filling', { code: 'GP0002' });
    const header = adapter.calls[1]!.headers.get('x-workstation') as string;
    expect(header).toBe('%E5%85%85%E8%A3%85%E4%B8%80%E5%8F%B7%E5%B7%A5%E4%BD%8D');
    expect(decodeURIComponent(header)).toBe('充装一号工位');
    await http.get('/product/statusCount');
    expect(adapter.calls[2]!.headers.get('x-workstation')).toBe(header);
  });

  it('in the desktop shell go to the configured server', async () => {
    window.api = { settingsGetServerUrl: async () => 'http://10.0.0.2:8080/' } as unknown as typeof window.api;
    const adapter = fakeAdapter(() => ok(1));
    await createHttpClient({ adapter }).get('/x');
    expect(adapter.calls[0]!.baseURL).toBe('http://10.0.0.2:8080/api');
  });

  it('read the product identity from the root headers with a 50 s timeout', async () => {
    const adapter = fakeAdapter(() => ({ data: '<html>', headers: { 'x-app-title': encodeURIComponent('气瓶追溯平台'), 'x-app-version': '1.2.3' } }));
    const info = await createHttpClient({ adapter }).rootInfo();
    expect(info).toMatchObject({ title: '气瓶追溯平台', version: '1.2.3' });
    expect(adapter.calls[0]!.url).toBe('/');
    expect(adapter.calls[0]!.timeout).toBe(50_000);
  });
});

describe('the envelope', () => {
  const client = (reply: object) => createHttpClient({ adapter: fakeAdapter(() => reply) });

  it('code 0 resolves with data', async () => {
    await expect(client(ok({ a: 1 })).post('/x')).resolves.toEqual({ a: 1 });
    expect(toasts()).toEqual([]);
  });

  it('code -1 toasts the message and rejects', async () => {
    await expect(client({ data: { code: -1, msg: '名称不能为空' } }).post('/x')).rejects.toBeInstanceOf(ApiError);
    expect(toasts()).toEqual(['名称不能为空']);
  });

  it('code -1 on a silent request rejects without a toast', async () => {
    await expect(client({ data: { code: -1, msg: '用户名或密码错误' } }).post('/x', {}, { silent: true })).rejects.toThrow('用户名或密码错误');
    expect(toasts()).toEqual([]);
  });

  it('any other code toasts code|msg and rejects', async () => {
    await expect(client({ data: { code: 1001, msg: '库存不足' } }).post('/x')).rejects.toMatchObject({ code: 1001 });
    expect(toasts()).toEqual(['1001|库存不足']);
  });

  it('code 401 without a refresh token clears the session and goes to /login', async () => {
    storeSignIn({ token: 't1', refreshToken: 'r1', expiresIn: 3600, refreshExpiresIn: -1, user: { id: 1, name: 'a' }, mustChangePassword: false });
    await expect(client({ data: { code: 401, msg: 'expired' } }).post('/x')).rejects.toMatchObject({ code: 401 });
    expect(getUser()).toBeNull();
    expect(visited).toEqual(['/login']);
  });

  it('a response without code passes through', async () => {
    await expect(client({ data: 'plain text' }).get('/x')).resolves.toBe('plain text');
    await expect(client({ data: { rows: [1] } }).get('/y')).resolves.toEqual({ rows: [1] });
  });

  it('a downloaded file is saved under the name from Content-Disposition', async () => {
    const created: Blob[] = [];
    URL.createObjectURL = vi.fn((b: Blob) => (created.push(b), 'blob:1'));
    URL.revokeObjectURL = vi.fn();
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    const blob = new Blob(['xlsx'], { type: 'application/vnd.ms-excel' });
    const http = client({ data: blob, headers: { 'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent('检验记录.xlsx')}` } });
    await expect(http.post('/produce/importTest', {}, { responseType: 'blob' })).resolves.toBe(blob);
    expect(downloads).toEqual(['检验记录.xlsx']);
    expect(created).toEqual([blob]);
  });

  it('a download answered with an error envelope is rejected like any envelope', async () => {
    const blob = new Blob([JSON.stringify({ code: -1, msg: '没有数据可导出' })], { type: 'application/json' });
    await expect(client({ data: blob }).post('/x/export', {}, { responseType: 'blob' })).rejects.toBeInstanceOf(ApiError);
    expect(toasts()).toEqual(['没有数据可导出']);
  });
});

describe('HTTP errors', () => {
  const fail = (status: number, data?: unknown) => createHttpClient({ adapter: fakeAdapter(() => ({ status, data })) });

  it('401 without an envelope goes to /401', async () => {
    await expect(fail(401, 'Unauthorized').get('/x')).rejects.toThrow();
    expect(visited).toEqual(['/401']);
  });

  it('403 goes to /403 without showing the message', async () => {
    await expect(fail(403, { code: 403, msg: '没有权限' }).get('/x')).rejects.toThrow();
    expect(visited).toEqual(['/403']);
    expect(toasts()).toEqual([]);
  });

  it('403 on an action (a save, a scan) stays on the screen: it rejects with the server\'s message, shown unless the caller shows it', async () => {
    const refusal = { code: 403, msg: '没有权限：充装（充装管理）' };
    await expect(fail(403, refusal).post('/produce/filling', {}, { action: true })).rejects.toMatchObject({ response: { status: 403, data: refusal } });
    expect(visited).toEqual([]);
    expect(toasts()).toEqual(['没有权限：充装（充装管理）']);
    clearToasts();
    await expect(fail(403, refusal).post('/produce/filling', {}, { action: true, silent: true })).rejects.toThrow();
    expect(toasts()).toEqual([]);
    expect(visited).toEqual([]);
  });

  it('404 shows nothing', async () => {
    await expect(fail(404, { code: 404, msg: 'Not Found' }).get('/x')).rejects.toThrow();
    expect(toasts()).toEqual([]);
    expect(visited).toEqual([]);
  });

  it.each([500, 502])('%i shows "{url} 服务异常！！"', async (status) => {
    await expect(fail(status).get('/user/pageList')).rejects.toThrow();
    expect(toasts()).toEqual(['/user/pageList 服务异常！！']);
  });

  it('a message field is shown as 请求异常 plus the text', async () => {
    await expect(fail(400, { message: 'body must be object' }).post('/x')).rejects.toThrow();
    expect(toasts()).toEqual(['请求异常：body must be object']);
  });

  it('no answer at all says what to check in Chinese, not the browser\'s text', async () => {
    const unreachable = createHttpClient({ adapter: fakeAdapter((config) => { throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config); }) });
    await expect(unreachable.get('/x')).rejects.toThrow();
    const slow = createHttpClient({ adapter: fakeAdapter((config) => { throw new AxiosError('timeout of 200000ms exceeded', 'ECONNABORTED', config); }) });
    await expect(slow.get('/y')).rejects.toThrow();
    expect(toasts()).toEqual(['请求异常：无法连接服务器，请检查网络或服务器是否已启动', '请求异常：服务器响应超时，请稍后重试']);
  });

  it('other statuses without a message are logged', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(fail(418).get('/x')).rejects.toThrow();
    expect(log).toHaveBeenCalled();
    expect(toasts()).toEqual([]);
  });
});

describe('token refresh', () => {
  const refreshed = { code: 0, msg: 'ok', data: { token: 't2', refreshToken: 'r2', expiresIn: 3600, refreshExpiresIn: 86400, user: { id: 7, name: '管理员' }, mustChangePassword: false } };

  it('an expiring access token is refreshed once while other requests wait and reuse it', async () => {
    signIn(10); // expires within the 30 s margin
    const gate = deferred();
    const adapter = fakeAdapter((c) => (c.url === '/user/refreshToken' ? { data: refreshed, wait: gate.promise } : ok(c.url)));
    const http = createHttpClient({ adapter });
    const results = Promise.all([http.get('/a'), http.get('/b'), http.post('/c')]);
    // The refresh is held in flight while the three requests wait on it.
    await vi.waitFor(() => expect(adapter.calls.map((c) => c.url)).toContain('/user/refreshToken'));
    gate.resolve();
    await expect(results).resolves.toEqual(['/a', '/b', '/c']);
    const refreshCalls = adapter.calls.filter((c) => c.url === '/user/refreshToken');
    expect(refreshCalls).toHaveLength(1);
    expect(refreshCalls[0]!.headers.Authorization).toBe('Bearer r1');
    expect(adapter.calls.filter((c) => c.url !== '/user/refreshToken').map((c) => c.headers.Authorization)).toEqual(['Bearer t2', 'Bearer t2', 'Bearer t2']);
    expect(getTokens()).toMatchObject({ token: 't2', refreshToken: 'r2' });
  });

  it('a failed refresh clears the storage and goes to /login', async () => {
    signIn(-1);
    setMenuList([]);
    const adapter = fakeAdapter((c) => (c.url === '/user/refreshToken' ? { status: 401, data: { code: 401, msg: 'revoked' } } : ok(1)));
    const http = createHttpClient({ adapter });
    const all = await Promise.allSettled([http.get('/a'), http.get('/b')]);
    expect(all.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(adapter.calls.filter((c) => c.url === '/user/refreshToken')).toHaveLength(1);
    expect(adapter.calls.filter((c) => c.url !== '/user/refreshToken')).toHaveLength(0);
    expect(sessionStorage.length).toBe(0);
    expect(visited).toContain('/login');
  });

  it('with the refresh token expired too, no refresh is tried: storage cleared, /login', async () => {
    signIn(-1, -1);
    const adapter = fakeAdapter(() => ok(1));
    await expect(createHttpClient({ adapter }).get('/a')).rejects.toThrow();
    expect(adapter.calls).toHaveLength(0);
    expect(sessionStorage.length).toBe(0);
    expect(visited).toEqual(['/login']);
  });

  it('HTTP 401 with envelope code 401 refreshes once and retries the request once', async () => {
    signIn();
    const adapter = fakeAdapter((c) => {
      if (c.url === '/user/refreshToken') return { data: refreshed };
      return c.headers.Authorization === 'Bearer t2' ? ok('fine') : { status: 401, data: { code: 401, msg: '登录已过期' } };
    });
    const http = createHttpClient({ adapter });
    await expect(Promise.all([http.get('/a'), http.get('/b')])).resolves.toEqual(['fine', 'fine']);
    expect(adapter.calls.filter((c) => c.url === '/user/refreshToken')).toHaveLength(1);
    expect(visited).toEqual([]);
  });

  it('a retried request refused again ends the session', async () => {
    signIn();
    const adapter = fakeAdapter((c) => (c.url === '/user/refreshToken' ? { data: refreshed } : { status: 401, data: { code: 401, msg: 'no' } }));
    await expect(createHttpClient({ adapter }).get('/a')).rejects.toMatchObject({ code: 401 });
    expect(adapter.calls.filter((c) => c.url === '/a')).toHaveLength(2);
    expect(getUser()).toBeNull();
    expect(visited).toEqual(['/login']);
  });
});

describe('duplicate requests', () => {
  it('an identical request in flight cancels the new one silently; the first completes', async () => {
    const gate = deferred();
    const adapter = fakeAdapter(() => ({ ...ok('done'), wait: gate.promise }));
    const http = createHttpClient({ adapter });
    const first = http.post('/produce/fillingScan', { code: 'A1' });
    const second = http.post('/produce/fillingScan', { code: 'A1' }).catch((e: unknown) => e);
    const other = http.post('/produce/fillingScan', { code: 'B2' });
    gate.resolve();
    await expect(first).resolves.toBe('done');
    await expect(other).resolves.toBe('done');
    expect(isDuplicateCancel(await second)).toBe(true);
    expect(adapter.calls).toHaveLength(2);
    expect(toasts()).toEqual([]);
    // Once the first finished, the same request may go again.
    await expect(http.post('/produce/fillingScan', { code: 'A1' })).resolves.toBe('done');
  });

  it('upload and download endpoints are exempt', async () => {
    const adapter = fakeAdapter(() => ok('stored/path'));
    const http = createHttpClient({ adapter });
    await Promise.all([http.post('/file/upload', 'same'), http.post('/file/upload', 'same')]);
    await Promise.all([http.get('/objectStorage/file/download', { path: 'p' }), http.get('/objectStorage/file/download', { path: 'p' })]);
    await Promise.all([http.post('/x/list', {}, { responseType: 'blob' }), http.post('/x/list', {}, { responseType: 'blob' })]);
    expect(adapter.calls).toHaveLength(6);
  });
});
