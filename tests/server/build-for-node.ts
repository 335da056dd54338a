import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { bundleForNode } from '../../scripts/build-server.mjs';

/**
 * Bundles a TypeScript entry into one ESM file that plain `node` runs, exactly as the server build does.
 * The output stays inside the repo so node_modules still resolve.
 */
export function buildForNode(entry: string): Promise<string> {
  const outfile = resolve('.tmp/test-build', `${randomBytes(6).toString('hex')}.mjs`);
  return bundleForNode(entry, outfile, { logLevel: 'error' });
}
