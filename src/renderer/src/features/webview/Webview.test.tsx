import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MenuItem } from '@shared/api/auth';
import { http } from '@renderer/http/client';
import { fakeAdapter, ok } from '@renderer/test/fakeAdapter';
import { adminNav, renderApp, storeSession } from '@renderer/test/renderApp';
import { sandboxFor } from './linkedMenu';

const SCREEN_LOAD = { timeout: 15_000 };
let id = 9000;
const link = (menuNo: string, menuName: string, menuLink: string, target: string | null): MenuItem => ({
  id: id++, menuNo, menuName, menuIcon: null, menuUrl: null, menuLink, target, hidden: 0, menuColor: null, parentNo: null, sort: 99, buttonList: [], children: [],
});
const LINKS = [
  link('ext.report', '集团报表', 'https://intranet.example.com/report?a=1', 'iframe'),
  // Written before links were checked (or into the database by hand): never opened.
  link('ext.bad', '坏链接', 'javascript:alert(document.cookie)', 'iframe'),
  link('ext.self', '门户', 'https://portal.example.com/', '_self'),
  link('ext.blank', '帮助', 'https://help.example.com/', '_blank'),
];

function session() {
  const nav = adminNav();
  storeSession({ ...nav, menuList: [...nav.menuList, ...LINKS] });
  http.setAdapter(fakeAdapter(() => ok(null)));
}
const nav = () => screen.getByRole('navigation', { name: '主菜单' });

afterEach(() => {
  http.setAdapter(undefined);
  delete window.api;
  vi.restoreAllMocks();
});

describe('menu links', { timeout: 60_000 }, () => {
  it('opens an iframe link inside the layout, sandboxed, under a bar with its address, 在新窗口打开 and 关闭', async () => {
    session();
    renderApp('/main/home');
    const entry = within(await screen.findByRole('navigation', { name: '主菜单' }, SCREEN_LOAD)).getByRole('link', { name: '集团报表' });
    expect(entry).toHaveAttribute('href', '/webview?menu=ext.report');
    await userEvent.click(entry);
    const frame = await screen.findByTitle('集团报表', undefined, SCREEN_LOAD);
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', 'https://intranet.example.com/report?a=1');
    expect(frame).toHaveAttribute('referrerpolicy', 'no-referrer');
    const sandbox = frame.getAttribute('sandbox')!.split(' ');
    expect(sandbox).toEqual(expect.arrayContaining(['allow-scripts', 'allow-forms', 'allow-popups', 'allow-same-origin']));
    expect(sandbox.filter((f) => f.startsWith('allow-top-navigation'))).toEqual([]);
    const bar = screen.getByRole('toolbar', { name: '集团报表' });
    expect(within(bar).getByTestId('webview-address')).toHaveTextContent('https://intranet.example.com/report?a=1');
    const newWindow = within(bar).getByRole('link', { name: '在新窗口打开' });
    expect(newWindow).toHaveAttribute('href', 'https://intranet.example.com/report?a=1');
    expect(newWindow).toHaveAttribute('target', '_blank');
    expect(newWindow).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(bar).getByText(/不允许嵌入显示/)).toBeInTheDocument();
    // A tab named after the menu, which 关闭 closes.
    const tabs = screen.getByRole('tablist', { name: '已打开页面' });
    expect(within(tabs).getByRole('tab', { name: '集团报表' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(within(bar).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(within(tabs).queryByRole('tab', { name: '集团报表' })).not.toBeInTheDocument());
  });

  it('never opens a link that is not http(s), saying why', async () => {
    session();
    renderApp('/webview?menu=ext.bad');
    expect(await screen.findByTestId('webview-refused', undefined, SCREEN_LOAD)).toHaveTextContent('菜单“坏链接”的外部链接不是 http:// 或 https:// 网址，不能打开');
    expect(document.querySelector('iframe')).toBeNull();
    for (const a of nav().querySelectorAll('a')) expect(a.getAttribute('href') ?? '').not.toMatch(/^javascript:/i);
    expect(within(nav()).getByRole('link', { name: '坏链接' })).toHaveAttribute('href', '/webview?menu=ext.bad');
  });

  it('opens only menus the server granted: an unknown menu number opens nothing', async () => {
    session();
    renderApp('/webview?menu=not.mine');
    expect(await screen.findByTestId('webview-refused', undefined, SCREEN_LOAD)).toHaveTextContent('找不到这个菜单，或您没有它的权限：not.mine');
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('routes the whole-window link through /webview/self and keeps a new-window link a plain link', async () => {
    session();
    renderApp('/main/home');
    const menu = within(await screen.findByRole('navigation', { name: '主菜单' }, SCREEN_LOAD));
    expect(menu.getByRole('link', { name: '门户' })).toHaveAttribute('href', '/webview/self?menu=ext.self');
    const help = menu.getByRole('link', { name: '帮助' });
    expect(help).toHaveAttribute('href', 'https://help.example.com/');
    expect(help).toHaveAttribute('target', '_blank');
    expect(help).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('in the desktop app /webview/self hands the site to the system browser (the window stays on the app), with a way back', async () => {
    session();
    window.api = { settingsGetServerUrl: async () => '', on: vi.fn(() => () => {}) } as unknown as typeof window.api;
    const opened = vi.spyOn(window, 'open').mockImplementation(() => null);
    renderApp('/webview/self?menu=ext.self');
    const said = await screen.findByTestId('webview-opening', undefined, SCREEN_LOAD);
    await waitFor(() => expect(said).toHaveTextContent('已在系统浏览器中打开：https://portal.example.com/'));
    expect(opened).toHaveBeenCalledTimes(1);
    expect(opened).toHaveBeenCalledWith('https://portal.example.com/', '_blank', 'noopener,noreferrer');
    expect(screen.getByRole('button', { name: '返回' })).toBeInTheDocument();
  });

  it('gives a site of the app\'s own origin no allow-same-origin (it could reach into the app)', () => {
    expect(sandboxFor(new URL('http://10.0.0.2:8080/other'), 'http://10.0.0.2:8080').split(' ')).not.toContain('allow-same-origin');
    expect(sandboxFor(new URL('http://10.0.0.3/'), 'http://10.0.0.2:8080').split(' ')).toContain('allow-same-origin');
  });
});
