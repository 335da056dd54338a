import { readFile, stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import { APP_HOST } from './app-origin';

/**
 * Maps app://renderer/… requests onto the built renderer folder (out/renderer). Pure Node so it is tested
 * against a temp dir; src/main/protocol.ts only hands Electron's requests to serveRendererRequest.
 */
export type ResolvedRequest = { status: 200; file: string } | { status: 403 | 404 };

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
  // The web app's manifest, linked from index.html (the desktop shell reads it only for the icon and name).
  '.webmanifest': 'application/manifest+json; charset=utf-8',
};

export function contentTypeOf(file: string): string {
  return CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/**
 * Existing files are served as they are. A missing path without a file extension is a client-side route
 * (BrowserRouter: app://renderer/main/home) and gets index.html; a missing asset (/assets/x.js) stays 404
 * so a stale chunk fails loudly and the renderer's chunk-load recovery can reload. Anything that would
 * resolve outside rootDir (.., encoded slashes, backslashes, NUL) is refused with 403.
 */
export async function resolveRendererRequest(rootDir: string, requestUrl: string): Promise<ResolvedRequest> {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return { status: 404 };
  }
  if (url.host !== APP_HOST) return { status: 404 };

  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    return { status: 403 };
  }
  if (pathname.includes('\0') || pathname.includes('\\') || pathname.split('/').includes('..')) {
    return { status: 403 };
  }

  const root = resolve(rootDir);
  const target = resolve(root, `.${pathname}`);
  if (target !== root && !target.startsWith(root + sep)) return { status: 403 };

  if (target !== root && (await isFile(target))) return { status: 200, file: target };
  if (extname(pathname) !== '' && !pathname.endsWith('/')) return { status: 404 };

  const index = resolve(root, 'index.html');
  return (await isFile(index)) ? { status: 200, file: index } : { status: 404 };
}

/** A fetch Response for one request, carrying the CSP on every answer (documents and errors alike). */
export async function serveRendererRequest(rootDir: string, requestUrl: string, csp: string): Promise<Response> {
  const resolved = await resolveRendererRequest(rootDir, requestUrl);
  const headers = { 'Content-Security-Policy': csp, 'X-Content-Type-Options': 'nosniff' };
  if (resolved.status !== 200) {
    return new Response(resolved.status === 403 ? 'Forbidden' : 'Not Found', {
      status: resolved.status,
      headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8' },
    });
  }
  const body = await readFile(resolved.file);
  return new Response(body, { status: 200, headers: { ...headers, 'Content-Type': contentTypeOf(resolved.file) } });
}
