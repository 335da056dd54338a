import type { Server } from 'node:http';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { createBlobStore } from './blobs';
import type { AppConfig } from './config';
import { assertPostgresVersion, createDb } from './db/database';
import { startEmbeddedPostgres } from './db/embedded';
import { migrateToLatest } from './db/migrate';
import { ensureSeed } from './db/seed';

export interface ServerHooks {
  log: (line: string) => void;
  /** Called once, on the start that created the admin without INITIAL_ADMIN_PASSWORD. */
  onGeneratedAdminPassword: (password: string) => void;
}

export interface RunningServer {
  /** Where a browser on this machine reaches the server. */
  url: string;
  /** Closes HTTP, the pool and the embedded PostgreSQL, in that order. */
  stop(): Promise<void>;
}

export function listenUrl(server: Server | { address(): ReturnType<Server['address']> } | null, config: AppConfig): string {
  const address = server?.address() ?? null;
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

type Cleanups = Array<[string, () => Promise<unknown>]>;

/** Runs the cleanups in reverse order; a failing one is logged and the others still run. */
export async function runCleanups(cleanups: Cleanups, log: (line: string) => void): Promise<void> {
  for (const [name, cleanup] of cleanups.splice(0).reverse()) {
    try {
      await cleanup();
    } catch (error) {
      log(`Could not close the ${name}: ${(error as Error).message}`);
    }
  }
}

/**
 * The database every process of this server uses (embedded unless DATABASE_URL), migrated and seeded, and
 * the file store checked: what the first process does once before any API process serves. Returns the
 * connection string; pushes what must be stopped at the end onto `cleanups`.
 */
export async function prepareServer(config: AppConfig, hooks: ServerHooks, cleanups: Cleanups): Promise<string> {
  let connectionString = config.databaseUrl;
  if (connectionString) {
    hooks.log('Using the external PostgreSQL from DATABASE_URL');
  } else {
    const archive = config.backup && { dir: join(config.backup.dir, 'wal'), timeoutSeconds: config.backup.archiveTimeoutSeconds };
    const embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPgPort, log: hooks.log, archive });
    if (archive) hooks.log(`The database's changes are archived continuously into ${archive.dir}`);
    cleanups.push(['embedded PostgreSQL', () => embedded.stop()]);
    connectionString = embedded.connectionString;
  }
  const db = createDb(connectionString, { prepare: config.preparedStatements ?? true });
  try {
    hooks.log(`Connected to PostgreSQL ${await assertPostgresVersion(db)}`);
    await migrateToLatest(db);
    const seed = await ensureSeed(db, { initialAdminPassword: config.initialAdminPassword });
    if (seed.generatedPassword) hooks.onGeneratedAdminPassword(seed.generatedPassword);
    else if (seed.adminCreated) hooks.log('Created the admin account with the password from INITIAL_ADMIN_PASSWORD');
  } finally {
    await db.destroy();
  }
  const blobs = createBlobStore(config.fileStorage ?? { kind: 'local', root: join(config.dataDir, 'files') });
  await blobs.check();
  hooks.log(`Files are kept in the ${blobs.describe()}`);
  return connectionString;
}

/** One API process on a prepared database: pool, app, HTTP. Under cluster the workers share the listening port. */
export async function serveApp(config: AppConfig, connectionString: string, cleanups: Cleanups): Promise<FastifyInstance> {
  const db = createDb(connectionString, { prepare: config.preparedStatements ?? true });
  cleanups.push(['database pool', () => db.destroy()]);
  // Warnings and faults only (one JSON line each, with the request id); requests themselves go to the
  // operation log.
  const app = await buildApp({ config, db, logger: { level: 'warn' } });
  cleanups.push(['HTTP server', () => app.close()]);
  await app.listen({ host: config.host, port: config.port });
  return app;
}

/**
 * One process: database (embedded unless DATABASE_URL), migrations, seed, HTTP. Usable by the CLI entry and by
 * a host such as the desktop shell. A failure part-way stops whatever was already started, then rethrows.
 */
export async function startServer(config: AppConfig, hooks: ServerHooks): Promise<RunningServer> {
  const cleanups: Cleanups = [];
  const stop = () => runCleanups(cleanups, hooks.log);
  try {
    const connectionString = await prepareServer(config, hooks, cleanups);
    const app = await serveApp(config, connectionString, cleanups);
    const url = listenUrl(app.server, config);
    announce(config, url, hooks);
    return { url, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

export function announce(config: AppConfig, url: string, hooks: ServerHooks, workers = 1): void {
  const processes = workers > 1 ? ` with ${workers} API processes` : '';
  hooks.log(`Server ${config.version} listening on ${url}${processes} (API ${url}/api, docs ${url}/api/docs)`);
  if (!config.rendererDir) hooks.log('No built web UI found (RENDERER_DIR): serving the API only');
}
