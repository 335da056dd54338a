import { AUTH, type TokenData } from '@shared/api/auth';
import { navigateTo } from '@renderer/http/navigator';
import { clearSession, getTokens, setMenuList, setPermissions, storeSignIn } from '@renderer/session/session';
import { menuLoadingChanged } from '@renderer/store/appSlice';
import { userSignedIn } from '@renderer/store/authSlice';
import type { AppDispatch } from '@renderer/store';
import { callEndpoint } from '@renderer/store/endpoints';
import { navLoaded } from '@renderer/store/menuSlice';

let navLoading: Promise<void> | null = null;

/** POST /api/home/nav/0 under the 正在加载菜单... overlay; menus and button keys go to storage. */
export function loadNav(dispatch: AppDispatch): Promise<void> {
  navLoading ??= (async () => {
    dispatch(menuLoadingChanged(true));
    try {
      const nav = await callEndpoint(AUTH.nav, undefined);
      setMenuList(nav.menuList);
      setPermissions(nav.promise);
      dispatch(navLoaded(nav));
    } finally {
      dispatch(menuLoadingChanged(false));
      navLoading = null;
    }
  })();
  return navLoading;
}

/** After a successful sign-in: keep user and tokens, then load the navigation. */
export async function completeSignIn(dispatch: AppDispatch, data: TokenData): Promise<void> {
  storeSignIn(data);
  dispatch(userSignedIn(data.user));
  await loadNav(dispatch);
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
