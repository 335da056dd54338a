import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { protocol, resetElectronFake } from './electron.fake';
import { handleAppProtocol, registerAppScheme } from './protocol';

vi.mock('electron', () => import('./electron.fake'));

const root = mkdtempSync(join(tmpdir(), 'app-protocol-'));
writeFileSync(join(root, 'index.html'), '<div id="root"></div>');
afterAll(() => rmSync(root, { recursive: true, force: true }));
beforeEach(() => resetElectronFake());

describe('app:// protocol', () => {
  it('registers app as a standard, secure, fetch-capable scheme', () => {
    registerAppScheme();
    expect(protocol.registerSchemesAsPrivileged).toHaveBeenCalledWith([
      { scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true, supportFetchAPI: true }) },
    ]);
  });

  it('serves the renderer folder with the current CSP on each answer', async () => {
    let csp = 'first';
    handleAppProtocol(root, () => csp);
    expect(protocol.handle).toHaveBeenCalledWith('app', expect.any(Function));
    const first = await protocol.handler!({ url: 'app://renderer/main/home' });
    expect(await first.text()).toContain('id="root"');
    expect(first.headers.get('content-security-policy')).toBe('first');
    csp = 'second';
    const second = await protocol.handler!({ url: 'app://renderer/' });
    expect(second.headers.get('content-security-policy')).toBe('second');
  });
});
