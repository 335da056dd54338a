import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { UPDATES_PATH } from '../shared/updates';

/**
 * electron-builder.yml checked the way `electron-builder` checks it before packaging — its own loader,
 * schema validation and package.json check, which run offline — plus the fields the updater and the
 * installers depend on. (Packaging itself downloads Electron and NSIS: not possible here.)
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const require = createRequire(import.meta.url);

type Config = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const { getConfig, validateConfiguration } = require('app-builder-lib/out/util/config/config') as {
  getConfig(projectDir: string, configPath: string | null, configFromOptions: Config | null): Promise<Config>;
  validateConfiguration(config: Config, debugLogger: unknown): Promise<void>;
};
const { checkMetadata } = require('app-builder-lib/out/util/packageMetadata') as {
  checkMetadata(metadata: Config, devMetadata: Config, appPackageFile: string, devAppPackageFile: string): void;
};
const { DebugLogger } = require('builder-util') as { DebugLogger: new (enabled: boolean) => unknown };

const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Config;
let config: Config;

beforeAll(async () => {
  config = await getConfig(root, join(root, 'electron-builder.yml'), null);
});

describe('electron-builder.yml, by electron-builder\'s own checks', () => {
  it('passes the configuration schema', async () => {
    await expect(validateConfiguration(structuredClone(config), new DebugLogger(false))).resolves.toBeUndefined();
  });

  it('(the schema check is real: it refuses an unknown option)', async () => {
    const broken = { ...structuredClone(config), nsis: { ...config.nsis, oneClik: false } };
    await expect(validateConfiguration(broken, new DebugLogger(false))).rejects.toThrow(/nsis/);
  });

  it('accepts package.json: electron-updater shipped with the app, Electron only as a dev dependency', () => {
    const file = join(root, 'package.json');
    expect(() => checkMetadata(pkg, pkg, file, file)).not.toThrow();
    expect(pkg.dependencies['electron-updater']).toBeDefined();
    expect(pkg.scripts.dist).toContain('electron-builder --config electron-builder.yml');
  });
});

describe('what the updater reads', () => {
  it('publishes to a generic server under /updates/, one range per request', () => {
    const [publish, ...others] = [config.publish].flat();
    expect(others).toEqual([]);
    expect(publish).toMatchObject({ provider: 'generic', useMultipleRangeRequest: false });
    expect(new URL(publish.url).pathname).toBe(UPDATES_PATH);
  });

  it('takes the channel from the version (beta.yml for 1.4.0-beta.1), and a release reaches the beta channel too', () => {
    expect([config.publish].flat()[0].channel).toBeUndefined();
    expect(config.detectUpdateChannel).toBe(true);
    expect(config.generateUpdatesFilesForAllChannels).toBe(true);
  });

  it('builds the macOS zip beside the dmg (macOS updates download the zip)', () => {
    expect(config.mac.target).toEqual(expect.arrayContaining(['dmg', 'zip']));
  });
});

describe('the installers', () => {
  it('Windows: an assisted NSIS installer in Chinese, per user by default, per machine selectable, with shortcuts', () => {
    expect(config.win.target).toContain('nsis');
    expect(config.nsis).toMatchObject({
      oneClick: false,
      perMachine: false,
      selectPerMachineByDefault: false,
      allowElevation: true,
      installerLanguages: ['zh_CN'],
      language: '2052',
      createDesktopShortcut: true,
      createStartMenuShortcut: true,
      shortcutName: config.productName,
    });
  });

  it('macOS dmg with the Applications link; Linux AppImage and deb (with the homepage a deb needs)', () => {
    expect(config.dmg.contents).toContainEqual(expect.objectContaining({ type: 'link', path: '/Applications' }));
    expect(config.linux.target).toEqual(expect.arrayContaining(['AppImage', 'deb']));
    expect(config.linux.maintainer ?? pkg.author?.email).toBeTruthy();
    expect(config.extraMetadata?.homepage ?? pkg.homepage).toBeTruthy();
  });

  it('rebuilds serialport for Electron from prebuilt binaries and keeps native modules out of the asar', () => {
    expect(pkg.dependencies.serialport).toBeDefined();
    expect(config).toMatchObject({ npmRebuild: true, buildDependenciesFromSource: false });
    expect(config.asarUnpack).toContain('**/*.node');
  });

  it('packs the built app, the icon, and the label and report defaults from resources/', () => {
    // electron-builder's loader turns the list into file sets ({ filter: [...] }).
    const files = [config.files].flat().flatMap((set: string | { filter: string[] }) => (typeof set === 'string' ? [set] : set.filter));
    expect(files).toEqual(expect.arrayContaining(['out/**', 'resources/**', 'package.json']));
    expect(config.extraResources).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ from: 'resources/labels', to: 'labels' }),
        expect.objectContaining({ from: 'resources/reports', to: 'reports' }),
      ]),
    );
    // Installer names go into latest.yml and URLs: ASCII only.
    expect(config.artifactName).toMatch(/^[\x20-\x7e]+$/);
  });
});
