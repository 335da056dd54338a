import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { sql } from 'kysely';
import ts from 'typescript';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './db-helper';
import { compareSchema, readSchemaFile, type DbColumn } from './schema-compare';

/**
 * src/server/db/schema.ts is written by hand; this holds it to the migrated database: the same tables and columns
 * on both sides, a column nullable in the database exactly when its TypeScript type admits null, a column an insert
 * may leave out (Generated, or a ColumnType whose insert type admits undefined) only where the database supplies a
 * value, and every TypeScript type one that pg hands back for the column's PostgreSQL type.
 */

const SCHEMA_FILE = resolve(__dirname, '../../src/server/db/schema.ts');

let d: TestDatabase;
let columns: DbColumn[];
beforeAll(async () => {
  d = await createTestDatabase();
  const { rows } = await sql<DbColumn>`
    select c.table_name as "table", c.column_name as "column", c.is_nullable = 'YES' as nullable, c.udt_name as udt,
           (c.column_default is not null or c.is_identity = 'YES' or c.is_generated = 'ALWAYS') as "hasDefault"
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
     where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
       and c.table_name not in ('kysely_migration', 'kysely_migration_lock')
     order by c.table_name, c.ordinal_position`.execute(d.db);
  columns = rows;
});
afterAll(async () => { await d?.destroy(); });

it('src/server/db/schema.ts declares every table and column of the migrated database, with their types', () => {
  const schema = readSchemaFile(ts.createSourceFile(SCHEMA_FILE, readFileSync(SCHEMA_FILE, 'utf8'), ts.ScriptTarget.Latest, true));
  expect(compareSchema(schema, columns)).toEqual([]);
});

it('fails on a column whose declaration differs from the database', () => {
  const planted = readFileSync(SCHEMA_FILE, 'utf8')
    .replace(/(export interface UsersTable \{[^}]*?)\n {2}phone: string \| null;/, '$1\n  phone: number;\n  nickname: string;')
    .replace(/\n {2}app_secrets: AppSecretsTable;/, '');
  const schema = readSchemaFile(ts.createSourceFile('planted.ts', planted, ts.ScriptTarget.Latest, true));
  expect(compareSchema(schema, columns)).toEqual([
    'app_secrets: a table of the database that schema.ts does not declare',
    'users.nickname: declared in schema.ts, not in the database',
    'users.phone: schema.ts reads number, PostgreSQL type varchar gives string',
    'users.phone: the database admits null, schema.ts does not',
  ]);
});
