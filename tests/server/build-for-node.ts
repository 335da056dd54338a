import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { build } from 'esbuild';

/**
 * Bundles a TypeScript entry into one ESM file that plain `node` runs (tsx is not installed), the way
 * scripts/build-server.mjs does. The output stays inside the repo so node_modules still resolve.
 */
export async function buildForNode(entry: string): Promise<string> {
  const outfile = resolve('.tmp/test-build', `${randomBytes(6).toString('hex')}.mjs`);
  await build({
    entryPoints: [resolve(entry)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'error',
  });
  return outfile;
}
