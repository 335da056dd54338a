import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../src/server/db/embedded';
import { LockHeldError } from '../../src/server/pid-lock';
import { freePort } from './free-port';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser URL of the test PostgreSQL; tests create their own databases on it (db-helper.ts). */
    pgAdminUrl: string;
  }
}

/** Test databases are named test_<...> (db-helper.ts); a killed earlier run may have left some behind. */
async function dropLeftoverDatabases(adminUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE 'test\\_%'");
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/**
 * Server tests run on TEST_DATABASE_URL when set, otherwise on an embedded PostgreSQL in .tmp/test-pg
 * (reused between runs). When another test run holds .tmp/test-pg, this run gets a throw-away cluster.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const external = process.env.TEST_DATABASE_URL?.trim();
  if (external) {
    project.provide('pgAdminUrl', external);
    return async () => {};
  }
  const log = (line: string) => console.info(`[test-pg] ${line}`);
  let server: EmbeddedPostgres;
  let throwAway: string | undefined;
  try {
    server = await startEmbeddedPostgres({ dataDir: resolve('.tmp/test-pg'), port: await freePort(), log });
  } catch (error) {
    if (!(error instanceof LockHeldError)) throw error;
    throwAway = mkdtempSync(join(tmpdir(), 'test-pg-'));
    server = await startEmbeddedPostgres({ dataDir: throwAway, port: await freePort(), log });
  }
  const adminUrl = server.connectionString.replace(/\/[^/]*$/, '/postgres');
  if (!throwAway) await dropLeftoverDatabases(adminUrl);
  project.provide('pgAdminUrl', adminUrl);
  return async () => {
    await server.stop();
    if (throwAway) rmSync(throwAway, { recursive: true, force: true });
  };
}
