import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Linter, type Rule } from 'eslint';
import tseslint from 'typescript-eslint';

/** The renderer's feature boundaries as `npm run lint` applies them (eslint-rules/feature-boundaries.js). */
const ROOT = resolve(__dirname, '../../../..');
const renderer = (path: string) => resolve(ROOT, 'src/renderer/src', path);

async function lint(file: string, code: string): Promise<string[]> {
  const ruleUrl = pathToFileURL(resolve(ROOT, 'eslint-rules/feature-boundaries.js')).href;
  const { default: rule } = (await import(/* @vite-ignore */ ruleUrl)) as { default: Rule.RuleModule };
  const linter = new Linter({ configType: 'flat', cwd: ROOT });
  const messages = linter.verify(code, [{
    files: ['**/*.ts'],
    languageOptions: { parser: tseslint.parser },
    plugins: { local: { rules: { 'feature-boundaries': rule } } },
    rules: { 'local/feature-boundaries': 'error' },
  }], { filename: file });
  return messages.map((m) => m.message);
}

describe('feature boundaries', () => {
  it("rejects a feature importing another feature's internals, and takes its public file", async () => {
    const file = renderer('features/storage/Planted.ts');
    expect(await lint(file, "import { stationRule } from '@renderer/features/offline/stationRule';\nexport { stationRule };\n"))
      .toEqual([expect.stringContaining("'@renderer/features/offline/stationRule' reaches into the offline feature")]);
    expect(await lint(file, "import { stationRule } from '../offline/stationRule';\nexport { stationRule };\n"))
      .toEqual([expect.stringContaining('reaches into the offline feature')]);
    expect(await lint(file, "import { stationRule } from '@renderer/features/offline';\nimport { useStation } from '@renderer/stations/useStation';\nimport { typeLabel } from './orders';\nexport { stationRule, useStation, typeLabel };\n"))
      .toEqual([]);
  });

  it('rejects two features importing each other', async () => {
    // production imports offline's public file: offline may not import production.
    expect(await lint(renderer('features/offline/Planted.ts'), "import { productionApi } from '@renderer/features/production';\nexport { productionApi };\n"))
      .toEqual([expect.stringContaining('The offline and production features import each other')]);
  });

  it('rejects the stations kit importing a feature', async () => {
    expect(await lint(renderer('stations/Planted.ts'), "import { stationRule } from '@renderer/features/offline';\nexport { stationRule };\n"))
      .toEqual([expect.stringContaining('the stations kit imports no feature')]);
  });
});
