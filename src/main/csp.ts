/**
 * The Content-Security-Policy of the renderer. The backend origin is configurable (a LAN server such as
 * http://10.0.0.2:8080), so instead of opening connect-src to every http:/ws: host we name exactly the
 * configured origin; the policy is computed per response, so a changed server URL applies from the next load.
 */
export interface CspOptions {
  /** Configured backend origin, e.g. http://127.0.0.1:8080; '' before one is set (first run): none is allowed. */
  serverUrl: string;
  /** Vite dev server URL: dev needs its inline react-refresh preamble and the HMR websocket. */
  devUrl?: string;
}

export const CSP_HEADER = 'Content-Security-Policy';

function websocketOrigin(httpOrigin: string): string {
  return httpOrigin.replace(/^http/, 'ws');
}

export function buildCsp({ serverUrl, devUrl }: CspOptions): string {
  const servers = serverUrl ? [new URL(serverUrl).origin] : [];
  const connect = ["'self'", ...servers, ...servers.map(websocketOrigin)];
  // The camera scanner's ZXing reader is WebAssembly (stations/barcodeDetector.ts): compiling it needs
  // 'wasm-unsafe-eval', which allows WebAssembly only, not eval() of JavaScript.
  const script = ["'self'", "'wasm-unsafe-eval'"];
  if (devUrl) {
    const dev = new URL(devUrl).origin;
    connect.push(dev, websocketOrigin(dev));
    script.push("'unsafe-inline'");
  }
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': script,
    // MUI/emotion inject <style> elements at runtime.
    'style-src': ["'self'", "'unsafe-inline'"],
    // Product pictures and uploads are served by the backend (/objectStorage).
    'img-src': ["'self'", 'data:', 'blob:', ...servers],
    'font-src': ["'self'", 'data:'],
    'connect-src': connect,
    // File previews show PDFs from blob: URLs the renderer creates (never remote plugin content); the /webview
    // screen frames a linked menu item's http(s) site (sandboxed; see src/shared/menuLink.ts).
    'frame-src': ['blob:', 'http:', 'https:'],
    'object-src': ['blob:'],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/** Response headers with our CSP set, replacing whatever CSP the response carried (any letter case). */
export function withCsp(
  headers: Record<string, string | string[]> | undefined,
  csp: string,
): Record<string, string | string[]> {
  const result: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (name.toLowerCase() !== CSP_HEADER.toLowerCase()) result[name] = value;
  }
  result[CSP_HEADER] = [csp];
  return result;
}
