import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';
import { createDb } from '../../src/server/db/database';
import type { DB } from '../../src/server/db/schema';

export { TEST_ADMIN_PASSWORD } from './admin-password';

export interface TestDatabase {
  url: string;
  db: Kysely<DB>;
  /** Closes the pool and drops the database. */
  destroy(): Promise<void>;
}

async function admin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, migrated and seeded database of its own, so test files never see each other's rows: a copy of the
 * run's template (global-setup.ts), which was migrated and seeded once.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = inject('pgAdminUrl');
  const name = `test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await admin(adminUrl, (client) => client.query(`CREATE DATABASE "${name}" TEMPLATE "${inject('pgTemplate')}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = createDb(url.toString());
  let destroyed = false;
  const destroy = async () => {
    if (destroyed) return;
    destroyed = true;
    await db.destroy();
    await admin(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
  };
  return { url: url.toString(), db, destroy };
}
