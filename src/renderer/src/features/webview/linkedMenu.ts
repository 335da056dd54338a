import type { MenuItem } from '@shared/api/auth';
import { openableLink, WEBVIEW_ROUTES, type MenuTarget } from '@shared/menuLink';

/** The menu item `menuNo` among those the server granted (hidden ones count as not granted). */
export function findLinkedMenu(items: MenuItem[] | null | undefined, menuNo: string | null): MenuItem | undefined {
  if (!menuNo) return undefined;
  for (const item of items ?? []) {
    if (item.hidden === 1) continue;
    if (item.menuNo === menuNo) return item;
    const found = findLinkedMenu(item.children, menuNo);
    if (found) return found;
  }
  return undefined;
}

/** What opening a menu item's link comes to: the address to open, or why it is not opened. */
export type LinkDecision = { ok: true; item: MenuItem; url: URL } | { ok: false; reason: 'noMenu' } | { ok: false; reason: 'badLink'; item: MenuItem };

export function decideLink(items: MenuItem[] | null | undefined, menuNo: string | null): LinkDecision {
  const item = findLinkedMenu(items, menuNo);
  if (!item) return { ok: false, reason: 'noMenu' };
  const url = openableLink(item.menuLink);
  return url ? { ok: true, item, url } : { ok: false, reason: 'badLink', item };
}

/** The app route that opens a linked menu item with its target; null for a new window (the link itself opens it). */
export function webviewRoute(item: Pick<MenuItem, 'menuNo' | 'target'>): string | null {
  const target = (item.target || '_blank') as MenuTarget;
  const route = target in WEBVIEW_ROUTES ? WEBVIEW_ROUTES[target as keyof typeof WEBVIEW_ROUTES] : null;
  return route && `${route}?menu=${encodeURIComponent(item.menuNo)}`;
}

/**
 * The sandbox of a framed site: its scripts, forms, pop-ups (a new window leaves the sandbox) and downloads run,
 * but it can never navigate the app's window. A site of the app's own origin gets no allow-same-origin, which
 * together with allow-scripts would let it reach into the app.
 */
export function sandboxFor(url: URL, appOrigin: string): string {
  const flags = ['allow-scripts', 'allow-forms', 'allow-popups', 'allow-popups-to-escape-sandbox', 'allow-downloads'];
  if (url.origin !== appOrigin) flags.push('allow-same-origin');
  return flags.join(' ');
}
