/** Paths open without a session. */
export const WHITELIST = ['/login', '/connect', '/401', '/403', '/404', '/500', '/502'];

/**
 * The navigation guard (SPEC section 2): where to send the visitor instead, or null to let them in.
 * A signed-in user asking for login goes home; anyone else outside the whitelist goes to login.
 */
export function guardRedirect(pathname: string, search: string, signedIn: boolean): string | null {
  if (pathname === '/login') return signedIn ? '/' : null;
  if (signedIn || WHITELIST.includes(pathname)) return null;
  if (pathname === '/' || pathname === '/main/home') return '/login';
  return `/login?redirect=${encodeURIComponent(pathname + search)}`;
}
