import { sql, type Kysely } from 'kysely';

/**
 * Codes people type (gas, warehouse, customer, cylinder) are unique regardless of letter case: `n2` and
 * `N2` are one gas. The case-sensitive constraints stay (their btree serves exact lookups and prefix
 * search); these indexes serve the case-insensitive checks.
 *
 * Inspection items are retired rather than deleted (inspection results will refer to them), so only the
 * active items of a gas need unique names.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create unique index materials_code_ci on materials (lower(code))`.execute(db);
  await sql`create unique index warehouses_code_ci on warehouses (lower(warehouse_code))`.execute(db);
  await sql`create unique index enterprises_code_ci on enterprises (lower(enterprise_code))`.execute(db);
  await sql`create unique index cylinders_code_ci on cylinders (lower(code))`.execute(db);
  // Customers and suppliers of one type are told apart by name too (served for the duplicate check).
  await sql`create index enterprises_type_name_ci on enterprises (type, lower(enterprise_name))`.execute(db);

  await db.schema.alterTable('test_projects').addColumn('retired_at', 'timestamptz').execute();
  await db.schema.alterTable('test_projects').dropConstraint('test_projects_material_name_uq').execute();
  await sql`create unique index test_projects_active_name_uq on test_projects (material_id, project_name) where retired_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index test_projects_active_name_uq`.execute(db);
  await sql`delete from test_projects where retired_at is not null`.execute(db);
  await db.schema.alterTable('test_projects').addUniqueConstraint('test_projects_material_name_uq', ['material_id', 'project_name']).execute();
  await db.schema.alterTable('test_projects').dropColumn('retired_at').execute();
  for (const index of ['enterprises_type_name_ci', 'cylinders_code_ci', 'enterprises_code_ci', 'warehouses_code_ci', 'materials_code_ci']) {
    await sql`drop index ${sql.id(index)}`.execute(db);
  }
}
