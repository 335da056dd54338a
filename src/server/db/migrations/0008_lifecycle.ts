import { sql, type Kysely } from 'kysely';

/**
 * The cylinder life cycle (issue "life cycle, part 1"):
 *
 * - cylinder_traces becomes the append-only record of every transition: a per-cylinder sequence number,
 *   the scanId that caused it, the workstation, the record it wrote, and the links between an event and
 *   the rollback that undid it. Its foreign key no longer cascades; a trigger refuses updates (except
 *   setting `reverted_by_id` once) and deletes (except the registration of a cylinder removed as a
 *   mistake, which cylinder_removals records).
 * - A status change is only possible inside the transition engine: a trigger refuses an update of
 *   cylinders.status unless the transaction declared itself a transition (set_config
 *   'cylinder.transition').
 * - The per-status counters are split into 64 slots per status (by cylinder id), summed on read, so
 *   concurrent scans of different cylinders do not queue on one counter row.
 * - Records written by transitions: filling, test (post-fill inspection), weighing, vacuum, analysis;
 *   lifecycle_scans keeps every scanId with its first answer; trace_notes holds notes on events.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // ---------------------------------------------------------------- materials: the design-life extension
  // LPG cylinders: 8 years of design life, up to 12 after a passed periodic inspection (DOMAIN.md).
  await sql`alter table materials add column extended_life_years smallint`.execute(db);
  await sql`update materials set extended_life_years = 12 where code ~* 'LPG' or material_name ~ '液化石油气'`.execute(db);

  // ---------------------------------------------------------------- the trace
  await sql`alter table cylinder_traces
    add column seq integer,
    add column scan_id uuid,
    add column workstation varchar(64),
    add column record_type varchar(16),
    add column record_id bigint,
    add column reverts_id bigint references cylinder_traces(id),
    add column reverted_by_id bigint references cylinder_traces(id)`.execute(db);
  await sql`update cylinder_traces t set seq = s.n from (
      select id, row_number() over (partition by cylinder_id order by at, id) as n from cylinder_traces
    ) s where s.id = t.id`.execute(db);
  await sql`alter table cylinder_traces alter column seq set not null`.execute(db);
  await sql`create unique index cylinder_traces_cylinder_seq_idx on cylinder_traces (cylinder_id, seq)`.execute(db);
  await sql`create index cylinder_traces_scan_idx on cylinder_traces (scan_id) where scan_id is not null`.execute(db);
  // Production lists read events by action and time.
  await sql`create index cylinder_traces_action_id_idx on cylinder_traces (action, id)`.execute(db);
  await sql`alter table cylinder_traces drop constraint cylinder_traces_cylinder_id_fkey`.execute(db);
  await sql`alter table cylinder_traces add constraint cylinder_traces_cylinder_id_fkey
    foreign key (cylinder_id) references cylinders(id) on delete restrict`.execute(db);
  await sql`
    create function cylinder_traces_append_only() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        if old.action in ('register', 'import') then return old; end if;
        raise exception 'cylinder_traces is append-only: event % of cylinder % cannot be deleted', old.id, old.cylinder_id
          using errcode = 'P0001';
      end if;
      if old.reverted_by_id is null and new.reverted_by_id is not null
         and (new.id, new.cylinder_id, new.seq, new.from_status, new.to_status, new.action, new.operator_id, new.operator,
              new.at, new.detail::text, new.scan_id, new.workstation, new.record_type, new.record_id, new.reverts_id)
             is not distinct from
             (old.id, old.cylinder_id, old.seq, old.from_status, old.to_status, old.action, old.operator_id, old.operator,
              old.at, old.detail::text, old.scan_id, old.workstation, old.record_type, old.record_id, old.reverts_id) then
        return new;
      end if;
      raise exception 'cylinder_traces is append-only: event % cannot be changed', old.id using errcode = 'P0001';
    end $$`.execute(db);
  await sql`create trigger cylinder_traces_append_only before update or delete on cylinder_traces
    for each row execute function cylinder_traces_append_only()`.execute(db);

  await db.schema
    .createTable('cylinder_removals')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('cylinder_id', 'integer', (c) => c.notNull())
    .addColumn('code', 'varchar(64)', (c) => c.notNull())
    .addColumn('detail', 'jsonb')
    .addColumn('operator_id', 'integer')
    .addColumn('operator', 'varchar(64)')
    .addColumn('workstation', 'varchar(64)')
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // ---------------------------------------------------------------- only transitions change a status
  await sql`
    create function cylinders_status_guard() returns trigger language plpgsql as $$
    begin
      if new.status is distinct from old.status and coalesce(current_setting('cylinder.transition', true), '') <> 'on' then
        raise exception 'cylinder % status % -> %: status changes only through the transition engine', old.id, old.status, new.status
          using errcode = 'P0001';
      end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger cylinders_status_guard before update of status on cylinders
    for each row execute function cylinders_status_guard()`.execute(db);

  // ---------------------------------------------------------------- counters in slots
  await sql`alter table cylinder_status_counts rename to cylinder_status_counts_old`.execute(db);
  await sql`create table cylinder_status_counts (
      status smallint not null, slot smallint not null, count bigint not null default 0,
      primary key (status, slot))`.execute(db);
  await sql`insert into cylinder_status_counts (status, slot, count)
    select s, k, 0 from generate_series(0, 13) s, generate_series(0, 63) k`.execute(db);
  await sql`update cylinder_status_counts c set count = x.n from (
      select status, id % 64 as slot, count(*) as n from cylinders group by 1, 2
    ) x where c.status = x.status and c.slot = x.slot`.execute(db);
  await sql`drop table cylinder_status_counts_old`.execute(db);
  await sql`
    create or replace function cylinder_status_counts_apply() returns trigger language plpgsql as $$
    declare d record;
    begin
      -- Net change per (status, slot), applied in that order so concurrent transactions lock counter rows
      -- in the same order (no deadlock); an update that leaves statuses as they were touches none.
      if tg_op = 'INSERT' then
        for d in select status, (id % 64)::smallint as slot, count(*) as n from new_rows group by 1, 2 order by 1, 2 loop
          update cylinder_status_counts set count = count + d.n where status = d.status and slot = d.slot;
        end loop;
      elsif tg_op = 'DELETE' then
        for d in select status, (id % 64)::smallint as slot, count(*) as n from old_rows group by 1, 2 order by 1, 2 loop
          update cylinder_status_counts set count = count - d.n where status = d.status and slot = d.slot;
        end loop;
      else
        for d in
          select status, slot, sum(n) as n from (
            select status, (id % 64)::smallint as slot, 1 as n from new_rows
            union all select status, (id % 64)::smallint as slot, -1 as n from old_rows
          ) x group by 1, 2 having sum(n) <> 0 order by 1, 2
        loop
          update cylinder_status_counts set count = count + d.n where status = d.status and slot = d.slot;
        end loop;
      end if;
      return null;
    end $$`.execute(db);

  // ---------------------------------------------------------------- records
  const recordBase = (name: string) => db.schema
    .createTable(name)
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('cylinder_id', 'integer', (c) => c.notNull().references('cylinders.id'))
    .addColumn('trace_id', 'bigint', (c) => c.notNull().references('cylinder_traces.id'))
    .addColumn('operator_id', 'integer')
    .addColumn('operator', 'varchar(64)')
    .addColumn('workstation', 'varchar(64)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // Set when a rollback undid the transition that wrote the record; the record itself stays.
    .addColumn('reverted_at', 'timestamptz');

  await recordBase('filling_records')
    .addColumn('material_id', 'integer', (c) => c.notNull().references('materials.id'))
    .addColumn('lot_no', 'varchar(64)')
    .addColumn('filled_weight', 'numeric(10, 3)')
    .addColumn('filled_pressure', 'numeric(8, 3)')
    .addColumn('started_at', 'timestamptz')
    .addColumn('ended_at', 'timestamptz')
    .addColumn('source', 'varchar(8)', (c) => c.notNull().check(sql`source in ('scale', 'manual')`))
    .execute();
  await recordBase('test_records')
    .addColumn('material_id', 'integer', (c) => c.notNull().references('materials.id'))
    .addColumn('result', 'smallint', (c) => c.notNull().check(sql`result in (0, 1)`))
    .addColumn('items', 'jsonb', (c) => c.notNull())
    .addColumn('remark', 'varchar(255)')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await recordBase('weighing_records')
    .addColumn('material_id', 'integer', (c) => c.notNull().references('materials.id'))
    .addColumn('gross_weight', 'numeric(10, 3)', (c) => c.notNull())
    .addColumn('tare_weight', 'numeric(10, 3)', (c) => c.notNull())
    .addColumn('net_weight', 'numeric(10, 3)', (c) => c.notNull())
    .addColumn('target_net_weight', 'numeric(10, 3)', (c) => c.notNull())
    .addColumn('tolerance', 'numeric(10, 3)', (c) => c.notNull())
    .addColumn('deviation', 'numeric(10, 3)', (c) => c.notNull())
    .addColumn('passed', 'boolean', (c) => c.notNull())
    .addColumn('source', 'varchar(8)', (c) => c.notNull().check(sql`source in ('scale', 'manual')`))
    .addColumn('scale', 'varchar(64)')
    .execute();
  await recordBase('vacuum_records')
    .addColumn('pressure', 'numeric(8, 3)')
    .addColumn('remark', 'varchar(255)')
    .execute();
  await recordBase('analysis_records')
    .addColumn('decision', 'smallint', (c) => c.notNull().check(sql`decision in (0, 2, 3)`))
    .addColumn('reason', 'varchar(200)', (c) => c.notNull())
    .execute();
  for (const table of ['filling_records', 'test_records', 'weighing_records', 'vacuum_records', 'analysis_records']) {
    await sql`create index ${sql.raw(`${table}_cylinder_idx`)} on ${sql.table(table)} (cylinder_id, id)`.execute(db);
    await sql`create index ${sql.raw(`${table}_created_idx`)} on ${sql.table(table)} (created_at, id)`.execute(db);
  }

  await db.schema
    .createTable('lifecycle_scans')
    .addColumn('scan_id', 'uuid', (c) => c.primaryKey())
    .addColumn('action', 'varchar(32)', (c) => c.notNull())
    .addColumn('code', 'varchar(64)', (c) => c.notNull())
    .addColumn('response', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('trace_notes')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('trace_id', 'bigint', (c) => c.notNull().references('cylinder_traces.id'))
    .addColumn('note', 'varchar(500)', (c) => c.notNull())
    .addColumn('operator_id', 'integer')
    .addColumn('operator', 'varchar(64)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('trace_notes_trace_idx').on('trace_notes').column('trace_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['trace_notes', 'lifecycle_scans', 'analysis_records', 'vacuum_records', 'weighing_records', 'test_records', 'filling_records', 'cylinder_removals']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await sql`drop trigger if exists cylinders_status_guard on cylinders`.execute(db);
  await sql`drop function if exists cylinders_status_guard()`.execute(db);
  await sql`drop trigger if exists cylinder_traces_append_only on cylinder_traces`.execute(db);
  await sql`drop function if exists cylinder_traces_append_only()`.execute(db);
  await sql`alter table materials drop column extended_life_years`.execute(db);
  await sql`alter table cylinder_traces drop column reverted_by_id, drop column reverts_id, drop column record_id,
    drop column record_type, drop column workstation, drop column scan_id, drop column seq`.execute(db);
}
