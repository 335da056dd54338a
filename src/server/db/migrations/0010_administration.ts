import { sql, type Kysely } from 'kysely';

/**
 * Administration (issue "Administration"): users' phone and forced password change, departments' leader
 * and phone, the company record, the dictionary, the system rules, interface-log settings, and the
 * operation log's module column with the indexes its search uses.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column phone varchar(32)`.execute(db);
  // Set when an administrator creates the user or resets the password: every call but the password change is refused.
  await sql`alter table users add column must_change_password smallint not null default 0 check (must_change_password in (0, 1))`.execute(db);
  await sql`create index users_dept_idx on users (dept_id)`.execute(db);
  await sql`create index users_username_ci_idx on users (lower(username))`.execute(db);

  await sql`alter table departments add column leader varchar(64)`.execute(db);
  await sql`alter table departments add column phone varchar(32)`.execute(db);
  await sql`create index departments_parent_idx on departments (parent_id)`.execute(db);
  await sql`create index sign_in_failures_locked_idx on sign_in_failures (username) where locked_until is not null`.execute(db);

  // One row (id 1): the plant itself.
  await db.schema
    .createTable('company')
    .addColumn('id', 'smallint', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('company_name', 'varchar(128)')
    .addColumn('credit_code', 'varchar(18)')
    .addColumn('licence_no', 'varchar(64)')
    .addColumn('licence_expiry', 'date')
    .addColumn('address', 'varchar(255)')
    .addColumn('phone', 'varchar(32)')
    .addColumn('logo_path', 'varchar(512)')
    .addColumn('app_title', 'varchar(64)')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('dictionary_types')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('type_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('type_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('remark', 'varchar(255)')
    .addColumn('built_in', 'smallint', (c) => c.notNull().defaultTo(0).check(sql`built_in in (0, 1)`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index dictionary_types_code_key on dictionary_types (lower(type_code))`.execute(db);

  await db.schema
    .createTable('dictionary_entries')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('type_id', 'integer', (c) => c.notNull().references('dictionary_types.id').onDelete('cascade'))
    .addColumn('data_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('data_value', 'varchar(128)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(1).check(sql`status in (0, 1)`))
    .addColumn('remark', 'varchar(255)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index dictionary_entries_value_key on dictionary_entries (type_id, data_value)`.execute(db);
  await sql`create index dictionary_entries_order_idx on dictionary_entries (type_id, sort, id)`.execute(db);

  // One row per rule that an administrator saved; a rule without a row has its default.
  await db.schema
    .createTable('system_rules')
    .addColumn('rule_key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'jsonb', (c) => c.notNull())
    .addColumn('updated_by', 'varchar(64)')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('log_settings')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('method', 'varchar(10)', (c) => c.notNull())
    .addColumn('log_url', 'varchar(255)', (c) => c.notNull())
    .addColumn('log_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('logged', 'smallint', (c) => c.notNull().defaultTo(1).check(sql`logged in (0, 1)`))
    .addColumn('kept_params', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('remark', 'varchar(255)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index log_settings_route_key on log_settings (method, log_url)`.execute(db);

  // The module (first path segment after /api) is stored, so the search filters on an indexed column.
  await sql`alter table operation_logs add column module varchar(64)`.execute(db);
  await sql`update operation_logs set module = split_part(path, '/', 3)`.execute(db);
  await sql`create index operation_logs_module_idx on operation_logs (module, created_at)`.execute(db);
  await sql`create index operation_logs_path_idx on operation_logs (path text_pattern_ops, created_at)`.execute(db);
  await sql`create index operation_logs_user_name_idx on operation_logs (user_name, created_at)`.execute(db);
  await sql`create index operation_logs_user_time_idx on operation_logs (user_id, created_at)`.execute(db);
  await sql`drop index operation_logs_user_idx`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create index operation_logs_user_idx on operation_logs (user_id)`.execute(db);
  for (const index of ['operation_logs_user_time_idx', 'operation_logs_user_name_idx', 'operation_logs_path_idx', 'operation_logs_module_idx']) {
    await sql`drop index ${sql.id(index)}`.execute(db);
  }
  await sql`alter table operation_logs drop column module`.execute(db);
  for (const table of ['log_settings', 'system_rules', 'dictionary_entries', 'dictionary_types', 'company']) {
    await db.schema.dropTable(table).execute();
  }
  await sql`drop index sign_in_failures_locked_idx`.execute(db);
  await sql`drop index departments_parent_idx`.execute(db);
  await sql`alter table departments drop column phone`.execute(db);
  await sql`alter table departments drop column leader`.execute(db);
  await sql`drop index users_username_ci_idx`.execute(db);
  await sql`drop index users_dept_idx`.execute(db);
  await sql`alter table users drop column must_change_password`.execute(db);
  await sql`alter table users drop column phone`.execute(db);
}
