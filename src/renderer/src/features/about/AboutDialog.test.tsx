import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UpdateState } from '@shared/updates';
import { http } from '@renderer/http/client';
import { clearToasts, getToasts } from '@renderer/notify/toast';
import { fakeAdapter, ok } from '@renderer/test/fakeAdapter';
import { renderApp, storeSession } from '@renderer/test/renderApp';

const SCREEN_LOAD = { timeout: 15_000 };

afterEach(() => {
  delete window.api;
  http.setAdapter(undefined);
  clearToasts();
  sessionStorage.clear();
  localStorage.clear();
});

/** The server: GET / tells its version in the headers; every API call answers empty. */
function serve() {
  http.setAdapter(
    fakeAdapter((c) => (c.url === '/' ? { data: '', headers: { 'x-app-version': '2.3.4', 'x-app-title': encodeURIComponent('气瓶追溯平台') } } : ok(null))),
  );
}

const baseState: UpdateState = { status: 'none', enabled: true, channel: 'stable', currentVersion: '1.2.0', minClientVersion: null, belowFloor: false };

/** window.api with the update channels, as the preload builds it; emit() plays a main → renderer event. */
function desktop(initial: Partial<UpdateState> = {}) {
  // Several components listen (关于 and the version-floor gate).
  const listeners = new Set<(payload: unknown) => void>();
  let state: UpdateState = { ...baseState, ...initial };
  const api = {
    settingsGetServerUrl: async () => '',
    windowMaximize: async () => {},
    updatesGetState: vi.fn(async () => state),
    updatesCheck: vi.fn(async () => (state = { ...state, status: 'checking' })),
    updatesSetChannel: vi.fn(async (channel: 'stable' | 'beta') => (state = { ...state, channel })),
    updatesInstall: vi.fn(async () => {
      throw new Error("Error invoking remote method 'updates:install': Error: 没有已下载的新版本");
    }),
    on: vi.fn((event: string, listener: (payload: unknown) => void) => {
      if (event !== 'updates:state') return () => {};
      listeners.add(listener);
      return () => listeners.delete(listener);
    }),
  };
  window.api = api as unknown as typeof window.api;
  const emit = (patch: Partial<UpdateState>) =>
    act(() => {
      state = { ...state, ...patch };
      listeners.forEach((listener) => listener(state));
    });
  return { api, emit };
}

async function openAbout() {
  await userEvent.click(await screen.findByRole('button', { name: '用户菜单' }, SCREEN_LOAD));
  await userEvent.click(await screen.findByRole('menuitem', { name: '关于' }));
  return screen.findByRole('dialog', { name: '关于' });
}

describe('关于', { timeout: 30_000 }, () => {
  it('in a browser: product and server version; updates come with the server, nothing to check', async () => {
    storeSession();
    serve();
    renderApp('/main/home');
    const dialog = await openAbout();
    expect(within(dialog).getByTestId('about-product')).toHaveTextContent('气瓶追溯平台');
    expect(within(dialog).getByTestId('about-client-version')).toHaveTextContent('网页版（随服务器更新）');
    await waitFor(() => expect(within(dialog).getByTestId('about-server-version')).toHaveTextContent('2.3.4'));
    expect(dialog).toHaveTextContent('网页版随服务器一起更新，无需单独检查更新。');
    expect(within(dialog).queryByRole('button', { name: '检查更新' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('in the desktop app: client version, 检查更新, download progress, then 立即重启安装', async () => {
    storeSession();
    serve();
    const { api, emit } = desktop();
    renderApp('/main/home');
    const dialog = await openAbout();
    await waitFor(() => expect(within(dialog).getByTestId('about-client-version')).toHaveTextContent('1.2.0'));
    expect(within(dialog).getByTestId('about-server-version')).toHaveTextContent('2.3.4');
    expect(within(dialog).getByTestId('update-status')).toHaveTextContent('尚未检查更新');

    await userEvent.click(within(dialog).getByRole('button', { name: '检查更新' }));
    expect(api.updatesCheck).toHaveBeenCalledTimes(1);
    expect(await within(dialog).findByText('正在检查更新…')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: '检查更新' })).toBeDisabled();

    emit({ status: 'downloading', availableVersion: '1.3.0', percent: 42 });
    expect(within(dialog).getByTestId('update-status')).toHaveTextContent('正在下载新版本 1.3.0：42%');
    expect(within(dialog).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '42');

    emit({ status: 'downloaded', percent: 100, checkedAt: new Date().toISOString() });
    expect(within(dialog).getByTestId('update-status')).toHaveTextContent('新版本 1.3.0 已下载，退出程序时自动安装。');
    expect(within(dialog).queryByRole('progressbar')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '立即重启安装' }));
    expect(api.updatesInstall).toHaveBeenCalledTimes(1);
    // The main process's refusal reaches the user without Electron's prefix.
    await waitFor(() => expect(getToasts().map((toast) => toast.message)).toContain('没有已下载的新版本'));
  });

  it('shows a failed check with its reason, and switches the update channel', async () => {
    storeSession();
    serve();
    const { api, emit } = desktop();
    renderApp('/main/home');
    const dialog = await openAbout();
    await within(dialog).findByTestId('update-status');
    emit({ status: 'error', error: 'net::ERR_CONNECTION_REFUSED' });
    expect(within(dialog).getByTestId('update-status')).toHaveTextContent('检查更新失败：net::ERR_CONNECTION_REFUSED');

    await userEvent.click(within(dialog).getByRole('combobox', { name: '更新通道' }));
    await userEvent.click(await screen.findByRole('option', { name: '测试版' }));
    expect(api.updatesSetChannel).toHaveBeenCalledWith('beta');
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: '更新通道' })).toHaveTextContent('测试版'));
  });

  it('a development build says it does not update itself', async () => {
    storeSession();
    serve();
    desktop({ enabled: false });
    renderApp('/main/home');
    const dialog = await openAbout();
    expect(await within(dialog).findByTestId('update-status')).toHaveTextContent('开发版本不自动更新，请使用安装包升级。');
  });
});

describe('version floor', { timeout: 30_000 }, () => {
  it('stops a client older than the server accepts on the login screen, until it is updated', async () => {
    serve();
    const { api, emit } = desktop({ belowFloor: true, minClientVersion: '1.4.0' });
    renderApp('/login');
    const gate = await screen.findByRole('dialog', { name: '需要更新客户端' }, SCREEN_LOAD);
    expect(within(gate).getByTestId('version-floor-message')).toHaveTextContent('当前客户端版本过低（1.2.0），服务器要求至少 1.4.0，请更新');
    // Not dismissable.
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: '需要更新客户端' })).toBeInTheDocument();

    await userEvent.click(within(gate).getByRole('button', { name: '检查更新' }));
    expect(api.updatesCheck).toHaveBeenCalled();
    emit({ status: 'downloading', availableVersion: '1.4.0', percent: 10 });
    expect(within(gate).getByTestId('update-status')).toHaveTextContent('正在下载新版本 1.4.0：10%');

    // The server lowered its floor (or pointed elsewhere): the app is usable again.
    emit({ belowFloor: false, minClientVersion: null });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '需要更新客户端' })).not.toBeInTheDocument());
  });

  it('shows nothing to a client the server accepts, nor in a browser', async () => {
    serve();
    desktop({ belowFloor: false, minClientVersion: '1.0.0' });
    renderApp('/login');
    expect(await screen.findByRole('button', { name: /登\s*录/ }, SCREEN_LOAD)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: '需要更新客户端' })).not.toBeInTheDocument();
  });
});
