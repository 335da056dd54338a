import { sql, type Kysely } from 'kysely';

/**
 * What the home dashboard reads, kept small (issue 21, items 1 and 6):
 *
 * - `cylinder_place_counts`: cylinders per (warehouse, status), kept like `cylinder_status_counts`
 *   (migrations 0003, 0008) by statement-level triggers on `cylinders` in the same transaction, in 64 slots
 *   (id % 64) so concurrent scans seldom meet on one counter. Cylinders without a warehouse are not
 *   counted. A GROUP BY over a million cylinders is what this replaces.
 * - `cylinder_customer_counts`: cylinders at each customer (status 9), in 8 slots, kept the same way, so the
 *   largest holders are read without counting the hundreds of thousands of cylinders out.
 * - `cylinders_due_idx`: the cylinders not scrapped, by next inspection date, so "due within N days" and
 *   "overdue" are counted from the index alone (the due list, /product/detect, uses it too).
 * The open outbound orders are counted from `storage_orders_open_out_idx` (migration 0013).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table cylinder_place_counts (
    warehouse_id integer not null, status smallint not null, slot smallint not null, count bigint not null default 0,
    primary key (warehouse_id, status, slot))`.execute(db);
  await sql`
    create function cylinder_place_counts_apply() returns trigger language plpgsql as $$
    declare d record;
    begin
      -- Net change per key, applied in key order (no deadlock between concurrent statements); an update that
      -- moves no cylinder between warehouses or statuses touches no counter. Each branch names only the
      -- transition tables its trigger has.
      if tg_op = 'INSERT' then
        for d in select warehouse_id, status, (id % 64)::smallint as slot, count(*) as n from new_rows
          where warehouse_id is not null group by 1, 2, 3 order by 1, 2, 3 loop
          insert into cylinder_place_counts as p values (d.warehouse_id, d.status, d.slot, d.n)
            on conflict (warehouse_id, status, slot) do update set count = p.count + excluded.count;
        end loop;
      elsif tg_op = 'DELETE' then
        for d in select warehouse_id, status, (id % 64)::smallint as slot, count(*) as n from old_rows
          where warehouse_id is not null group by 1, 2, 3 order by 1, 2, 3 loop
          update cylinder_place_counts set count = count - d.n where warehouse_id = d.warehouse_id and status = d.status and slot = d.slot;
        end loop;
      else
        for d in
          select warehouse_id, status, slot, sum(n) as n from (
            select warehouse_id, status, (id % 64)::smallint as slot, 1 as n from new_rows where warehouse_id is not null
            union all select warehouse_id, status, (id % 64)::smallint as slot, -1 as n from old_rows where warehouse_id is not null
          ) x group by 1, 2, 3 having sum(n) <> 0 order by 1, 2, 3
        loop
          insert into cylinder_place_counts as p values (d.warehouse_id, d.status, d.slot, d.n)
            on conflict (warehouse_id, status, slot) do update set count = p.count + excluded.count;
        end loop;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create table cylinder_customer_counts (
    customer_id integer not null, slot smallint not null, count bigint not null default 0, primary key (customer_id, slot))`.execute(db);
  await sql`
    create function cylinder_customer_counts_apply() returns trigger language plpgsql as $$
    declare d record;
    begin
      if tg_op = 'INSERT' then
        for d in select location_enterprise_id as c, (id % 8)::smallint as slot, count(*) as n from new_rows
          where status = 9 and location_enterprise_id is not null group by 1, 2 order by 1, 2 loop
          insert into cylinder_customer_counts as p values (d.c, d.slot, d.n)
            on conflict (customer_id, slot) do update set count = p.count + excluded.count;
        end loop;
      elsif tg_op = 'DELETE' then
        for d in select location_enterprise_id as c, (id % 8)::smallint as slot, count(*) as n from old_rows
          where status = 9 and location_enterprise_id is not null group by 1, 2 order by 1, 2 loop
          update cylinder_customer_counts set count = count - d.n where customer_id = d.c and slot = d.slot;
        end loop;
      else
        for d in
          select c, slot, sum(n) as n from (
            select location_enterprise_id as c, (id % 8)::smallint as slot, 1 as n from new_rows where status = 9 and location_enterprise_id is not null
            union all select location_enterprise_id, (id % 8)::smallint, -1 from old_rows where status = 9 and location_enterprise_id is not null
          ) x group by 1, 2 having sum(n) <> 0 order by 1, 2
        loop
          insert into cylinder_customer_counts as p values (d.c, d.slot, d.n)
            on conflict (customer_id, slot) do update set count = p.count + excluded.count;
        end loop;
      end if;
      return null;
    end $$`.execute(db);
  // Also for a bulk load that ran without triggers (a seed in replica mode): counts everything again.
  await sql`
    create function cylinder_place_counts_rebuild() returns void language sql as $$
      lock table cylinder_place_counts in exclusive mode;
      delete from cylinder_place_counts;
      insert into cylinder_place_counts (warehouse_id, status, slot, count)
        select warehouse_id, status, (id % 64)::smallint, count(*) from cylinders where warehouse_id is not null group by 1, 2, 3;
      lock table cylinder_customer_counts in exclusive mode;
      delete from cylinder_customer_counts;
      insert into cylinder_customer_counts (customer_id, slot, count)
        select location_enterprise_id, (id % 8)::smallint, count(*) from cylinders
        where status = 9 and location_enterprise_id is not null group by 1, 2;
    $$`.execute(db);
  await sql`select cylinder_place_counts_rebuild()`.execute(db);
  await sql`create trigger cylinders_place_insert after insert on cylinders referencing new table as new_rows
    for each statement execute function cylinder_place_counts_apply()`.execute(db);
  await sql`create trigger cylinders_place_update after update on cylinders referencing old table as old_rows new table as new_rows
    for each statement execute function cylinder_place_counts_apply()`.execute(db);
  await sql`create trigger cylinders_place_delete after delete on cylinders referencing old table as old_rows
    for each statement execute function cylinder_place_counts_apply()`.execute(db);
  await sql`create trigger cylinders_customer_insert after insert on cylinders referencing new table as new_rows
    for each statement execute function cylinder_customer_counts_apply()`.execute(db);
  await sql`create trigger cylinders_customer_update after update on cylinders referencing old table as old_rows new table as new_rows
    for each statement execute function cylinder_customer_counts_apply()`.execute(db);
  await sql`create trigger cylinders_customer_delete after delete on cylinders referencing old table as old_rows
    for each statement execute function cylinder_customer_counts_apply()`.execute(db);

  await sql`create index cylinders_due_idx on cylinders (next_inspection_date) where status <> 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index cylinders_due_idx`.execute(db);
  for (const op of ['insert', 'update', 'delete']) {
    await sql.raw(`drop trigger cylinders_place_${op} on cylinders`).execute(db);
    await sql.raw(`drop trigger cylinders_customer_${op} on cylinders`).execute(db);
  }
  await sql`drop function cylinder_place_counts_rebuild()`.execute(db);
  await sql`drop function cylinder_customer_counts_apply()`.execute(db);
  await sql`drop table cylinder_customer_counts`.execute(db);
  await sql`drop function cylinder_place_counts_apply()`.execute(db);
  await sql`drop table cylinder_place_counts`.execute(db);
}
