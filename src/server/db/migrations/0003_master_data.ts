import { sql, type Kysely } from 'kysely';

/**
 * Master data of issue 4: gases (materials), warehouses, customers and suppliers (enterprises), cylinders
 * with their trace, per-status counters, valve history, periodic inspections and inspection items.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('materials')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('material_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('material_short_name', 'varchar(32)')
    .addColumn('code', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('category', 'varchar(16)', (c) =>
      c.notNull().check(sql`category in ('compressed', 'liquefied', 'dissolved', 'mixture', 'cryogenic')`))
    .addColumn('flammable', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('toxic', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('oxidizing', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('corrosive', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('inspection_interval_years', 'smallint', (c) => c.notNull())
    .addColumn('target_net_weight', 'numeric(10, 3)')
    .addColumn('weight_tolerance', 'numeric(10, 3)')
    .addColumn('reweigh_required', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('design_life_years', 'smallint')
    .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(1).check(sql`status in (0, 1)`))
    .addColumn('remark', 'varchar(255)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('warehouses')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('warehouse_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('warehouse_code', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull().check(sql`kind in ('empty', 'finished')`))
    .addColumn('address', 'varchar(255)')
    .addColumn('keeper', 'varchar(64)')
    .addColumn('remark', 'varchar(255)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('enterprises')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    // 1 supplier, 2 customer (SPEC section 7 list types).
    .addColumn('type', 'smallint', (c) => c.notNull().check(sql`type in (1, 2)`))
    .addColumn('enterprise_name', 'varchar(128)', (c) => c.notNull())
    .addColumn('enterprise_code', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('credit_code', 'varchar(18)')
    .addColumn('contact', 'varchar(64)')
    .addColumn('phone', 'varchar(32)')
    .addColumn('province_code', 'varchar(6)')
    .addColumn('province_name', 'varchar(32)')
    .addColumn('city_code', 'varchar(6)')
    .addColumn('city_name', 'varchar(32)')
    .addColumn('district_code', 'varchar(6)')
    .addColumn('district_name', 'varchar(32)')
    .addColumn('address', 'varchar(255)')
    .addColumn('remark', 'varchar(255)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('enterprises_type_idx').on('enterprises').columns(['type', 'id']).execute();

  await db.schema
    .createTable('cylinders')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    // "C" collation: the unique index also serves code-prefix (LIKE 'x%') searches.
    .addColumn('code', sql`varchar(64) collate "C"`, (c) => c.notNull().unique())
    .addColumn('steel_stamp', sql`varchar(64) collate "C"`)
    .addColumn('material_id', 'integer', (c) => c.notNull().references('materials.id'))
    // 1 own cylinder, 2 a customer's cylinder filled on their behalf (owner_enterprise_id).
    .addColumn('owner_type', 'smallint', (c) => c.notNull().defaultTo(1).check(sql`owner_type in (1, 2)`))
    .addColumn('owner_enterprise_id', 'integer', (c) => c.references('enterprises.id'))
    .addColumn('manufacturer', 'varchar(128)')
    .addColumn('manufacture_date', 'date')
    .addColumn('specification', 'varchar(32)')
    .addColumn('water_volume', 'numeric(8, 2)')
    .addColumn('tare_weight', 'numeric(8, 2)')
    .addColumn('working_pressure', 'numeric(6, 2)')
    .addColumn('design_life_years', 'smallint')
    .addColumn('last_inspection_date', 'date')
    .addColumn('next_inspection_date', 'date')
    .addColumn('status', 'smallint', (c) => c.notNull().check(sql`status between 0 and 13`))
    .addColumn('warehouse_id', 'integer', (c) => c.references('warehouses.id'))
    .addColumn('location_enterprise_id', 'integer', (c) => c.references('enterprises.id'))
    .addColumn('valve_no', 'varchar(64)')
    .addColumn('last_filled_at', 'timestamptz')
    .addColumn('scrap_reason', 'varchar(255)')
    .addColumn('scrapped_at', 'timestamptz')
    .addColumn('scrapped_by', 'varchar(64)')
    .addColumn('remark', 'varchar(255)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // The list's filters under its default order (id desc); each (filter, id) index serves "filter + newest first".
  for (const column of ['status', 'material_id', 'owner_enterprise_id', 'warehouse_id', 'location_enterprise_id']) {
    await db.schema.createIndex(`cylinders_${column}_id_idx`).on('cylinders').columns([column, 'id']).execute();
  }
  await db.schema.createIndex('cylinders_steel_stamp_idx').on('cylinders').column('steel_stamp').execute();
  await db.schema.createIndex('cylinders_manufacture_date_idx').on('cylinders').column('manufacture_date').execute();
  await db.schema.createIndex('cylinders_next_inspection_idx').on('cylinders').column('next_inspection_date').execute();
  await db.schema.createIndex('cylinders_scrapped_idx').on('cylinders').column('scrapped_at').where(sql.ref('status'), '=', 0).execute();

  await db.schema
    .createTable('cylinder_traces')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('cylinder_id', 'integer', (c) => c.notNull().references('cylinders.id').onDelete('cascade'))
    .addColumn('from_status', 'smallint')
    .addColumn('to_status', 'smallint', (c) => c.notNull())
    .addColumn('action', 'varchar(32)', (c) => c.notNull())
    .addColumn('operator_id', 'integer')
    .addColumn('operator', 'varchar(64)')
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('detail', 'jsonb')
    .execute();
  await db.schema.createIndex('cylinder_traces_cylinder_at_idx').on('cylinder_traces').columns(['cylinder_id', 'at']).execute();

  await createStatusCounters(db);

  await db.schema
    .createTable('cylinder_valve_changes')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('cylinder_id', 'integer', (c) => c.notNull().references('cylinders.id').onDelete('cascade'))
    .addColumn('old_valve', 'varchar(64)')
    .addColumn('new_valve', 'varchar(64)', (c) => c.notNull())
    .addColumn('changed_on', 'date', (c) => c.notNull())
    .addColumn('reason', 'varchar(255)', (c) => c.notNull())
    .addColumn('operator_id', 'integer')
    .addColumn('operator', 'varchar(64)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('cylinder_valve_changes_cylinder_idx').on('cylinder_valve_changes').columns(['cylinder_id', 'id']).execute();

  await db.schema
    .createTable('periodic_inspections')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('cylinder_id', 'integer', (c) => c.notNull().references('cylinders.id').onDelete('cascade'))
    .addColumn('inspected_on', 'date', (c) => c.notNull())
    // 1 合格, 0 不合格.
    .addColumn('result', 'smallint', (c) => c.notNull().check(sql`result in (0, 1)`))
    .addColumn('next_date', 'date')
    .addColumn('agency', 'varchar(128)')
    .addColumn('report_no', 'varchar(64)')
    .addColumn('remark', 'varchar(255)')
    .addColumn('operator_id', 'integer')
    .addColumn('operator', 'varchar(64)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('periodic_inspections_cylinder_idx').on('periodic_inspections').columns(['cylinder_id', 'inspected_on']).execute();

  await db.schema
    .createTable('test_projects')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('material_id', 'integer', (c) => c.notNull().references('materials.id'))
    .addColumn('project_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('method', 'varchar(128)')
    .addColumn('standard_min', 'numeric(14, 4)')
    .addColumn('standard_max', 'numeric(14, 4)')
    .addColumn('standard_text', 'varchar(128)')
    .addColumn('unit', 'varchar(16)')
    .addColumn('required', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('test_projects_material_name_uq', ['material_id', 'project_name'])
    .execute();
}

/**
 * statusCount at a million cylinders must answer in milliseconds, so counts are kept, not computed: a
 * statement-level trigger folds every insert, status update and delete of `cylinders` into
 * `cylinder_status_counts` inside the same transaction. Any code path that changes a status (this issue's
 * and the later ones) keeps the counters right without having to remember to.
 */
async function createStatusCounters(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('cylinder_status_counts')
    .addColumn('status', 'smallint', (c) => c.primaryKey())
    .addColumn('count', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`insert into cylinder_status_counts (status, count) select s, 0 from generate_series(0, 13) s`.execute(db);
  // Net change per status, applied in status order so concurrent transactions lock counter rows in the
  // same order (no deadlock); an update that leaves statuses as they were touches no counter at all.
  await sql`
    create function cylinder_status_counts_apply() returns trigger language plpgsql as $$
    declare d record;
    begin
      -- Each branch names only the transition tables its trigger has (plpgsql plans a statement when it runs).
      if tg_op = 'INSERT' then
        for d in select status, count(*) as n from new_rows group by status order by status loop
          update cylinder_status_counts set count = count + d.n where status = d.status;
        end loop;
      elsif tg_op = 'DELETE' then
        for d in select status, count(*) as n from old_rows group by status order by status loop
          update cylinder_status_counts set count = count - d.n where status = d.status;
        end loop;
      else
        for d in
          select status, sum(n) as n from (
            select status, 1 as n from new_rows union all select status, -1 as n from old_rows
          ) x group by status having sum(n) <> 0 order by status
        loop
          update cylinder_status_counts set count = count + d.n where status = d.status;
        end loop;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger cylinders_count_insert after insert on cylinders referencing new table as new_rows
    for each statement execute function cylinder_status_counts_apply()`.execute(db);
  await sql`create trigger cylinders_count_update after update on cylinders referencing old table as old_rows new table as new_rows
    for each statement execute function cylinder_status_counts_apply()`.execute(db);
  await sql`create trigger cylinders_count_delete after delete on cylinders referencing old table as old_rows
    for each statement execute function cylinder_status_counts_apply()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'test_projects', 'periodic_inspections', 'cylinder_valve_changes', 'cylinder_status_counts', 'cylinder_traces',
    'cylinders', 'enterprises', 'warehouses', 'materials',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await sql`drop function if exists cylinder_status_counts_apply()`.execute(db);
}
