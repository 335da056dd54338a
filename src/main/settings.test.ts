import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InvalidServerUrlError, InvalidStandaloneSettingsError, createSettings, openSettingsStore, validateServerUrl } from './settings';

// electron-store is an external dependency, so vi.mock cannot reach its own `import 'electron'`. It is a thin
// Electron wrapper around `conf` (adding only the userData default folder), so the test stores through conf
// itself, mapping options the way electron-store does, in a temp dir.
vi.mock('electron-store', async () => {
  const { default: Conf } = await import('conf');
  return {
    default: class extends Conf<Record<string, unknown>> {
      constructor({ name, ...options }: { name?: string; cwd?: string; defaults?: Record<string, unknown> }) {
        super({ ...options, configName: name ?? 'config' });
      }
    },
  };
});

describe('validateServerUrl', () => {
  it.each([
    ['http://127.0.0.1:8080', 'http://127.0.0.1:8080'],
    ['  https://Trace.Example.com/  ', 'https://trace.example.com'],
    ['http://10.0.0.2:80', 'http://10.0.0.2'],
    ['http://[::1]:8080', 'http://[::1]:8080'],
  ])('accepts %s as %s', (input, expected) => {
    expect(validateServerUrl(input)).toBe(expected);
  });

  it.each([
    ['', '不能为空'],
    [42, '不能为空'],
    ['not a url', '不是合法的网址'],
    ['ftp://10.0.0.2', '只支持 http 或 https'],
    ['file:///etc/passwd', '只支持 http 或 https'],
    ['http://user:pw@10.0.0.2', '不能包含用户名或密码'],
    ['http://10.0.0.2:8080/api', '不能包含路径或参数'],
    ['http://10.0.0.2:8080?x=1', '不能包含路径或参数'],
  ])('rejects %s with a message saying why', (input, reason) => {
    expect(() => validateServerUrl(input)).toThrow(InvalidServerUrlError);
    expect(() => validateServerUrl(input)).toThrow(reason);
  });
});

describe('settings kept with electron-store', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'settings-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));
  const memory = () => {
    const values = new Map<string, unknown>();
    return { get: (k: string) => values.get(k), set: (k: string, v: unknown) => void values.set(k, v) };
  };

  it('a fresh install has no server address and is not standalone (the first-run screen asks)', () => {
    const settings = createSettings(openSettingsStore(tempDir()));
    expect(settings.getServerUrl()).toBe('');
    expect(settings.getSavedServerUrl()).toBeNull();
    expect(settings.getStandalone()).toEqual({ standalone: false, lanAccess: false, port: null });
    expect(settings.getWindowState()).toBeNull();
  });

  it('stores a valid URL on disk, normalised, so the next start reads it back', () => {
    const dir = tempDir();
    const url = createSettings(openSettingsStore(dir)).setServerUrl('http://10.0.0.2:8080/');
    expect(url).toBe('http://10.0.0.2:8080');
    expect(JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8'))).toEqual({ serverUrl: 'http://10.0.0.2:8080' });
    expect(createSettings(openSettingsStore(dir)).getServerUrl()).toBe('http://10.0.0.2:8080');
  });

  it('rejects an invalid URL and keeps the previous one', () => {
    const settings = createSettings(openSettingsStore(tempDir()));
    settings.setServerUrl('http://10.0.0.2:8080');
    expect(() => settings.setServerUrl('http://10.0.0.3/api')).toThrow('不能包含路径或参数');
    expect(settings.getServerUrl()).toBe('http://10.0.0.2:8080');
  });

  it('notifies a change, and only a real change', () => {
    const changed = vi.fn();
    const settings = createSettings(openSettingsStore(tempDir()), changed);
    settings.setServerUrl('http://10.0.0.2:8080');
    settings.setServerUrl('http://10.0.0.2:8080/');
    expect(changed).toHaveBeenCalledTimes(1);
    expect(changed).toHaveBeenCalledWith('http://10.0.0.2:8080');
  });

  it('treats a stored value edited into something invalid as no address', () => {
    const store = { get: () => 'javascript:alert(1)', set: vi.fn() };
    expect(createSettings(store).getServerUrl()).toBe('');
    expect(createSettings(store).getSavedServerUrl()).toBeNull();
  });

  it('keeps standalone mode on disk; while on, the app talks to the local server once it runs', () => {
    const dir = tempDir();
    const changed = vi.fn();
    const settings = createSettings(openSettingsStore(dir), changed);
    settings.setServerUrl('http://10.0.0.2:8080');
    changed.mockClear();
    expect(settings.setStandalone({ standalone: true, lanAccess: true, port: 8090 })).toEqual({ standalone: true, lanAccess: true, port: 8090 });
    // Standalone on, local server not answering yet: nowhere to talk to (the renderer shows the retry screen).
    expect(settings.getServerUrl()).toBe('');
    settings.setLocalServerUrl('http://127.0.0.1:8090');
    expect(settings.getServerUrl()).toBe('http://127.0.0.1:8090');
    expect(changed.mock.calls).toEqual([[''], ['http://127.0.0.1:8090']]);
    // The plant's address is kept for when standalone mode is turned off again.
    expect(settings.getSavedServerUrl()).toBe('http://10.0.0.2:8080');

    const next = createSettings(openSettingsStore(dir));
    expect(next.getStandalone()).toEqual({ standalone: true, lanAccess: true, port: 8090 });
    next.setStandalone({ standalone: false, lanAccess: false, port: null });
    expect(next.getServerUrl()).toBe('http://10.0.0.2:8080');
  });

  it.each([
    [{ standalone: 'yes' }, 'standalone 必须是 true 或 false'],
    [{ standalone: true, lanAccess: 1 }, 'lanAccess 必须是 true 或 false'],
    [{ standalone: true, port: 80 }, '端口必须是 1024–65535 之间的整数'],
    [{ standalone: true, port: 70000 }, '端口必须是 1024–65535 之间的整数'],
    [{ standalone: true, port: 8080.5 }, '端口必须是 1024–65535 之间的整数'],
  ])('refuses standalone settings %j and keeps the previous ones', (input, reason) => {
    const settings = createSettings(memory());
    settings.setStandalone({ standalone: true, lanAccess: false, port: 9000 });
    expect(() => settings.setStandalone(input)).toThrow(InvalidStandaloneSettingsError);
    expect(() => settings.setStandalone(input)).toThrow(reason);
    expect(settings.getStandalone()).toEqual({ standalone: true, lanAccess: false, port: 9000 });
  });

  it('keeps the window state, never below the minimum size, and ignores a broken one', () => {
    const dir = tempDir();
    createSettings(openSettingsStore(dir)).setWindowState({ x: -1900, y: 40, width: 1500.4, height: 900, maximized: true });
    expect(createSettings(openSettingsStore(dir)).getWindowState()).toEqual({ x: -1900, y: 40, width: 1500, height: 900, maximized: true });

    const store = memory();
    store.set('windowState', { width: 300, height: 200, maximized: false });
    expect(createSettings(store).getWindowState()).toEqual({ width: 1200, height: 800, maximized: false });
    store.set('windowState', { width: 'wide' });
    expect(createSettings(store).getWindowState()).toBeNull();
  });
});
