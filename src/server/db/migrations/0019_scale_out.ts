import { sql, type Kysely } from 'kysely';

/**
 * Several server processes on one database:
 * - sign_in_attempts: the per-address sign-in rate (attempts per minute) counted in the database, so every
 *   process of a plant counts the same attempts. Unlogged: a count that is lost in a crash costs nothing
 *   but a minute's allowance, and the table is written on every sign-in.
 * - job_runs.runs: how many times a job ran, whichever process ran it (a plant checks it runs once).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create unlogged table sign_in_attempts (
    ip varchar(64) primary key,
    window_start timestamptz not null,
    attempts integer not null
  )`.execute(db);
  await db.schema.alterTable('job_runs').addColumn('runs', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('job_runs').dropColumn('runs').execute();
  await db.schema.dropTable('sign_in_attempts').execute();
}
