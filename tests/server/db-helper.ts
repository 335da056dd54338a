import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';
import { createDb } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import type { DB } from '../../src/server/db/schema';
import { ensureSeed } from '../../src/server/db/seed';

/** The password of the seeded `admin` in every test database. */
export const TEST_ADMIN_PASSWORD = 'Admin@12345';

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

/** A fresh, migrated and seeded database of its own, so test files never see each other's rows. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = inject('pgAdminUrl');
  const name = `test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await admin(adminUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
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
  try {
    await migrateToLatest(db);
    await ensureSeed(db, { initialAdminPassword: TEST_ADMIN_PASSWORD });
  } catch (error) {
    await destroy();
    throw error;
  }
  return { url: url.toString(), db, destroy };
}
