import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SERVER_URL, InvalidServerUrlError, createSettings, openSettingsStore, validateServerUrl } from './settings';

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

  it('defaults to the local server', () => {
    expect(createSettings(openSettingsStore(tempDir())).getServerUrl()).toBe(DEFAULT_SERVER_URL);
    expect(DEFAULT_SERVER_URL).toBe('http://127.0.0.1:8080');
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

  it('falls back to the default when the stored value was edited into something invalid', () => {
    const store = { get: () => 'javascript:alert(1)', set: vi.fn() };
    expect(createSettings(store).getServerUrl()).toBe(DEFAULT_SERVER_URL);
  });
});
