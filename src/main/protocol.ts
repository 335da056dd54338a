import { protocol } from 'electron';
import { APP_SCHEME } from './app-origin';
import { serveRendererRequest } from './renderer-files';

/**
 * app://renderer/ serves out/renderer. A standard, secure scheme gives the renderer a real origin
 * (localStorage, fetch, 'self' in the CSP, history routes) without file:// and its broad file access.
 * Must run before app 'ready'.
 */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ]);
}

/** After 'ready': answer app:// requests from rootDir; the CSP is read per request so it follows settings. */
export function handleAppProtocol(rootDir: string, currentCsp: () => string): void {
  protocol.handle(APP_SCHEME, (request) => serveRendererRequest(rootDir, request.url, currentCsp()));
}
