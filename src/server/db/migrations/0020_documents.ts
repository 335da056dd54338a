import { sql, type Kysely } from 'kysely';

/**
 * Documents (issue 22): the plant's own fields of a data source (记录建模 saveDataSource / delType), next to
 * the built-in ones of src/shared/dataSources.ts. A key is unique per data source.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table data_source_fields (
    id serial primary key,
    data_source varchar(32) not null,
    content_key varchar(64) not null,
    content_name varchar(64) not null,
    type varchar(16) not null check (type in ('text', 'number', 'date', 'datetime', 'image')),
    created_by varchar(64),
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create unique index data_source_fields_key on data_source_fields (data_source, lower(content_key))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table data_source_fields`.execute(db);
}
