/**
 * A menu item's external link (menuLink) and where it opens (target), decided once for the server (which
 * refuses a bad link at save time) and the renderer (which checks again before opening one: rows saved before
 * this check, or written into the database by hand, are not trusted).
 */

/** Where a linked menu item opens: inside the layout, in the whole window, from the parent frame, or a new window. */
export const MENU_TARGETS = ['iframe', '_self', '_parent', '_blank'] as const;
export type MenuTarget = (typeof MENU_TARGETS)[number];

/** The route that opens a linked menu item with each target (a new window needs none: the link itself opens it). */
export const WEBVIEW_ROUTES = { iframe: '/webview', _self: '/webview/self', _parent: '/webview/parent' } as const;

export const isMenuTarget = (v: unknown): v is MenuTarget => (MENU_TARGETS as readonly unknown[]).includes(v);

/**
 * The link as it may be opened: an absolute http: or https: address with a host and no credentials in it.
 * Anything else (javascript:, data:, file:, a relative path, a malformed address) is null: never opened.
 */
export function openableLink(link: string | null | undefined): URL | null {
  // Spaces and control characters (which URL parsing would silently drop) make no address.
  if (typeof link !== 'string' || !link || [...link].some((c) => c.charCodeAt(0) < 0x20 || /\s/.test(c))) return null;
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!url.hostname || url.username || url.password) return null;
  return url;
}
