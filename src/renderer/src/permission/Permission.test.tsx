import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import type { NavData } from '@shared/api/auth';
import { setPermissions } from '@renderer/session/session';
import { makeStore } from '@renderer/store';
import { navLoaded } from '@renderer/store/menuSlice';
import { adminNav } from '@renderer/test/renderApp';
import { AutoPermission, HasPermission, LacksPermission } from './Permission';
import { autoPermission, hasPermission } from './permission';

/** Renders `ui` on `path` for a user holding `keys` with the given menu list (null: none loaded). */
function renderAs(ui: React.ReactNode, keys: string[], menuList: NavData['menuList'] | null = adminNav().menuList, path = '/Setting/user') {
  setPermissions(keys);
  const store = makeStore();
  if (menuList) store.dispatch(navLoaded({ menuList, promise: keys }));
  return render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </Provider>,
  );
}

describe('hasPermission', () => {
  it('holds when the user has one of the keys', () => {
    expect(hasPermission(['user:add', 'user:resetPassword'], ['user:resetPassword'])).toBe(true);
    expect(hasPermission(['user:add'], ['user:view'])).toBe(false);
    expect(hasPermission([], ['user:view'])).toBe(false);
  });

  it('reads the stored keys by default', () => {
    setPermissions(['user:view']);
    expect(hasPermission(['user:view'])).toBe(true);
  });
});

describe('<HasPermission> and <LacksPermission>', () => {
  const ui = (
    <>
      <HasPermission keys={['user:resetPassword']}>
        <button>重置密码</button>
      </HasPermission>
      <LacksPermission keys={['user:resetPassword']}>
        <span>无权限</span>
      </LacksPermission>
    </>
  );

  it('show the element to a user holding the key', () => {
    renderAs(ui, ['user:view', 'user:resetPassword']);
    expect(screen.getByRole('button', { name: '重置密码' })).toBeInTheDocument();
    expect(screen.queryByText('无权限')).not.toBeInTheDocument();
  });

  it('hide it from a user lacking the key (and show the inverse)', () => {
    renderAs(ui, ['user:view']);
    expect(screen.queryByRole('button', { name: '重置密码' })).not.toBeInTheDocument();
    expect(screen.getByText('无权限')).toBeInTheDocument();
  });
});

describe('<AutoPermission> (buttons declared for the current page)', () => {
  const ui = (mode: 'remove' | 'disable') => (
    <>
      <AutoPermission name="重置密码" mode={mode}>
        <button>重置密码</button>
      </AutoPermission>
      <AutoPermission name="导出名单" mode={mode}>
        <button>导出名单</button>
      </AutoPermission>
    </>
  );

  it('removes a declared button the user lacks', () => {
    renderAs(ui('remove'), ['user:view']);
    expect(screen.queryByRole('button', { name: '重置密码' })).not.toBeInTheDocument();
    // Not declared for /Setting/user: left alone.
    expect(screen.getByRole('button', { name: '导出名单' })).toBeEnabled();
  });

  it('in disable mode greys it out and disables it', () => {
    renderAs(ui('disable'), ['user:view']);
    expect(screen.getByRole('button', { name: '重置密码' })).toBeDisabled();
  });

  it('keeps the button for a user holding its key', () => {
    renderAs(ui('disable'), ['user:resetPassword']);
    expect(screen.getByRole('button', { name: '重置密码' })).toBeEnabled();
  });

  it('removes such elements when no menu list is loaded', () => {
    renderAs(ui('disable'), ['user:resetPassword'], null);
    expect(screen.queryByRole('button', { name: '重置密码' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '导出名单' })).not.toBeInTheDocument();
  });

  it('looks the page up by the current path', () => {
    const menus = adminNav().menuList;
    expect(autoPermission('新增', '/Setting/Role', menus, ['user:add'], 'remove')).toBe('remove');
    expect(autoPermission('新增', '/Setting/Role', menus, ['role:add'], 'remove')).toBe('show');
    expect(autoPermission('新增', '/Setting/user', menus, ['user:add'], 'remove')).toBe('show');
  });
});
