import { sql, type Kysely } from 'kysely';

/** Users, roles, menus with buttons, refresh tokens and the operation log. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('departments')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('dept_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('parent_id', 'integer', (c) => c.references('departments.id').onDelete('restrict'))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('username', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('dept_id', 'integer', (c) => c.references('departments.id').onDelete('set null'))
    .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(1).check(sql`status in (0, 1)`))
    .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // Serves the user list's default order and its name/status filters.
  await db.schema.createIndex('users_created_at_idx').on('users').column('created_at').execute();
  await db.schema.createIndex('users_name_idx').on('users').column('name').execute();
  await db.schema.createIndex('users_status_idx').on('users').column('status').execute();

  await db.schema
    .createTable('roles')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('role_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('role_code', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('remark', 'varchar(255)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('user_roles')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role_id'])
    .execute();
  await db.schema.createIndex('user_roles_role_idx').on('user_roles').column('role_id').execute();

  await db.schema
    .createTable('menus')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('menu_no', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('parent_no', 'varchar(64)', (c) => c.references('menus.menu_no').onDelete('cascade').onUpdate('cascade'))
    .addColumn('menu_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('menu_icon', 'varchar(64)')
    .addColumn('menu_url', 'varchar(255)')
    .addColumn('menu_link', 'varchar(255)')
    .addColumn('target', 'varchar(32)')
    .addColumn('hidden', 'smallint', (c) => c.notNull().defaultTo(0).check(sql`hidden in (0, 1)`))
    .addColumn('menu_color', 'varchar(32)')
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('menus_parent_idx').on('menus').column('parent_no').execute();

  await db.schema
    .createTable('menu_buttons')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('button_key', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('menu_no', 'varchar(64)', (c) =>
      c.notNull().references('menus.menu_no').onDelete('cascade').onUpdate('cascade'),
    )
    .addColumn('button_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('menu_buttons_menu_idx').on('menu_buttons').column('menu_no').execute();

  await db.schema
    .createTable('role_menus')
    .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addColumn('menu_no', 'varchar(64)', (c) =>
      c.notNull().references('menus.menu_no').onDelete('cascade').onUpdate('cascade'),
    )
    .addPrimaryKeyConstraint('role_menus_pk', ['role_id', 'menu_no'])
    .execute();

  await db.schema
    .createTable('role_buttons')
    .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addColumn('button_key', 'varchar(64)', (c) =>
      c.notNull().references('menu_buttons.button_key').onDelete('cascade').onUpdate('cascade'),
    )
    .addPrimaryKeyConstraint('role_buttons_pk', ['role_id', 'button_key'])
    .execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('token_hash', 'char(64)', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('family_id', 'uuid', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('refresh_tokens_family_idx').on('refresh_tokens').column('family_id').execute();
  await db.schema.createIndex('refresh_tokens_user_idx').on('refresh_tokens').column('user_id').execute();

  await db.schema
    .createTable('operation_logs')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer')
    .addColumn('user_name', 'varchar(64)')
    .addColumn('ip', 'varchar(64)')
    .addColumn('method', 'varchar(10)', (c) => c.notNull())
    .addColumn('path', 'varchar(255)', (c) => c.notNull())
    .addColumn('params', 'jsonb')
    .addColumn('code', 'integer')
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('request_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('operation_logs_created_at_idx').on('operation_logs').column('created_at').execute();
  await db.schema.createIndex('operation_logs_user_idx').on('operation_logs').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'operation_logs', 'refresh_tokens', 'role_buttons', 'role_menus', 'menu_buttons', 'menus',
    'user_roles', 'roles', 'users', 'departments',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
