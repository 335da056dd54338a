import { sql, type Kysely } from 'kysely';

/**
 * What a file is attached to. A download is allowed to the uploader and to whoever may see a record the
 * file is attached to (FILE_LINK_ACCESS in src/shared/api/file.ts): knowing a path is not enough.
 * Kind 'shared' (no record) marks the plant's shared documents on the home page.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('file_links')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('file_id', 'integer', (c) => c.notNull().references('files.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('record_id', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('file_links_file_idx').on('file_links').column('file_id').execute();
  // Serves the shared documents list, newest first.
  await db.schema.createIndex('file_links_kind_record_idx').on('file_links').columns(['kind', 'record_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('file_links').execute();
}
