import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ConnectionState, ServerProbe, StandaloneSettings } from '@shared/connection';
import { http } from '@renderer/http/client';
import { deferred, fakeAdapter, ok } from '@renderer/test/fakeAdapter';
import { renderApp } from '@renderer/test/renderApp';

/**
 * window.api as the desktop shell's preload builds it, backed by a little model of the main process:
 * the saved connection, a probe answering per address, and a local server that starts or fails.
 */
function desktop(initial: Partial<ConnectionState> = {}, answers: Record<string, ServerProbe> = {}) {
  const state: ConnectionState = { serverUrl: null, standalone: false, lanAccess: false, port: null, activeUrl: null, standaloneError: null, ...initial };
  const model = { state, answers, localStartFails: null as string | null };
  const api = {
    settingsGetConnection: vi.fn(async () => ({ ...state })),
    settingsGetServerUrl: vi.fn(async () => state.activeUrl ?? ''),
    settingsProbeServer: vi.fn(async (url: string): Promise<ServerProbe> =>
      model.answers[url] ?? { ok: false, url, reason: '连接被拒绝：该地址上没有运行服务器，请确认服务器已启动、端口正确' }),
    settingsSetServerUrl: vi.fn(async (url: string) => {
      if (!/^https?:\/\/[^/]+$/.test(url)) {
        throw new Error(`Error invoking remote method 'settings:setServerUrl': InvalidServerUrlError: 服务器地址无效（${url}）：只填写协议、主机和端口，不能包含路径或参数。示例：http://192.168.1.10:8080`);
      }
      state.serverUrl = url;
      if (!state.standalone) state.activeUrl = url;
      return url;
    }),
    settingsSetStandalone: vi.fn(async (s: StandaloneSettings) => {
      Object.assign(state, s);
      if (!s.standalone) Object.assign(state, { activeUrl: state.serverUrl, standaloneError: null });
      else if (model.localStartFails) Object.assign(state, { activeUrl: null, standaloneError: model.localStartFails });
      else Object.assign(state, { activeUrl: `http://127.0.0.1:${s.port ?? 41001}`, standaloneError: null });
      return { ...state };
    }),
    windowMaximize: vi.fn(async () => {}),
    on: vi.fn(() => () => {}),
  };
  window.api = api as unknown as typeof window.api;
  return { api, model };
}

const up = (url: string, version = '1.4.0'): ServerProbe => ({ ok: true, url, version });

beforeEach(() => {
  // The login screen asks the server for its title (GET /).
  http.setAdapter(fakeAdapter((c) => (String(c.url).endsWith('/') ? { data: '', headers: { 'x-app-version': '1.4.0' } } : ok(null))));
});
afterEach(() => {
  delete window.api;
  http.setAdapter(undefined);
});

describe('first run in the desktop app', () => {
  it('asks for the server address before login, tests it with 检测, saves it and goes on to login', async () => {
    const { api } = desktop({}, { 'http://10.0.0.2:8080': up('http://10.0.0.2:8080') });
    const { router } = renderApp('/login');
    expect(await screen.findByRole('heading', { name: '服务器设置' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/connect');
    // The hint follows the saved connection, which the shell answers after the page is up.
    expect(await screen.findByText(/首次使用，请填写本厂服务器的地址/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '返回登录' })).not.toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('服务器地址'), 'http://10.0.0.2:8080');
    await userEvent.click(screen.getByRole('button', { name: '检测' }));
    expect(await screen.findByTestId('probe-result')).toHaveTextContent('连接成功，服务器版本 1.4.0');
    expect(api.settingsProbeServer).toHaveBeenCalledWith('http://10.0.0.2:8080');

    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByRole('button', { name: '登录' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(api.settingsSetServerUrl).toHaveBeenCalledWith('http://10.0.0.2:8080');
    expect(api.settingsSetStandalone).not.toHaveBeenCalled();
    // Entering login maximises the window, as always.
    expect(api.windowMaximize).toHaveBeenCalled();
  });

  it('says why 检测 failed, and why an address cannot be saved, staying on 服务器设置', async () => {
    desktop();
    const { router } = renderApp('/connect');
    await userEvent.type(await screen.findByLabelText('服务器地址'), 'http://10.0.0.3:8080');
    await userEvent.click(screen.getByRole('button', { name: '检测' }));
    expect(await screen.findByTestId('probe-result')).toHaveTextContent('连接失败：连接被拒绝：该地址上没有运行服务器');

    await userEvent.clear(screen.getByLabelText('服务器地址'));
    await userEvent.type(screen.getByLabelText('服务器地址'), 'http://10.0.0.3:8080/api');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByTestId('connect-error')).toHaveTextContent(/^服务器地址无效（http:\/\/10.0.0.3:8080\/api）：只填写协议、主机和端口/);
    expect(router.state.location.pathname).toBe('/connect');
  });

  it('shows the form only once the saved setting is read: nothing typed before it arrives is overwritten', async () => {
    const { api } = desktop({ serverUrl: 'http://10.0.0.2:8080', activeUrl: 'http://10.0.0.2:8080' });
    const read = deferred();
    const saved = await api.settingsGetConnection();
    api.settingsGetConnection.mockImplementation(async () => (await read.promise, saved));
    renderApp('/connect');
    // The page is up and asking (the first call was this test's own).
    await waitFor(() => expect(api.settingsGetConnection).toHaveBeenCalledTimes(2));
    expect(screen.queryByLabelText('服务器地址')).not.toBeInTheDocument();
    read.resolve();
    expect(await screen.findByLabelText('服务器地址')).toHaveValue('http://10.0.0.2:8080');
  });

  it('the login screen offers 服务器设置, with the saved address filled in and a way back', async () => {
    desktop({ serverUrl: 'http://10.0.0.2:8080', activeUrl: 'http://10.0.0.2:8080' }, { 'http://10.0.0.2:8080': up('http://10.0.0.2:8080') });
    const { router } = renderApp('/login');
    await userEvent.click(await screen.findByRole('button', { name: '服务器设置' }));
    expect(await screen.findByLabelText('服务器地址')).toHaveValue('http://10.0.0.2:8080');
    expect(router.state.location.pathname).toBe('/connect');
    await userEvent.click(screen.getByRole('button', { name: '返回登录' }));
    expect(await screen.findByRole('button', { name: '登录' })).toBeInTheDocument();
  });
});

describe('in a browser (web mode)', () => {
  it('shows neither the server settings nor a start-up check: the page origin is the server', async () => {
    const { router } = renderApp('/login');
    expect(await screen.findByRole('button', { name: '登录' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '服务器设置' })).not.toBeInTheDocument();
    await router.navigate('/connect');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});

describe('a server that cannot be reached at start', () => {
  it('shows 无法连接服务器 with the address and reason, and 重试 lets the user in once it answers', async () => {
    const { api, model } = desktop({ serverUrl: 'http://10.0.0.2:8080', activeUrl: 'http://10.0.0.2:8080' }, {
      'http://10.0.0.2:8080': { ok: false, url: 'http://10.0.0.2:8080', reason: '连接超时（5 秒内没有响应）' },
    });
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: '无法连接服务器' })).toBeInTheDocument();
    expect(screen.getByTestId('unreachable-address')).toHaveTextContent('服务器地址：http://10.0.0.2:8080');
    expect(screen.getByTestId('unreachable-reason')).toHaveTextContent('原因：连接超时（5 秒内没有响应）');
    expect(await screen.findByText('2 秒后自动重试')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '登录' })).not.toBeInTheDocument();

    model.answers['http://10.0.0.2:8080'] = up('http://10.0.0.2:8080');
    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('button', { name: '登录' })).toBeInTheDocument();
    expect(api.settingsProbeServer).toHaveBeenCalledTimes(2);
  });

  it('retries by itself after a pause', async () => {
    const { model } = desktop({ serverUrl: 'http://10.0.0.2:8080', activeUrl: 'http://10.0.0.2:8080' });
    renderApp('/login');
    await screen.findByRole('heading', { name: '无法连接服务器' });
    model.answers['http://10.0.0.2:8080'] = up('http://10.0.0.2:8080');
    expect(await screen.findByRole('button', { name: '登录' }, { timeout: 4000 })).toBeInTheDocument();
  });

  it('服务器设置 from the retry screen changes the address; the new one is checked before login', async () => {
    const { api } = desktop({ serverUrl: 'http://10.0.0.2:8080', activeUrl: 'http://10.0.0.2:8080' }, { 'http://10.0.0.9:8080': up('http://10.0.0.9:8080', '1.5.0') });
    const { router } = renderApp('/main/home');
    await screen.findByRole('heading', { name: '无法连接服务器' });
    await userEvent.click(screen.getByRole('button', { name: '服务器设置' }));
    const field = await screen.findByLabelText('服务器地址');
    await userEvent.clear(field);
    await userEvent.type(field, 'http://10.0.0.9:8080');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByRole('button', { name: '登录' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(api.settingsProbeServer).toHaveBeenLastCalledWith('http://10.0.0.9:8080');
  });
});

describe('standalone mode', () => {
  it('a local server that failed to start shows why; 重试 starts it again', async () => {
    const { api } = desktop({ standalone: true, standaloneError: '本机服务器未能启动（退出码 1）：端口 8080 已被占用' }, {
      'http://127.0.0.1:41001': up('http://127.0.0.1:41001'),
    });
    renderApp('/login');
    expect(await screen.findByTestId('unreachable-address')).toHaveTextContent('服务器地址：本机服务器（单机模式）');
    expect(screen.getByTestId('unreachable-reason')).toHaveTextContent('原因：本机服务器未能启动（退出码 1）：端口 8080 已被占用');
    // Each try starts PostgreSQL again: no automatic retry.
    expect(screen.queryByText(/秒后自动重试/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('button', { name: '登录' })).toBeInTheDocument();
    expect(api.settingsSetStandalone).toHaveBeenCalledWith({ standalone: true, lanAccess: false, port: null });
  });

  it('is chosen on 服务器设置: LAN access and port, a bad port refused, then the local server starts and login follows', async () => {
    const { api, model } = desktop({}, { 'http://127.0.0.1:9000': up('http://127.0.0.1:9000') });
    renderApp('/connect');
    await userEvent.click(await screen.findByLabelText('单机模式（本机运行服务器）'));
    await userEvent.click(screen.getByLabelText('允许局域网内其他电脑访问'));
    await userEvent.type(screen.getByLabelText('端口'), '80');
    await userEvent.click(screen.getByRole('button', { name: '保存并启动' }));
    expect(await screen.findByTestId('connect-error')).toHaveTextContent('端口必须是 1024–65535 之间的整数');
    expect(api.settingsSetStandalone).not.toHaveBeenCalled();

    model.localStartFails = '本机服务器未能启动（退出码 1）：磁盘已满';
    await userEvent.clear(screen.getByLabelText('端口'));
    await userEvent.type(screen.getByLabelText('端口'), '9000');
    await userEvent.click(screen.getByRole('button', { name: '保存并启动' }));
    expect(await screen.findByTestId('connect-error')).toHaveTextContent('本机服务器未能启动：本机服务器未能启动（退出码 1）：磁盘已满');

    model.localStartFails = null;
    await userEvent.click(screen.getByRole('button', { name: '保存并启动' }));
    expect(await screen.findByRole('button', { name: '登录' })).toBeInTheDocument();
    expect(api.settingsSetStandalone).toHaveBeenLastCalledWith({ standalone: true, lanAccess: true, port: 9000 });
  });

  it('switching back to a plant server saves the address and turns standalone off', async () => {
    const { api } = desktop({ standalone: true, activeUrl: 'http://127.0.0.1:41001', serverUrl: null }, {
      'http://127.0.0.1:41001': up('http://127.0.0.1:41001'),
      'http://10.0.0.2:8080': up('http://10.0.0.2:8080'),
    });
    renderApp('/connect');
    await userEvent.click(await screen.findByLabelText('连接服务器'));
    await userEvent.type(screen.getByLabelText('服务器地址'), 'http://10.0.0.2:8080');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByRole('button', { name: '登录' })).toBeInTheDocument();
    expect(api.settingsSetServerUrl).toHaveBeenCalledWith('http://10.0.0.2:8080');
    expect(api.settingsSetStandalone).toHaveBeenCalledWith({ standalone: false, lanAccess: false, port: null });
    expect(api.settingsProbeServer).toHaveBeenLastCalledWith('http://10.0.0.2:8080');
  });
});
