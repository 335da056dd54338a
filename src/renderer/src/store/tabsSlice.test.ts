import { describe, expect, it } from 'vitest';
import { getItem, setItem, STORAGE_KEYS } from '@renderer/session/browserStorage';
import { storeSession } from '@renderer/test/renderApp';
import { makeStore } from './index';
import { HOME_TAB, neighbourOf, tabClosed, tabsSlice, tabVisited, type Tab } from './tabsSlice';

const reduce = (actions: ReturnType<typeof tabVisited | typeof tabClosed>[]) =>
  actions.reduce((s, a) => tabsSlice.reducer(s, a), { tabs: [HOME_TAB] });

describe('open tabs', () => {
  it('start with the root labelled 首页, not closable', () => {
    expect(HOME_TAB).toMatchObject({ path: '/main/home', label: '首页', closable: false });
  });

  it('hold one tab per path ignoring the query; revisiting updates its value', () => {
    const { tabs } = reduce([
      tabVisited({ value: '/Setting/user?page=1', label: '用户管理' }),
      tabVisited({ value: '/Setting/user?page=2', label: '用户管理' }),
      tabVisited({ value: '/main/home?x=1', label: 'ignored' }),
    ]);
    expect(tabs).toEqual([
      { ...HOME_TAB, value: '/main/home?x=1' },
      { path: '/Setting/user', value: '/Setting/user?page=2', label: '用户管理', closable: true },
    ]);
  });

  it('close, except the home tab', () => {
    const { tabs } = reduce([tabVisited({ value: '/Setting/user', label: '用户管理' }), tabClosed('/Setting/user'), tabClosed('/main/home')]);
    expect(tabs).toEqual([HOME_TAB]);
  });

  it('closing moves to the right neighbour, else the left one', () => {
    const tabs: Tab[] = [HOME_TAB, { path: '/a', value: '/a', label: 'A', closable: true }, { path: '/b', value: '/b?q=1', label: 'B', closable: true }];
    expect(neighbourOf(tabs, '/a')?.value).toBe('/b?q=1');
    expect(neighbourOf(tabs, '/b')?.value).toBe('/a');
  });

  it('are kept in session storage under BREADCRUMB and restored', () => {
    storeSession();
    const store = makeStore();
    store.dispatch(tabVisited({ value: '/Setting/user', label: '用户管理' }));
    expect(getItem<Tab[]>(STORAGE_KEYS.BREADCRUMB)?.map((t) => t.path)).toEqual(['/main/home', '/Setting/user']);
    expect(makeStore().getState().tabs.tabs.map((t) => t.label)).toEqual(['首页', '用户管理']);
  });

  it('restore the home tab first even from a stored list without it', () => {
    setItem(STORAGE_KEYS.BREADCRUMB, [{ path: '/Setting/user', value: '/Setting/user', label: '用户管理', closable: true }]);
    expect(makeStore().getState().tabs.tabs.map((t) => t.path)).toEqual(['/main/home', '/Setting/user']);
  });
});
