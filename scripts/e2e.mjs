// `npm run test:e2e`: the Playwright suite after one build. By default one Playwright process, one server and one
// database, the specs in order. With E2E_PROCESSES=2, two processes at once, each with its own server, embedded
// PostgreSQL, data directory and ports (playwright.config.ts E2E_GROUP 1 and 2): no spec sees another's cylinders,
// counts or plant rules. On the two-core CI machine (2026-11-27) two processes were no faster than one (7.3 min with a
// third of the specs still to run): two Chromiums drawing in software and two servers on two cores slowed every test,
// some past their bounds. CI keeps one; a machine with more cores can use two.
// Arguments (a spec, --grep, …) always run one plain Playwright process.
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from './build-if-stale.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const playwright = join(root, 'node_modules', '@playwright', 'test', 'cli.js');
const args = process.argv.slice(2);

try {
  await buildIfStale(root);
} catch (error) {
  console.error(`Build failed: ${error.message}`);
  process.exit(1);
}

/** Runs Playwright with `env`; each output line prefixed with `tag` when given. Resolves with its exit code. */
function playwrightRun(env, tag) {
  return new Promise((done) => {
    const child = spawn(process.execPath, [playwright, 'test', ...args], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: tag ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    if (tag) {
      for (const [from, to] of [[child.stdout, process.stdout], [child.stderr, process.stderr]]) {
        let rest = '';
        from.setEncoding('utf8');
        from.on('data', (chunk) => {
          const lines = (rest + chunk).split('\n');
          rest = lines.pop() ?? '';
          for (const line of lines) to.write(`${tag} ${line}\n`);
        });
        from.on('end', () => rest && to.write(`${tag} ${rest}\n`));
      }
    }
    for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => child.kill(signal));
    child.on('exit', (code, signal) => done(code ?? (signal ? 1 : 0)));
  });
}

if (args.length > 0 || process.env.E2E_PROCESSES !== '2') process.exit(await playwrightRun({}, null));

// Data directories of earlier runs go first, once (each Playwright process would otherwise clear the other's).
const tmp = join(root, '.tmp');
mkdirSync(tmp, { recursive: true });
for (const name of readdirSync(tmp)) if (name.startsWith('e2e-')) rmSync(join(tmp, name), { recursive: true, force: true });

const base = 18000 + (process.pid % 900);
const groups = ['1', '2'].map((group, i) => {
  const dataDir = join(tmp, `e2e-${Date.now()}-${process.pid}-${group}`);
  mkdirSync(dataDir, { recursive: true, mode: 0o755 });
  return playwrightRun(
    { E2E_GROUP: group, E2E_DATA_DIR: dataDir, E2E_PORT: String(base + i), E2E_PG_PORT: String(base + 37000 + i) },
    `[e2e ${group}]`,
  );
});
const codes = await Promise.all(groups);
console.info(`e2e: group 1 ${codes[0] === 0 ? 'passed' : 'FAILED'}, group 2 ${codes[1] === 0 ? 'passed' : 'FAILED'}`);
process.exit(codes.some((c) => c !== 0) ? 1 : 0);
