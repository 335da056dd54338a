// jsdom has no IndexedDB: the stations' offline queue (Dexie) runs on an in-memory one.
import 'fake-indexeddb/auto';
import { Suspense } from 'react';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { createTheme, ThemeProvider } from '@mui/material';
import type { MenuItem, NavData } from '@shared/api/auth';
import { MENU_TREE, type MenuDef } from '@shared/menus';
import { ConfirmProvider } from '@renderer/components/ListPage/ConfirmProvider';
import { ChunkFailed } from '@renderer/features/errors/ChunkFailed';
import { lazyScreen } from '@renderer/router/chunkErrors';
import { RootLayout } from '@renderer/router/RootLayout';
import { routes } from '@renderer/router/routes';
import { SCREENS } from '@renderer/router/screens';
import { setMenuList, setPermissions, storeSignIn } from '@renderer/session/session';
import { makeStore } from '@renderer/store';
import { makeTheme } from '@renderer/theme';
import { connectivity } from '@renderer/stations/connectivity';
import { stopSyncForTests } from '@renderer/features/offline/sync';
import { resetNavForTests } from '@renderer/features/auth/sessionFlow';

/**
 * The app's theme, with what only costs a test time turned off: ripples (a node and timers per click) and transition
 * durations (a dialog is gone at once rather than after 195 ms of a fade nobody sees in jsdom).
 */
const testTheme = createTheme(makeTheme('zh-CN'), {
  components: { MuiButtonBase: { defaultProps: { disableRipple: true } } },
  transitions: { duration: { shortest: 0, shorter: 0, short: 0, standard: 0, complex: 0, enteringScreen: 0, leavingScreen: 0 } },
});

/** The whole app on a memory router with a fresh store (its state read from session storage). */
export function renderApp(path: string) {
  return mount(routes, path);
}

/** `tree` on a memory router at `path`, with a fresh store, as the app's root renders it. */
function mount(tree: Parameters<typeof createMemoryRouter>[0], path: string) {
  // The stations' sync loop and connection state are per window: each test's app starts online, loop stopped.
  void stopSyncForTests();
  connectivity.reset();
  // Test files share one module graph (isolate: false): a navigation loaded by the previous file is not fresh here.
  resetNavForTests();
  const store = makeStore();
  const router = createMemoryRouter(tree, { initialEntries: [path] });
  const view = render(
    <Provider store={store}>
      <ThemeProvider theme={testTheme}>
        <RouterProvider router={router} />
      </ThemeProvider>
    </Provider>,
  );
  return { ...view, store, router };
}

/** What the shell gives a screen besides its frame: the confirmation dialog (useConfirm). */
function ScreenFrame() {
  return (
    <ConfirmProvider>
      <Suspense fallback={null}>
        <Outlet />
      </Suspense>
    </ConfirmProvider>
  );
}

/**
 * The screens without the shell (header, menu, tabs): the screen at `path` under the app's root (sign-in guard,
 * toasts, client navigation) on a memory router holding every screen, so a screen's own navigation still
 * lands. For tests of what a screen does; the shell's own behaviour (tabs, menu, 403 for a screen not granted,
 * keep-alive, the start-up check) is tested with renderApp. Mounting the shell costs a test file seconds.
 */
export function renderScreen(path: string) {
  const screenRoutes = SCREENS.map((def) => {
    const Screen = lazyScreen(def.load, ChunkFailed);
    return { path: def.path, element: <Screen /> };
  });
  return mount(
    [{ element: <RootLayout />, children: [{ element: <ScreenFrame />, children: screenRoutes }, { path: '*', element: <div data-testid="not-a-screen" /> }] }],
    path,
  );
}

let nextId = 1;
/** A server-shaped menu item from a MENU_TREE definition. */
export function menuItem(def: MenuDef, parentNo: string | null = null): MenuItem {
  return {
    id: nextId++,
    menuName: def.menuName,
    menuNo: def.menuNo,
    menuIcon: def.menuIcon ?? null,
    menuUrl: def.menuUrl ?? null,
    menuLink: null,
    target: null,
    hidden: def.hidden ? 1 : 0,
    menuColor: null,
    parentNo,
    sort: 0,
    buttonList: [...(def.buttons ?? [])],
    children: (def.children ?? []).map((c) => menuItem(c, def.menuNo)),
  };
}

/** The full navigation as the server grants it to an administrator. */
export function adminNav(): NavData {
  const menuList = MENU_TREE.map((d) => menuItem(d));
  const keys: string[] = [];
  const walk = (defs: readonly MenuDef[]) => defs.forEach((d) => (d.buttons?.forEach((b) => keys.push(b.buttonKey)), walk(d.children ?? [])));
  walk(MENU_TREE);
  return { menuList, promise: keys };
}

/** A signed-in session in storage, as after a sign-in. */
export function storeSession(nav: NavData = adminNav(), name = '管理员'): void {
  storeSignIn({ token: 't1', refreshToken: 'r1', expiresIn: 3600, refreshExpiresIn: 86_400, user: { id: 1, name }, mustChangePassword: false });
  setMenuList(nav.menuList);
  setPermissions(nav.promise);
}
