/**
 * Whether this page registers the web UI's service worker: only a browser on the server's http(s) address. Not
 * the desktop shell (app://renderer/ or its dev server, window.api present: it loads its files from disk and has
 * no server to be away from), not an insecure origin (a browser refuses one: a plant's http://192.168.x.x station
 * needs its address trusted by the browser, or HTTPS), not a browser without service workers. Tests never get
 * here: only main.tsx calls it, which no test loads.
 */
export function servesServiceWorker(win: Window): boolean {
  if (win.api) return false;
  const { protocol } = win.location;
  if (protocol !== 'http:' && protocol !== 'https:') return false;
  return win.isSecureContext && 'serviceWorker' in win.navigator;
}
