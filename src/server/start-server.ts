import type { Server } from 'node:http';
import { buildApp } from './app';
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

function listenUrl(server: Server, config: AppConfig): string {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/**
 * Database (embedded unless DATABASE_URL), migrations, seed, HTTP. Usable by the CLI entry and by a host
 * such as the desktop shell. A failure part-way stops whatever was already started, then rethrows.
 */
export async function startServer(config: AppConfig, hooks: ServerHooks): Promise<RunningServer> {
  const cleanups: Array<[string, () => Promise<unknown>]> = [];
  const stop = async () => {
    for (const [name, cleanup] of cleanups.splice(0).reverse()) {
      try {
        await cleanup();
      } catch (error) {
        hooks.log(`Could not close the ${name}: ${(error as Error).message}`);
      }
    }
  };
  try {
    let connectionString = config.databaseUrl;
    if (connectionString) {
      hooks.log('Using the external PostgreSQL from DATABASE_URL');
    } else {
      const embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPgPort, log: hooks.log });
      cleanups.push(['embedded PostgreSQL', () => embedded.stop()]);
      connectionString = embedded.connectionString;
    }
    const db = createDb(connectionString, { prepare: config.preparedStatements ?? true });
    cleanups.push(['database pool', () => db.destroy()]);
    hooks.log(`Connected to PostgreSQL ${await assertPostgresVersion(db)}`);
    await migrateToLatest(db);
    const seed = await ensureSeed(db, { initialAdminPassword: config.initialAdminPassword });
    if (seed.generatedPassword) hooks.onGeneratedAdminPassword(seed.generatedPassword);
    else if (seed.adminCreated) hooks.log('Created the admin account with the password from INITIAL_ADMIN_PASSWORD');
    // Warnings and faults only (one JSON line each, with the request id); requests themselves go to the
    // operation log.
    const app = await buildApp({ config, db, logger: { level: 'warn' } });
    cleanups.push(['HTTP server', () => app.close()]);
    await app.listen({ host: config.host, port: config.port });
    const url = listenUrl(app.server, config);
    hooks.log(`Server ${config.version} listening on ${url} (API ${url}/api, docs ${url}/api/docs)`);
    if (!config.rendererDir) hooks.log('No built web UI found (RENDERER_DIR): serving the API only');
    return { url, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
