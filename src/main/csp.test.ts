import { describe, expect, it } from 'vitest';
import { buildCsp, withCsp } from './csp';

function directives(csp: string): Record<string, string[]> {
  return Object.fromEntries(
    csp.split(';').map((part) => {
      const [name, ...values] = part.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

describe('renderer CSP', () => {
  it('allows only our own scripts and names the configured server for connections and images', () => {
    const d = directives(buildCsp({ serverUrl: 'http://10.0.0.2:8080' }));
    expect(d['default-src']).toEqual(["'self'"]);
    expect(d['script-src']).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(d['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(d['img-src']).toEqual(["'self'", 'data:', 'blob:', 'http://10.0.0.2:8080']);
    expect(d['connect-src']).toEqual(["'self'", 'http://10.0.0.2:8080', 'ws://10.0.0.2:8080']);
    expect(d['object-src']).toEqual(['blob:']);
    // PDF previews, and the /webview screen's framed http(s) site.
    expect(d['frame-src']).toEqual(['blob:', 'http:', 'https:']);
    expect(d['frame-ancestors']).toEqual(["'none'"]);
  });

  it('does not open connections to any host but the configured one', () => {
    const csp = buildCsp({ serverUrl: 'https://trace.example.com' });
    expect(directives(csp)['connect-src']).toEqual(["'self'", 'https://trace.example.com', 'wss://trace.example.com']);
    // Only frames (the /webview screen) may show any http(s) site.
    expect(csp.split(';').filter((d) => !d.trim().startsWith('frame-src')).join(';')).not.toMatch(/\s(http:|https:|ws:|\*)(\s|;|$)/);
  });

  it('before a server address is set (first run) allows connections to no server at all', () => {
    const d = directives(buildCsp({ serverUrl: '' }));
    expect(d['connect-src']).toEqual(["'self'"]);
    expect(d['img-src']).toEqual(["'self'", 'data:', 'blob:']);
  });

  it('in development also allows the dev server, its HMR socket and its inline preamble', () => {
    const d = directives(buildCsp({ serverUrl: 'http://127.0.0.1:8080', devUrl: 'http://localhost:5173' }));
    expect(d['connect-src']).toContain('ws://localhost:5173');
    expect(d['script-src']).toEqual(["'self'", "'wasm-unsafe-eval'", "'unsafe-inline'"]);
  });

  it('replaces any CSP a response carried, whatever its letter case, and keeps other headers', () => {
    const headers = withCsp({ 'content-security-policy': ['default-src *'], 'Content-Type': ['text/html'] }, 'x');
    expect(headers).toEqual({ 'Content-Type': ['text/html'], 'Content-Security-Policy': ['x'] });
  });
});
