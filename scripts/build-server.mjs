// Bundles the server into out/server/index.mjs: our code (src/server, src/shared) in one file,
// node_modules left external and resolved at run time.
import { build } from 'esbuild';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Bundles one TypeScript entry into a single ESM file that plain `node` runs (node_modules external). */
export async function bundleForNode(entry, outfile, { sourcemap = false, logLevel = 'warning' } = {}) {
  await build({
    absWorkingDir: root,
    entryPoints: [resolve(root, entry)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap,
    logLevel,
    // Some bundled CommonJS-style code may call require(); give ESM output one.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  });
  return outfile;
}

/** The server, and beside it the worker thread that reads report templates (found next to index.mjs at run time). */
export async function buildServer(outfile = resolve(root, 'out/server/index.mjs')) {
  await bundleForNode('src/server/modules/report/template-worker.ts', resolve(dirname(outfile), 'template-worker.mjs'), { sourcemap: true });
  return bundleForNode('src/server/index.ts', outfile, { sourcemap: true });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outfile = await buildServer(process.argv[2] ? resolve(process.argv[2]) : undefined);
  console.info(`Built ${outfile}`);
}
