import { sql, type Kysely } from 'kysely';

/**
 * What the trace tells, kept in step with it (issue 21, item 6): the dashboard and the quality center read
 * `trace_daily`, a count of trace events per plant day, action, gas, specification, operator, customer,
 * analysis decision and reason, never the ten million events themselves.
 *
 * - A row trigger on `cylinder_traces` adds every new event in the same transaction, and takes it away again
 *   when a rollback marks it reverted (`reverted_by_id` set), so an undone fill is no longer counted.
 * - The day is the event's date in the session's time zone, which the server sets to the plant's own
 *   (db/database.ts), the calendar `lib/dates.today()` uses.
 * - `slot` (cylinder id mod 4) spreads concurrent scans by one operator of one gas over four rows, so busy
 *   stations do not queue on one counter; readers sum over it.
 * - The keys come from the event (its detail: the fill's gas, the outbound's and the recovery's customer,
 *   the failed inspection items, the analysis decision) and from the cylinder (gas, specification). The
 *   subtraction of a reverted event computes the same keys, so the row it added is the row it takes from.
 * - `quantity`: the filled net weight of a fill (kg), the net weight of a re-weigh.
 * - A failed inspection adds one row more per failed item under action `testFailItem`, reason = the item,
 *   so failure reasons are counted by item; a failed re-weigh's reason is 超重 or 欠重; an analysis keeps its
 *   decision and the first 64 characters of its reason; a scrap its reason.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table trace_daily (
    action varchar(32) not null,
    day date not null,
    material_id integer not null,
    specification varchar(32) not null,
    operator_id integer not null,
    customer_id integer not null,
    decision smallint not null,
    reason varchar(64) not null,
    slot smallint not null,
    n integer not null default 0,
    quantity numeric(16, 3) not null default 0,
    primary key (action, day, material_id, specification, operator_id, customer_id, decision, reason, slot)
  )`.execute(db);
  // The quality center's customer view: one customer's deliveries over a period.
  await sql`create index trace_daily_customer_idx on trace_daily (customer_id, action, day) where customer_id <> 0`.execute(db);

  await sql`
    create function trace_daily_keys(t cylinder_traces)
    returns table (action varchar, day date, material_id integer, specification varchar, operator_id integer,
                   customer_id integer, decision smallint, reason varchar, slot smallint, quantity numeric)
    language plpgsql stable as $$
    declare
      mat integer; spec varchar(32); cust integer := 0; dec smallint := 0; why varchar(64) := ''; qty numeric := 0;
      d jsonb := coalesce(t.detail, '{}'::jsonb);
      item text;
    begin
      if t.action in ('rollback', 'benchReset') then return; end if;
      select c.material_id, coalesce(c.specification, '') into mat, spec from cylinders c where c.id = t.cylinder_id;
      if jsonb_typeof(d) <> 'object' then d := '{}'::jsonb; end if;
      if t.action = 'fill' then
        if (d->>'materialId') ~ '^[0-9]{1,9}$' then mat := (d->>'materialId')::integer; end if;
        if (d->>'filledWeight') ~ '^-?[0-9]{1,9}(\\.[0-9]+)?$' then qty := (d->>'filledWeight')::numeric; end if;
      elsif t.action in ('reweighPass', 'reweighFail') then
        if (d->>'net') ~ '^-?[0-9]{1,9}(\\.[0-9]+)?$' then qty := (d->>'net')::numeric; end if;
        if t.action = 'reweighFail' and (d->>'deviation') ~ '^-?[0-9]{1,9}(\\.[0-9]+)?$' then
          why := case when (d->>'deviation')::numeric > 0 then '超重' else '欠重' end;
        end if;
      elsif t.action in ('outbound', 'recover') then
        if (d->>'customerId') ~ '^[0-9]{1,9}$' then cust := (d->>'customerId')::integer; end if;
      elsif t.action = 'analyse' then
        if (d->>'decision') ~ '^[0-9]{1,4}$' then dec := (d->>'decision')::smallint; end if;
        why := left(coalesce(d->>'reason', ''), 64);
      elsif t.action in ('scrap', 'inspectionFail') then
        why := left(coalesce(d->>'reason', ''), 64);
      end if;
      action := t.action; day := t.at::date; material_id := coalesce(mat, 0); specification := coalesce(spec, '');
      operator_id := coalesce(t.operator_id, 0); customer_id := cust; decision := dec; reason := why;
      slot := (t.cylinder_id % 4)::smallint; quantity := qty;
      return next;
      if t.action = 'testFail' and jsonb_typeof(d->'failedProjects') = 'array' then
        for item in select distinct left(e.v, 64) from jsonb_array_elements_text(d->'failedProjects') as e(v) loop
          action := 'testFailItem'; reason := item; quantity := 0;
          return next;
        end loop;
      end if;
    end $$`.execute(db);

  await sql`
    create function trace_daily_apply() returns trigger language plpgsql as $$
    declare sign integer; r cylinder_traces;
    begin
      if tg_op = 'INSERT' then
        if new.reverted_by_id is not null then return null; end if;
        sign := 1; r := new;
      elsif old.reverted_by_id is null and new.reverted_by_id is not null then
        sign := -1; r := old;
      else
        return null;
      end if;
      insert into trace_daily as s (action, day, material_id, specification, operator_id, customer_id, decision, reason, slot, n, quantity)
        select k.action, k.day, k.material_id, k.specification, k.operator_id, k.customer_id, k.decision, k.reason, k.slot,
               sign, sign * k.quantity
        from trace_daily_keys(r) k
        on conflict (action, day, material_id, specification, operator_id, customer_id, decision, reason, slot)
        do update set n = s.n + excluded.n, quantity = s.quantity + excluded.quantity;
      return null;
    end $$`.execute(db);
  await sql`create trigger cylinder_traces_daily after insert or update of reverted_by_id on cylinder_traces
    for each row execute function trace_daily_apply()`.execute(db);
  await createRebuild(db);
  await sql`select trace_daily_rebuild()`.execute(db);

  // Recall: the fills of a lot, and of a gas over a time window.
  await sql`create index filling_records_lot_idx on filling_records (lot_no, id) where lot_no is not null`.execute(db);
  await sql`create index filling_records_material_created_idx on filling_records (material_id, created_at, id)`.execute(db);
}

/**
 * `trace_daily_rebuild()`: the summary computed again from the whole trace, in one statement. Used by this
 * migration for the events already recorded, and by the bench after it seeds millions of events with the
 * row trigger switched off. Never on a request path.
 */
async function createRebuild(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function trace_daily_rebuild() returns void language sql as $$
      truncate trace_daily;
      insert into trace_daily (action, day, material_id, specification, operator_id, customer_id, decision, reason, slot, n, quantity)
        select k.action, k.day, k.material_id, k.specification, k.operator_id, k.customer_id, k.decision, k.reason, k.slot,
               count(*), sum(k.quantity)
        from cylinder_traces t cross join lateral trace_daily_keys(t) k
        where t.reverted_by_id is null
        group by 1, 2, 3, 4, 5, 6, 7, 8, 9;
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index filling_records_material_created_idx`.execute(db);
  await sql`drop index filling_records_lot_idx`.execute(db);
  await sql`drop trigger cylinder_traces_daily on cylinder_traces`.execute(db);
  await sql`drop function trace_daily_rebuild()`.execute(db);
  await sql`drop function trace_daily_apply()`.execute(db);
  await sql`drop function trace_daily_keys(cylinder_traces)`.execute(db);
  await sql`drop table trace_daily`.execute(db);
}
