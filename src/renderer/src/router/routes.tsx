import { Navigate, type RouteObject } from 'react-router-dom';
import { ChunkFailed } from '@renderer/features/errors/ChunkFailed';
import { StartupGate } from '@renderer/features/connect/StartupGate';
import { FIELD_ROOT, FIELD_SCREENS } from '@renderer/features/field/fieldScreens';
import { PORTAL_INVITE, PORTAL_ROOT, PORTAL_SCREENS } from '@renderer/features/portal';
import { loadMessages } from '@renderer/i18n/dictionaries';
import { lazyScreen } from './chunkErrors';
import { RootLayout } from './RootLayout';
import { ERROR_CODES, SCREENS } from './screens';

const LoginPage = lazyScreen(() => import('@renderer/features/login/LoginPage'), ChunkFailed);
const ErrorPage = lazyScreen(() => import('@renderer/features/errors/ErrorPage'), ChunkFailed);
const ConnectPage = lazyScreen(() => import('@renderer/features/connect/ConnectPage'), ChunkFailed);
const OpenLinkPage = lazyScreen(() => import('@renderer/features/webview/OpenLinkPage'), ChunkFailed);
/**
 * The signed-in shell (header, menu, tabs) and the features' texts load on demand: the login route stays
 * small. The shell shows once both are there, so no screen shows a raw key.
 */
const MainLayout = lazyScreen(
  () => Promise.all([import('@renderer/layout/MainLayout'), loadMessages()]).then(([shell]) => ({ default: shell.MainLayout })),
  ChunkFailed,
);

/** The field app's shell (issue 37): loaded on demand with the features' texts, as the office's shell is. */
const FieldLayout = lazyScreen(
  () => Promise.all([import('@renderer/features/field/FieldLayout'), loadMessages()]).then(([shell]) => ({ default: shell.FieldLayout })),
  ChunkFailed,
);
/** The customer portal's shell (issue 38), loaded on demand with the features' texts; its invitation page needs no sign-in. */
const PortalLayout = lazyScreen(
  () => Promise.all([import('@renderer/features/portal/PortalLayout'), loadMessages()]).then(([shell]) => ({ default: shell.PortalLayout })),
  ChunkFailed,
);
const PortalInvitePage = lazyScreen(
  () => Promise.all([import('@renderer/features/portal/PortalInvitePage'), loadMessages()]).then(([page]) => ({ default: page.default })),
  ChunkFailed,
);

/** The portal under /portal: its pages in its own layout (no side menu, no staff screen). */
function portalRoute(): RouteObject {
  return {
    path: PORTAL_ROOT,
    element: <PortalLayout />,
    children: [
      { index: true, element: null },
      ...PORTAL_SCREENS.map((screen) => {
        const Screen = lazyScreen(screen.load, ChunkFailed);
        return { path: screen.path.slice(PORTAL_ROOT.length + 1), element: <Screen /> };
      }),
    ],
  };
}

const FieldHome = lazyScreen(() => import('@renderer/features/field/FieldHome'), ChunkFailed);

/** The field app under /field: its home and the features' field screens, in a phone-sized layout. */
function fieldRoute(): RouteObject {
  return {
    path: FIELD_ROOT,
    element: <FieldLayout />,
    children: [
      { index: true, element: <FieldHome /> },
      ...FIELD_SCREENS.map((screen) => {
        const Screen = lazyScreen(screen.load, ChunkFailed);
        return { path: screen.path.slice(FIELD_ROOT.length + 1), element: <Screen /> };
      }),
    ],
  };
}

/** Screens grouped under their layout segment (/main, /Setting, …). */
function layoutRoutes(): RouteObject[] {
  const groups = new Map<string, RouteObject[]>();
  for (const screen of SCREENS) {
    const [, segment = '', ...rest] = screen.path.split('/');
    const Screen = lazyScreen(screen.load, ChunkFailed);
    const children = groups.get(segment) ?? [];
    children.push({ path: rest.join('/'), element: <Screen /> });
    groups.set(segment, children);
  }
  // A segment with a screen of its own (/webview) is that screen; the others send their bare path home.
  return [...groups].map(([segment, children]) => ({
    path: segment,
    children: children.some((c) => c.path === '') ? children : [{ index: true, element: <Navigate to="/main/home" replace /> }, ...children],
  }));
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      // Desktop only: the server address (first run, or from login); outside the start-up check.
      { path: '/connect', element: <ConnectPage /> },
      {
        // Desktop: a server must be set and answering before login or any screen (a browser passes straight through).
        element: <StartupGate />,
        children: [
          { path: '/', element: <Navigate to="/main/home" replace /> },
          { path: '/login', element: <LoginPage /> },
          // A linked menu item opened in the whole window or from the parent frame: no shell around it.
          { path: '/webview/self', element: <OpenLinkPage /> },
          { path: '/webview/parent', element: <OpenLinkPage /> },
          // One shell for every layout (/main, /Setting, …) so switching screens keeps header and menu.
          { element: <MainLayout />, children: layoutRoutes() },
          // The field app (a driver's phone, a PDA): its own layout, no side menu or tabs.
          fieldRoute(),
          // The customer portal (a portal account only; the guard keeps it off every other screen) and its invitation link.
          { path: PORTAL_INVITE, element: <PortalInvitePage /> },
          portalRoute(),
          ...ERROR_CODES.map((code) => ({ path: `/${code}`, element: <ErrorPage /> })),
          { path: '*', element: <Navigate to="/404" replace /> },
        ],
      },
    ],
  },
];
