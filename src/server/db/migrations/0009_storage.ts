import { sql, type Kysely } from 'kysely';

/**
 * The storage side of the life cycle (issue "life cycle part 2"): stock-in and outbound orders, the
 * cylinders scanned onto them, recoveries from customers, and since when a cylinder is where it is.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Since when the cylinder is at its customer (set on shipment, cleared on recovery): holdings and long-out.
  await sql`alter table cylinders add column located_since timestamptz`.execute(db);
  await sql`create index cylinders_held_idx on cylinders (location_enterprise_id, located_since, id) where status = 9`.execute(db);
  await sql`create index cylinders_out_since_idx on cylinders (located_since, id) where status = 9`.execute(db);
  // Stock by warehouse × gas × status, read from the index alone.
  await sql`create index cylinders_stock_idx on cylinders (warehouse_id, material_id, status)`.execute(db);

  await sql`create sequence storage_order_no_seq`.execute(db);
  await db.schema
    .createTable('storage_orders')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('order_no', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('direction', 'varchar(3)', (c) => c.notNull().check(sql`direction in ('in', 'out')`))
    .addColumn('type', 'varchar(16)', (c) => c.notNull().check(sql`type in ('spaceRk', 'productRK', 'productCK', 'pickCk')`))
    .addColumn('warehouse_id', 'integer', (c) => c.references('warehouses.id'))
    .addColumn('customer_id', 'integer', (c) => c.references('enterprises.id'))
    .addColumn('vehicle', 'varchar(32)')
    .addColumn('driver', 'varchar(64)')
    // 0 open (出库待扫描 / 入库中), 1 done (出库完成 / 入库完成).
    .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(0).check(sql`status in (0, 1)`))
    .addColumn('remark', 'varchar(255)')
    .addColumn('operator_id', 'integer')
    .addColumn('operator', 'varchar(64)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('completed_at', 'timestamptz')
    .addColumn('completed_by', 'varchar(64)')
    .addColumn('sign_name', 'varchar(64)')
    .addColumn('sign_image', 'text')
    .addColumn('signed_at', 'timestamptz')
    .addColumn('signed_by', 'varchar(64)')
    // [{ documents, at, by }], newest last.
    .addColumn('prints', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute();
  await sql`create index storage_orders_list_idx on storage_orders (direction, id)`.execute(db);
  await sql`create index storage_orders_customer_idx on storage_orders (customer_id, id)`.execute(db);
  await sql`create index storage_orders_created_idx on storage_orders (direction, created_at, id)`.execute(db);

  await db.schema
    .createTable('storage_order_lines')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('order_id', 'integer', (c) => c.notNull().references('storage_orders.id').onDelete('cascade'))
    .addColumn('material_id', 'integer', (c) => c.notNull().references('materials.id'))
    .addColumn('specification', 'varchar(64)')
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('scanned', 'integer', (c) => c.notNull().defaultTo(0).check(sql`scanned >= 0 and scanned <= quantity`))
    .execute();
  await sql`create index storage_order_lines_order_idx on storage_order_lines (order_id, id)`.execute(db);

  // One row per cylinder scanned onto an order: the record of its stock-in or outbound-scan event.
  await db.schema
    .createTable('storage_order_items')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('order_id', 'integer', (c) => c.notNull().references('storage_orders.id'))
    .addColumn('line_id', 'integer', (c) => c.references('storage_order_lines.id'))
    .addColumn('cylinder_id', 'integer', (c) => c.notNull().references('cylinders.id'))
    .addColumn('trace_id', 'bigint', (c) => c.notNull().references('cylinder_traces.id'))
    .addColumn('operator_id', 'integer')
    .addColumn('operator', 'varchar(64)')
    .addColumn('workstation', 'varchar(64)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // Set when the cylinder left the order before it shipped (recovered while scanned): the row stays.
    .addColumn('reverted_at', 'timestamptz')
    .execute();
  await sql`create index storage_order_items_order_idx on storage_order_items (order_id, id)`.execute(db);
  await sql`create index storage_order_items_cylinder_idx on storage_order_items (cylinder_id, id)`.execute(db);

  // A return from a customer; `discrepancy` says where the system thought the cylinder was when that was elsewhere.
  await db.schema
    .createTable('recovery_records')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('cylinder_id', 'integer', (c) => c.notNull().references('cylinders.id'))
    .addColumn('trace_id', 'bigint', (c) => c.notNull().references('cylinder_traces.id'))
    .addColumn('operator_id', 'integer')
    .addColumn('operator', 'varchar(64)')
    .addColumn('workstation', 'varchar(64)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('reverted_at', 'timestamptz')
    .addColumn('customer_id', 'integer', (c) => c.references('enterprises.id'))
    .addColumn('expected_customer_id', 'integer', (c) => c.references('enterprises.id'))
    .addColumn('expected_status', 'smallint', (c) => c.notNull())
    .addColumn('discrepancy', 'varchar(255)')
    .addColumn('remark', 'varchar(255)')
    .execute();
  await sql`create index recovery_records_cylinder_idx on recovery_records (cylinder_id, id)`.execute(db);
  await sql`create index recovery_records_customer_idx on recovery_records (customer_id, id)`.execute(db);
  await sql`create index recovery_records_created_idx on recovery_records (created_at, id)`.execute(db);
  await sql`create index recovery_records_discrepancy_idx on recovery_records (id) where discrepancy is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['recovery_records', 'storage_order_items', 'storage_order_lines', 'storage_orders']) await db.schema.dropTable(table).execute();
  await sql`drop sequence storage_order_no_seq`.execute(db);
  await sql`drop index cylinders_held_idx, cylinders_out_since_idx, cylinders_stock_idx`.execute(db);
  await sql`alter table cylinders drop column located_since`.execute(db);
}
