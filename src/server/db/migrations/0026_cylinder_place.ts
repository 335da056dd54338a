import { sql, type Kysely } from 'kysely';

/**
 * One place per cylinder (issue 31, item 2; src/shared/cylinder/place.ts):
 *
 * - `cylinders.in_workshop`: 抽真空 and 分析处理 leave a cylinder in the filling workshop, out of any warehouse,
 *   until an empty stock-in; they now clear `warehouse_id` and set this. Existing cylinders come out as if they
 *   had: one whose latest standing placing event (registration, import, empty stock-in, vacuum, analysis — a
 *   pick and its return move it out and back) is a vacuum or an analysis, in stock or in production since, is in
 *   the workshop.
 * - `cylinder_place_counts` (0015) counted every cylinder with a warehouse by status, so 仓库库存 counted the
 *   cylinders picked from a warehouse as its stock. It now counts what a warehouse holds: stock (2) and finished
 *   stock (7) with a warehouse (WAREHOUSE_STATUSES; tests/server/place.test.ts holds the two together), and is
 *   rebuilt.
 * - `cylinders_stock_idx` carries in_workshop, so 库存查询 still counts from the index alone.
 */
const HELD = 'status in (2, 7) and warehouse_id is not null';

const applyFunction = (held: string) => sql.raw(`
  create or replace function cylinder_place_counts_apply() returns trigger language plpgsql as $$
  declare d record;
  begin
    -- Net change per key, applied in key order (no deadlock between concurrent statements); an update that
    -- moves no cylinder into or out of a warehouse's stock touches no counter.
    if tg_op = 'INSERT' then
      for d in select warehouse_id, status, (id % 64)::smallint as slot, count(*) as n from new_rows
        where ${held} group by 1, 2, 3 order by 1, 2, 3 loop
        insert into cylinder_place_counts as p values (d.warehouse_id, d.status, d.slot, d.n)
          on conflict (warehouse_id, status, slot) do update set count = p.count + excluded.count;
      end loop;
    elsif tg_op = 'DELETE' then
      for d in select warehouse_id, status, (id % 64)::smallint as slot, count(*) as n from old_rows
        where ${held} group by 1, 2, 3 order by 1, 2, 3 loop
        update cylinder_place_counts set count = count - d.n where warehouse_id = d.warehouse_id and status = d.status and slot = d.slot;
      end loop;
    else
      for d in
        select warehouse_id, status, slot, sum(n) as n from (
          select warehouse_id, status, (id % 64)::smallint as slot, 1 as n from new_rows where ${held}
          union all select warehouse_id, status, (id % 64)::smallint as slot, -1 as n from old_rows where ${held}
        ) x group by 1, 2, 3 having sum(n) <> 0 order by 1, 2, 3
      loop
        insert into cylinder_place_counts as p values (d.warehouse_id, d.status, d.slot, d.n)
          on conflict (warehouse_id, status, slot) do update set count = p.count + excluded.count;
      end loop;
    end if;
    return null;
  end $$`);

const rebuildFunction = (held: string) => sql.raw(`
  create or replace function cylinder_place_counts_rebuild() returns void language sql as $$
    lock table cylinder_place_counts in exclusive mode;
    delete from cylinder_place_counts;
    insert into cylinder_place_counts (warehouse_id, status, slot, count)
      select warehouse_id, status, (id % 64)::smallint, count(*) from cylinders where ${held} group by 1, 2, 3;
    lock table cylinder_customer_counts in exclusive mode;
    delete from cylinder_customer_counts;
    insert into cylinder_customer_counts (customer_id, slot, count)
      select location_enterprise_id, (id % 8)::smallint, count(*) from cylinders
      where status = 9 and location_enterprise_id is not null group by 1, 2;
  $$`);

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table cylinders add column in_workshop boolean not null default false`.execute(db);
  await applyFunction(HELD).execute(db);
  await rebuildFunction(HELD).execute(db);
  await sql`
    update cylinders c set warehouse_id = null, in_workshop = true
    from cylinders x cross join lateral (
      select t.action from cylinder_traces t
      where t.cylinder_id = x.id and t.reverted_by_id is null and t.action in ('register', 'import', 'stockInEmpty', 'vacuum', 'analyse')
      order by t.seq desc limit 1) placed
    where c.id = x.id and x.status between 1 and 6 and placed.action in ('vacuum', 'analyse')`.execute(db);
  await sql`select cylinder_place_counts_rebuild()`.execute(db);
  await sql`create index cylinders_stock_place_idx on cylinders (warehouse_id, material_id, status) include (in_workshop)`.execute(db);
  await sql`drop index cylinders_stock_idx`.execute(db);
  await sql`alter index cylinders_stock_place_idx rename to cylinders_stock_idx`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index cylinders_stock_idx`.execute(db);
  await sql`create index cylinders_stock_idx on cylinders (warehouse_id, material_id, status)`.execute(db);
  await applyFunction('warehouse_id is not null').execute(db);
  await rebuildFunction('warehouse_id is not null').execute(db);
  await sql`alter table cylinders drop column in_workshop`.execute(db);
  await sql`select cylinder_place_counts_rebuild()`.execute(db);
}
