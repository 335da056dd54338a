import { sql, type Kysely } from 'kysely';

/**
 * Order numbers, cancelled orders and recall notices (issue 31, items 11 and 15):
 * - storage_order_counters: the last stock-in / stock-out number given, one row per direction, taken in the
 *   transaction that inserts the order. A sequence does not roll back, so a first scan that was refused used
 *   up a number (RK…-000002 as the first order); the row's increment rolls back with the order. It goes on
 *   from the sequences, which are dropped, so no number is given twice.
 * - storage_orders.status 2 (已作废): an outbound order with no cylinder on it, kept with who cancelled it,
 *   when and why (never deleted).
 * - notice_sends: one row per (cause, recipient) a notice was sent for, so the same notice reaches the same
 *   person once; notice_rates: how many notices a sender sent in the current minute, counted in the database
 *   so every server of the plant counts the same (unlogged, like sign_in_attempts: a count lost in a crash
 *   costs a minute's allowance).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table storage_order_counters (
    direction varchar(3) primary key check (direction in ('in', 'out')),
    last_no bigint not null
  )`.execute(db);
  // The last number each sequence gave (last_value is the next one while is_called is false).
  await sql`insert into storage_order_counters (direction, last_no)
    select 'in', case when is_called then last_value else last_value - 1 end from storage_in_no_seq
    union all
    select 'out', case when is_called then last_value else last_value - 1 end from storage_out_no_seq`.execute(db);
  await sql`drop sequence storage_in_no_seq`.execute(db);
  await sql`drop sequence storage_out_no_seq`.execute(db);

  await sql`alter table storage_orders drop constraint storage_orders_status_check`.execute(db);
  await sql`alter table storage_orders add constraint storage_orders_status_check check (status in (0, 1, 2))`.execute(db);
  await sql`alter table storage_orders add column cancelled_at timestamptz, add column cancelled_by varchar(64),
    add column cancel_reason varchar(255)`.execute(db);

  await sql`create table notice_sends (
    cause varchar(160) not null,
    user_id integer not null references users(id) on delete cascade,
    sender_id integer,
    sent_at timestamptz not null default now(),
    primary key (cause, user_id)
  )`.execute(db);
  await sql`create unlogged table notice_rates (
    sender_id integer primary key,
    window_start timestamptz not null,
    notices integer not null
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table notice_rates`.execute(db);
  await sql`drop table notice_sends`.execute(db);
  await sql`update storage_orders set status = 0 where status = 2`.execute(db);
  await sql`alter table storage_orders drop column cancelled_at, drop column cancelled_by, drop column cancel_reason`.execute(db);
  await sql`alter table storage_orders drop constraint storage_orders_status_check`.execute(db);
  await sql`alter table storage_orders add constraint storage_orders_status_check check (status in (0, 1))`.execute(db);
  const { rows } = await sql<{ direction: string; next: string }>`select direction, (last_no + 1)::text as next from storage_order_counters`.execute(db);
  const next = (d: string) => sql.lit(Number(rows.find((r) => r.direction === d)?.next ?? 1));
  await sql`create sequence storage_in_no_seq start with ${next('in')}`.execute(db);
  await sql`create sequence storage_out_no_seq start with ${next('out')}`.execute(db);
  await sql`drop table storage_order_counters`.execute(db);
}
