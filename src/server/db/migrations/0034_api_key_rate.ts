import { sql, type Kysely } from 'kysely';

/**
 * The per-key rate limit's counters, shared by every server process on the database (issue 35, docs/INTEGRATION.md):
 * one row per limited key (`apiKey:<id>`), a fixed window starting at its first call; one upsert per keyed request.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table api_key_rate_windows (
    key varchar(64) primary key,
    window_start timestamptz not null,
    hits integer not null
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table api_key_rate_windows`.execute(db);
}
