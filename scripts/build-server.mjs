// Bundles the server into out/server/index.mjs: our code (src/server, src/shared) in one file,
// node_modules left external and resolved at run time.
import { build } from 'esbuild';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export async function buildServer(outfile = resolve(root, 'out/server/index.mjs')) {
  await build({
    absWorkingDir: root,
    entryPoints: [resolve(root, 'src/server/index.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
    // Some bundled CommonJS-style code may call require(); give ESM output one.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  });
  return outfile;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outfile = await buildServer(process.argv[2] ? resolve(process.argv[2]) : undefined);
  console.info(`Built ${outfile}`);
}
