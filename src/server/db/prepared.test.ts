import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase } from '../../../tests/server/db-helper';
import { StatementNames } from './database';

describe('prepared statements', () => {
  it('names the fixed reads and writes, not utility statements, and stops naming at the cap', () => {
    const names = new StatementNames(2);
    const a = names.nameOf('select * from cylinders where code = $1');
    expect(a).toMatch(/^k[0-9a-f]{20}$/);
    expect(names.nameOf('select * from cylinders where code = $1')).toBe(a);
    expect(names.nameOf('begin')).toBeUndefined();
    expect(names.nameOf('alter table x add column y int')).toBeUndefined();
    expect(names.nameOf('  WITH x as (select 1) update t set a = 1')).toMatch(/^k/);
    expect(names.nameOf('select 2')).toBeUndefined();
    expect(names.nameOf('select * from cylinders where code = $1')).toBe(a);
  });

  it('runs a named statement again on the same connection with new values (PostgreSQL plans it once)', async () => {
    const { db, destroy } = await createTestDatabase();
    try {
      await db.connection().execute(async (conn) => {
        for (const n of [1, 2, 3]) {
          const { rows } = await sql<{ v: number }>`select ${n}::int * 2 as v`.execute(conn);
          expect(rows[0]!.v).toBe(n * 2);
        }
        const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_prepared_statements where statement like ${'%::int * 2 as v%'}`.execute(conn);
        expect(rows[0]!.n).toBe(1);
      });
    } finally {
      await destroy();
    }
  });
});
