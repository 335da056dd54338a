import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../src/server/db/migrations';
import { migrateToLatest } from '../../src/server/db/migrate';
import { heldWarehouseSql, placeSql } from '../../src/server/modules/cylinder/place.sql';
import { createTestDatabase, type TestDatabase } from './db-helper';

/**
 * Migration 0026 on a database kept before it (issue 31, item 2): the cylinders come out where every screen
 * now places them, and 仓库库存's kept summary counts only what each warehouse holds.
 */
let d: TestDatabase;
beforeAll(async () => { d = await createTestDatabase(); });
afterAll(async () => { await d?.destroy(); });

describe('migration 0026 on an existing database', () => {
  it('places every cylinder by its status and last placing event, and recounts 仓库库存', async () => {
    const db = d.db;
    const migrator = new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } });
    const names = Object.keys(MIGRATIONS);
    const down = await migrator.migrateTo(names[names.indexOf('0026_cylinder_place') - 1]!);
    expect(down.error).toBeUndefined();

    const gas = (await db.insertInto('materials').values({ material_name: '迁移气', code: 'MIG', category: 'compressed', inspection_interval_years: 3 } as never)
      .returning('id').executeTakeFirstOrThrow()).id;
    const [empty, finished] = await Promise.all(['empty', 'finished'].map(async (kind) => (await db.insertInto('warehouses')
      .values({ warehouse_name: `迁移${kind}`, warehouse_code: `MIG-${kind}`, kind }).returning('id').executeTakeFirstOrThrow()).id)) as [number, number];
    /** A cylinder as the code before 0026 left it, with its history (from, to, action) oldest first. */
    const kept = async (code: string, status: number, warehouse: number | null, history: Array<[number | null, number, string]>) => {
      const { id } = await db.insertInto('cylinders').values({ code, material_id: gas, status, warehouse_id: warehouse } as never)
        .returning('id').executeTakeFirstOrThrow();
      for (const [i, [from, to, action]] of history.entries()) {
        await db.insertInto('cylinder_traces').values({ cylinder_id: id, seq: i + 1, from_status: from, to_status: to, action, operator: '迁移', detail: '{}' }).execute();
      }
      return code;
    };
    const reg: [null, number, string] = [null, 2, 'register'];
    const expected: Array<[string, string, number | null]> = [
      [await kept('M-STOCK', 2, empty, [reg]), 'warehouse', empty],
      [await kept('M-PICKED', 3, empty, [reg, [2, 3, 'pick']]), 'workshop', null],
      [await kept('M-FILLED', 4, empty, [reg, [2, 3, 'pick'], [3, 4, 'fill']]), 'workshop', null],
      [await kept('M-RETURNED-PICK', 2, empty, [reg, [2, 3, 'pick'], [3, 2, 'returnPick']]), 'warehouse', empty],
      [await kept('M-VACUUMED', 2, null, [reg, [2, 3, 'pick'], [3, 4, 'fill'], [4, 5, 'testPass'], [5, 7, 'stockInProduct'], [7, 8, 'outboundScan'],
        [8, 9, 'outbound'], [9, 10, 'recover'], [10, 2, 'vacuum']]), 'workshop', null],
      [await kept('M-FAILED-VACUUMED', 2, empty, [reg, [2, 3, 'pick'], [3, 4, 'fill'], [4, 1, 'testFail'], [1, 2, 'vacuum']]), 'workshop', null],
      [await kept('M-ANALYSED', 2, empty, [reg, [2, 3, 'pick'], [3, 4, 'fill'], [4, 1, 'testFail'], [1, 2, 'analyse']]), 'workshop', null],
      [await kept('M-VACUUMED-PICKED', 3, empty, [reg, [2, 2, 'vacuum'], [2, 3, 'pick']]), 'workshop', null],
      [await kept('M-RESTOCKED', 2, finished, [reg, [10, 2, 'vacuum'], [2, 2, 'stockInEmpty']]), 'warehouse', finished],
      [await kept('M-FINISHED', 7, finished, [reg, [2, 3, 'pick'], [3, 4, 'fill'], [4, 5, 'testPass'], [5, 7, 'stockInProduct']]), 'warehouse', finished],
      [await kept('M-UNPLACED', 2, null, [reg]), 'noWarehouse', null],
    ];
    const before = await db.selectFrom('cylinder_place_counts').select(sql<string>`coalesce(sum(count), 0)`.as('n'))
      .where('warehouse_id', '=', empty).executeTakeFirstOrThrow();
    expect(Number(before.n), 'before 0026 the picked and failed cylinders counted as the empty store\'s stock').toBe(7);

    await migrateToLatest(db);

    const rows = await db.selectFrom('cylinders as c').select(['c.code', placeSql('c').as('place'), heldWarehouseSql('c').as('warehouseId'), 'c.in_workshop'])
      .where('c.material_id', '=', gas).orderBy('c.id').execute();
    expect(rows.map((r) => [r.code, r.place, r.warehouseId])).toEqual(expected);
    // A vacuumed cylinder picked since returns to the workshop when its pick is returned, not to a warehouse.
    expect(rows.find((r) => r.code === 'M-VACUUMED-PICKED')).toMatchObject({ in_workshop: true });
    const counts = await db.selectFrom('cylinder_place_counts').select(['warehouse_id', 'status', sql<string>`sum(count)`.as('n')])
      .where('warehouse_id', 'in', [empty, finished]).groupBy(['warehouse_id', 'status']).having(sql`sum(count)`, '<>', 0)
      .orderBy('warehouse_id').orderBy('status').execute();
    expect(counts.map((r) => [r.warehouse_id, r.status, Number(r.n)])).toEqual([[empty, 2, 2], [finished, 2, 1], [finished, 7, 1]]);
  });
});
