import { sql, type Kysely } from 'kysely';

/**
 * The outbox's triggers no longer send NOTIFY outbox at every commit (bench/README "The outbox on and off": a notifying
 * commit takes PostgreSQL's notification-queue lock, one committing transaction at a time, which halved the scans a
 * server served). The sequencer of the process that committed is woken in the process (db/committed.ts), and every
 * sequencer numbers on its one-second timer what other writers left. The two functions of migration 0031 are rewritten
 * in place, the notification taken out (each must have had exactly one).
 */
const FUNCTIONS = ['outbox_trace_event()', 'outbox_cylinder_updated()'];
const NOTIFY = "perform pg_notify('outbox', '');";

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const fn of FUNCTIONS) {
    await sql`do $$ declare d text; begin
      d := pg_get_functiondef(${sql.lit(fn)}::regprocedure);
      if position(${sql.lit(NOTIFY)} in d) = 0 then raise exception 'no notification in %', ${sql.lit(fn)}; end if;
      execute replace(d, ${sql.lit(NOTIFY)}, '');
    end $$`.execute(db);
  }
}

/** The notification put back after the event's insert (its statement ends with the composed body's closing `));`). */
export async function down(db: Kysely<unknown>): Promise<void> {
  const ends: Record<string, string> = { 'outbox_trace_event()': "'changes', null));", 'outbox_cylinder_updated()': "'changes', outbox_camel(ch)));" };
  for (const fn of FUNCTIONS) {
    await sql`do $$ declare d text; begin
      d := pg_get_functiondef(${sql.lit(fn)}::regprocedure);
      execute replace(d, ${sql.lit(ends[fn]!)}, ${sql.lit(`${ends[fn]!} ${NOTIFY}`)});
    end $$`.execute(db);
  }
}
