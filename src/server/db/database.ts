import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { DB } from './schema';

export const MIN_POSTGRES_VERSION_NUM = 150000;

// BIGINT (e.g. count(*)) arrives as a string by default; our ids and counts fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

/** A Kysely instance over a pg.Pool. Nothing connects until the first query. */
export function createDb(connectionString: string): Kysely<DB> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle client losing its connection (database restarted) must not crash the process.
  pool.on('error', (error) => console.error(`PostgreSQL pool error: ${error.message}`));
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
}

/** Refuses servers older than PostgreSQL 15 with a message the operator can act on. */
export async function assertPostgresVersion(db: Kysely<DB>): Promise<string> {
  const { rows } = await sql<{ num: string; version: string }>`
    SELECT current_setting('server_version_num') AS num, current_setting('server_version') AS version
  `.execute(db);
  const row = rows[0]!;
  if (Number(row.num) < MIN_POSTGRES_VERSION_NUM) {
    throw new Error(`PostgreSQL ${row.version} is too old: the server needs PostgreSQL 15 or newer (check DATABASE_URL)`);
  }
  return row.version;
}
