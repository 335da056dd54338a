import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { verifyPassword } from '../../src/server/lib/password';
import { createTestDatabase, TEST_ADMIN_PASSWORD } from './db-helper';

async function databaseExists(name: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: inject('pgAdminUrl') });
  await client.connect();
  try {
    return (await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
  } finally {
    await client.end();
  }
}

describe('createTestDatabase', () => {
  it('gives each caller its own migrated database with the admin seeded', async () => {
    const a = await createTestDatabase();
    const b = await createTestDatabase();
    try {
      expect(a.url).not.toBe(b.url);
      const admin = await a.db.selectFrom('users').select(['username', 'password_hash']).where('username', '=', 'admin').executeTakeFirstOrThrow();
      expect(await verifyPassword(TEST_ADMIN_PASSWORD, admin.password_hash)).toBe(true);

      await a.db.deleteFrom('user_roles').execute();
      const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM user_roles`.execute(b.db);
      expect(rows[0]!.n).toBeGreaterThan(0);
    } finally {
      await a.destroy();
      await b.destroy();
    }
  });

  it('destroy drops the database', async () => {
    const t = await createTestDatabase();
    const name = new URL(t.url).pathname.slice(1);
    expect(await databaseExists(name)).toBe(true);
    await t.destroy();
    expect(await databaseExists(name)).toBe(false);
  });
});
