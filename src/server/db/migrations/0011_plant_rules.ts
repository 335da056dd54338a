import { sql, type Kysely } from 'kysely';

/**
 * The life-cycle rules as a plant lives them:
 * - filling_records.value_fixed: the typed quantity was fixed on purpose for a rack of cylinders;
 * - vacuum_records.pressure takes four decimals (an absolute vacuum of 0.0006 MPa is not 0.001);
 * - stock-in and stock-out numbers each have their own sequence, going on from the shared one so that
 *   no number of today is given twice;
 * - a station's count of today (今日完成) reads the trace by action and time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table filling_records add column value_fixed boolean not null default false`.execute(db);
  await sql`alter table vacuum_records alter column pressure type numeric(10, 4)`.execute(db);
  const { rows } = await sql<{ next: string }>`select (case when is_called then last_value + 1 else last_value end)::text as next
    from storage_order_no_seq`.execute(db);
  const next = Number(rows[0]?.next ?? 1);
  await sql`create sequence storage_in_no_seq start with ${sql.lit(next)}`.execute(db);
  await sql`create sequence storage_out_no_seq start with ${sql.lit(next)}`.execute(db);
  await sql`create index cylinder_traces_action_at_idx on cylinder_traces (action, at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index cylinder_traces_action_at_idx`.execute(db);
  await sql`drop sequence storage_out_no_seq`.execute(db);
  await sql`drop sequence storage_in_no_seq`.execute(db);
  await sql`alter table vacuum_records alter column pressure type numeric(8, 3)`.execute(db);
  await sql`alter table filling_records drop column value_fixed`.execute(db);
}
