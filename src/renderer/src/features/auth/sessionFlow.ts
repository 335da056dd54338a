import { AUTH, type TokenData } from '@shared/api/auth';
import { navigateTo } from '@renderer/http/navigator';
import { clearSession, getTokens, setMenuList, setPermissions, storeSignIn } from '@renderer/session/session';
import { menuLoadingChanged } from '@renderer/store/appSlice';
import { userSignedIn } from '@renderer/store/authSlice';
import type { AppDispatch } from '@renderer/store';
import { callEndpoint } from '@renderer/store/endpoints';
import { navLoaded } from '@renderer/store/menuSlice';

let navLoading: Promise<void> | null = null;
/** When the navigation was last loaded: a refresh within NAV_FRESH_MS of it is skipped. */
let navLoadedAt = 0;
const NAV_FRESH_MS = 2000;

/** Forgets the last load (tests: each mounts a fresh app in the same module graph). */
export function resetNavForTests(): void {
  navLoading = null;
  navLoadedAt = 0;
}

/** POST /api/home/nav/0 under the 正在加载菜单... overlay; menus and button keys go to storage. */
export function loadNav(dispatch: AppDispatch): Promise<void> {
  navLoading ??= (async () => {
    dispatch(menuLoadingChanged(true));
    try {
      const nav = await callEndpoint(AUTH.nav, undefined);
      setMenuList(nav.menuList);
      setPermissions(nav.promise);
      dispatch(navLoaded(nav));
      navLoadedAt = Date.now();
    } finally {
      dispatch(menuLoadingChanged(false));
      navLoading = null;
    }
  })();
  return navLoading;
}

/**
 * The navigation again, quietly (no overlay, no toast), on every move to another screen: a role an
 * administrator changed shows in the menu and the buttons at the user's next navigation, and a screen
 * taken away closes (403). Skipped while a load is running or one just finished.
 */
export async function refreshNav(dispatch: AppDispatch): Promise<void> {
  if (navLoading || Date.now() - navLoadedAt < NAV_FRESH_MS) return;
  navLoadedAt = Date.now();
  try {
    const nav = await callEndpoint(AUTH.nav, undefined, { silent: true });
    if (!Array.isArray(nav?.menuList)) return;
    setMenuList(nav.menuList);
    setPermissions(nav.promise);
    dispatch(navLoaded(nav));
  } catch {
    // Offline or signed out meanwhile: the menu held stays; the next call tells the user.
  }
}

/** After a successful sign-in: keep user and tokens, then load the navigation (a portal account has none: it opens /portal). */
export async function completeSignIn(dispatch: AppDispatch, data: TokenData): Promise<void> {
  storeSignIn(data);
  dispatch(userSignedIn(data.user));
  if (data.portal) return;
  await loadNav(dispatch);
}

/**
 * The password an administrator set is replaced before anything else: the sign-in is not stored yet (the
 * server refuses every other call), so this one call carries the new sign-in's token itself.
 */
export async function changeInitialPassword(data: TokenData, oldPassword: string, newPassword: string): Promise<void> {
  // Refusals (the password policy) are shown on the form, not as a toast as well.
  await callEndpoint(AUTH.resetOwnPassword, { oldPassword, newPassword }, { silent: true, token: data.token });
}

/** Logout: tell the server (best effort), clear user info, permissions, menus and tokens, go to /login. */
export async function signOut(): Promise<void> {
  const refreshToken = getTokens()?.refreshToken;
  try {
    await callEndpoint(AUTH.logout, refreshToken ? { refreshToken } : {}, { silent: true });
  } catch {
    // The session ends locally whatever the server answered.
  }
  clearSession();
  navigateTo('/login');
}
