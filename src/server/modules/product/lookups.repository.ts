import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { today } from '../../lib/dates';
import type { Lookups } from './product.rules';

/** The gases, enterprises and warehouses a registration or import refers to, loaded once. */
export async function loadLookups(
  db: Kysely<DB>, ids: { materialIds: number[]; enterpriseIds: number[]; warehouseIds: number[] },
): Promise<Lookups> {
  const uniq = (xs: number[]) => [...new Set(xs)];
  const [materials, enterprises, warehouses] = await Promise.all([
    ids.materialIds.length
      ? db.selectFrom('materials').select(['id', 'material_name', 'status', 'inspection_interval_years'])
        .where('id', 'in', uniq(ids.materialIds)).execute()
      : [],
    ids.enterpriseIds.length
      ? db.selectFrom('enterprises').select(['id', 'enterprise_name', 'type']).where('id', 'in', uniq(ids.enterpriseIds)).execute()
      : [],
    ids.warehouseIds.length ? db.selectFrom('warehouses').select('id').where('id', 'in', uniq(ids.warehouseIds)).execute() : [],
  ]);
  return {
    materials: new Map(materials.map((m) => [m.id, { name: m.material_name, status: m.status, interval: m.inspection_interval_years }])),
    enterprises: new Map(enterprises.map((e) => [e.id, { name: e.enterprise_name, type: e.type }])),
    warehouses: new Set(warehouses.map((w) => w.id)),
    today: today(),
  };
}
