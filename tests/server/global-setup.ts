import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDb } from '../../src/server/db/database';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../src/server/db/embedded';
import { migrateToLatest } from '../../src/server/db/migrate';
import { ensureSeed } from '../../src/server/db/seed';
import { LockHeldError } from '../../src/server/pid-lock';
import { TEST_ADMIN_PASSWORD } from './admin-password';
import { freePort } from './free-port';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser URL of the test PostgreSQL; tests create their own databases on it (db-helper.ts). */
    pgAdminUrl: string;
    /** A database migrated to the latest and seeded once per run; each test database is a copy of it. */
    pgTemplate: string;
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

async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * Runs every migration and the seed once, into test_tpl_<pid>_<random>; createTestDatabase copies it
 * (CREATE DATABASE … TEMPLATE), far cheaper than migrating and seeding each test file's database. A failing
 * migration fails the run here; seed.test.ts still runs every migration down and up again.
 * Returns the template's name and how to drop it.
 */
async function prepareTemplate(adminUrl: string): Promise<{ name: string; drop: () => Promise<void> }> {
  // The seeded admin's hash at the tests' cost (vitest.config.ts sets it for the workers, not for this process).
  process.env.PASSWORD_HASH_COST ??= '10';
  const name = `test_tpl_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE "${name}"`);
  const drop = () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = createDb(url.toString());
  try {
    await migrateToLatest(db);
    await ensureSeed(db, { initialAdminPassword: TEST_ADMIN_PASSWORD });
    // 充装人员须持有效作业证 is on for a new plant; the tests' seeded admin holds no certificate, so the template
    // has it off as an existing plant would (migration 0030). The certificate's own tests turn it on.
    await db.insertInto('system_rules').values({ rule_key: 'fillerCertRequired', value: JSON.stringify(false), updated_by: 'tests' })
      .onConflict((oc) => oc.column('rule_key').doUpdateSet({ value: JSON.stringify(false) })).execute();
  } catch (error) {
    await db.destroy();
    await drop();
    throw error;
  }
  // No connection may stay open on a template while it is copied.
  await db.destroy();
  return { name, drop };
}

/**
 * Server tests run on TEST_DATABASE_URL when set, otherwise on an embedded PostgreSQL in .tmp/test-pg
 * (reused between runs). When another test run holds .tmp/test-pg, this run gets a throw-away cluster.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const external = process.env.TEST_DATABASE_URL?.trim();
  if (external) {
    project.provide('pgAdminUrl', external);
    const template = await prepareTemplate(external);
    project.provide('pgTemplate', template.name);
    return template.drop;
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
  let template: Awaited<ReturnType<typeof prepareTemplate>>;
  try {
    template = await prepareTemplate(adminUrl);
  } catch (error) {
    await server.stop();
    throw error;
  }
  project.provide('pgTemplate', template.name);
  return async () => {
    await template.drop();
    await server.stop();
    if (throwAway) rmSync(throwAway, { recursive: true, force: true });
  };
}
