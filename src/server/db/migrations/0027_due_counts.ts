import { sql, type Kysely } from 'kysely';

/**
 * The dashboard's 今日待办 counted inspections due and overdue from cylinders_due_idx (0015): one index range of
 * every cylinder due within the window, about 170,000 entries on the bench database, read by parallel workers on
 * every call of canUserOutput (80 ms alone, 218–650 ms p95 with 20 clients; issue 31, item 19).
 * `cylinder_due_counts` keeps the cylinders not scrapped per next inspection date (in 8 slots, id % 8, like
 * cylinder_customer_counts), by statement-level triggers on `cylinders` in the same transaction; the card sums
 * the dates up to its window's end: one row per date and slot, a few thousand at most. A scan changes neither the
 * date nor scrap, so its statement nets to nothing and writes no counter.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table cylinder_due_counts (
    due_on date not null, slot smallint not null, count bigint not null default 0, primary key (due_on, slot))`.execute(db);
  await sql`
    create function cylinder_due_counts_apply() returns trigger language plpgsql as $$
    declare d record;
    begin
      -- Net change per key, in key order (no deadlock between concurrent statements).
      if tg_op = 'INSERT' then
        for d in select next_inspection_date as due, (id % 8)::smallint as slot, count(*) as n from new_rows
          where status <> 0 and next_inspection_date is not null group by 1, 2 order by 1, 2 loop
          insert into cylinder_due_counts as p values (d.due, d.slot, d.n)
            on conflict (due_on, slot) do update set count = p.count + excluded.count;
        end loop;
      elsif tg_op = 'DELETE' then
        for d in select next_inspection_date as due, (id % 8)::smallint as slot, count(*) as n from old_rows
          where status <> 0 and next_inspection_date is not null group by 1, 2 order by 1, 2 loop
          update cylinder_due_counts set count = count - d.n where due_on = d.due and slot = d.slot;
        end loop;
      else
        for d in
          select due, slot, sum(n) as n from (
            select next_inspection_date as due, (id % 8)::smallint as slot, 1 as n from new_rows where status <> 0 and next_inspection_date is not null
            union all select next_inspection_date, (id % 8)::smallint, -1 from old_rows where status <> 0 and next_inspection_date is not null
          ) x group by 1, 2 having sum(n) <> 0 order by 1, 2
        loop
          insert into cylinder_due_counts as p values (d.due, d.slot, d.n)
            on conflict (due_on, slot) do update set count = p.count + excluded.count;
        end loop;
      end if;
      return null;
    end $$`.execute(db);
  // Also for a bulk load that ran without triggers: counts everything again.
  await sql`
    create function cylinder_due_counts_rebuild() returns void language sql as $$
      lock table cylinder_due_counts in exclusive mode;
      delete from cylinder_due_counts;
      insert into cylinder_due_counts (due_on, slot, count)
        select next_inspection_date, (id % 8)::smallint, count(*) from cylinders
        where status <> 0 and next_inspection_date is not null group by 1, 2;
    $$`.execute(db);
  await sql`select cylinder_due_counts_rebuild()`.execute(db);
  await sql`create trigger cylinders_due_insert after insert on cylinders referencing new table as new_rows
    for each statement execute function cylinder_due_counts_apply()`.execute(db);
  await sql`create trigger cylinders_due_update after update on cylinders referencing old table as old_rows new table as new_rows
    for each statement execute function cylinder_due_counts_apply()`.execute(db);
  await sql`create trigger cylinders_due_delete after delete on cylinders referencing old table as old_rows
    for each statement execute function cylinder_due_counts_apply()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const op of ['insert', 'update', 'delete']) await sql.raw(`drop trigger cylinders_due_${op} on cylinders`).execute(db);
  await sql`drop function cylinder_due_counts_rebuild()`.execute(db);
  await sql`drop function cylinder_due_counts_apply()`.execute(db);
  await sql`drop table cylinder_due_counts`.execute(db);
}
