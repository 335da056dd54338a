// The server entry (`npm start`, `node out/server/index.mjs`): configuration, database, migrations, seed,
// HTTP. Startup problems end in one readable line and exit code 1; SIGINT/SIGTERM shut down cleanly.
import type { Server } from 'node:http';
import type { Kysely } from 'kysely';
import { buildApp } from './app';
import { loadConfig, type AppConfig } from './config';
import { assertPostgresVersion, createDb } from './db/database';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './db/embedded';
import { migrateToLatest } from './db/migrate';
import type { DB } from './db/schema';
import { ensureSeed } from './db/seed';

interface Running {
  app?: Awaited<ReturnType<typeof buildApp>>;
  db?: Kysely<DB>;
  embedded?: EmbeddedPostgres;
}

const running: Running = {};

/** Shown once, on the run that created the admin; the password is never logged anywhere else. */
function printGeneratedPassword(password: string): void {
  const line = '='.repeat(72);
  process.stdout.write(`\n${line}\n  首次启动：管理员账号 admin，初始密码 ${password}（请登录后立即修改）\n${line}\n\n`);
}

function listenUrl(server: Server, config: AppConfig): string {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

async function start(): Promise<void> {
  const config = loadConfig();
  if (config.databaseUrl) {
    console.info('Using the external PostgreSQL from DATABASE_URL');
  } else {
    running.embedded = await startEmbeddedPostgres({
      dataDir: config.dataDir,
      port: config.embeddedPgPort,
      log: (line) => console.info(line),
    });
  }
  running.db = createDb(config.databaseUrl ?? running.embedded!.connectionString);
  const version = await assertPostgresVersion(running.db);
  console.info(`Connected to PostgreSQL ${version}`);
  await migrateToLatest(running.db);
  const seed = await ensureSeed(running.db, { initialAdminPassword: config.initialAdminPassword });
  if (seed.generatedPassword) printGeneratedPassword(seed.generatedPassword);
  else if (seed.adminCreated) console.info('Created the admin account with the password from INITIAL_ADMIN_PASSWORD');
  const app = await buildApp({ config, db: running.db });
  running.app = app;
  await app.listen({ host: config.host, port: config.port });
  const url = listenUrl(app.server, config);
  console.info(`Server ${config.version} listening on ${url} (API ${url}/api, docs ${url}/api/docs)`);
  if (!config.rendererDir) console.info('No built web UI found (RENDERER_DIR): serving the API only');
}

/** Closes what was opened, newest first; each step runs even when an earlier one fails. */
async function stopAll(): Promise<void> {
  const steps: Array<[string, (() => Promise<unknown>) | undefined]> = [
    ['HTTP server', running.app && (() => running.app!.close())],
    ['database pool', running.db && (() => running.db!.destroy())],
    ['embedded PostgreSQL', running.embedded && (() => running.embedded!.stop())],
  ];
  for (const [name, step] of steps) {
    if (!step) continue;
    try {
      await step();
    } catch (error) {
      console.error(`Could not close the ${name}: ${(error as Error).message}`);
    }
  }
}

const starting = start();
let stopping = false;

async function onSignal(signal: NodeJS.Signals): Promise<void> {
  // A terminal's Ctrl-C reaches both `npm start` (which forwards it) and us: one shutdown is enough.
  if (stopping) return;
  stopping = true;
  console.info(`${signal} received: shutting down`);
  await starting.catch(() => {});
  await stopAll();
  process.exit(0);
}
process.on('SIGINT', (signal) => void onSignal(signal));
process.on('SIGTERM', (signal) => void onSignal(signal));

starting.catch(async (error: unknown) => {
  if (stopping) return;
  stopping = true;
  console.error(`Server failed to start: ${error instanceof Error ? error.message : String(error)}`);
  await stopAll();
  process.exit(1);
});
