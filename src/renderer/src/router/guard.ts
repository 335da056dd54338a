import { isPortalPath, PORTAL_INVITE, PORTAL_ROOT } from '@renderer/features/portal';

/** Paths open without a session. */
export const WHITELIST = ['/login', '/connect', '/401', '/403', '/404', '/500', '/502'];

/**
 * The navigation guard (SPEC section 2): where to send the visitor instead, or null to let them in.
 * A signed-in user asking for login goes home; anyone else outside the whitelist goes to login. A customer's portal
 * account (`portal`) has the portal for home and never opens a staff screen; the invitation link needs no sign-in.
 */
export function guardRedirect(pathname: string, search: string, signedIn: boolean, portal = false): string | null {
  if (pathname === '/login') return signedIn ? (portal ? PORTAL_ROOT : '/') : null;
  if (pathname === PORTAL_INVITE) return null;
  if (signedIn && portal) return isPortalPath(pathname) || WHITELIST.includes(pathname) ? null : PORTAL_ROOT;
  if (signedIn || WHITELIST.includes(pathname)) return null;
  if (pathname === '/' || pathname === '/main/home') return '/login';
  return `/login?redirect=${encodeURIComponent(pathname + search)}`;
}
