import { sql, type Kysely, type Transaction } from 'kysely';
import type { PageResult } from '@shared/api/schema';
import type { MATERIAL_SORTS, MaterialOption, MaterialPageQuery, MaterialRow } from '@shared/api/material';
import type { DB } from '../../db/schema';
import { escapeLike, paginate } from '../../lib/paging';

type Db = Kysely<DB>;

const SORTS: Record<(typeof MATERIAL_SORTS)[number], string> = {
  id: 'm.id', code: 'm.code', materialName: 'm.material_name', status: 'm.status', createdAt: 'm.created_at',
};

export interface MaterialValues {
  material_name: string;
  material_short_name: string | null;
  code: string;
  category: string;
  flammable: boolean;
  toxic: boolean;
  oxidizing: boolean;
  corrosive: boolean;
  inspection_interval_years: number;
  target_net_weight: number | null;
  weight_tolerance: number | null;
  reweigh_required: boolean;
  design_life_years: number | null;
  extended_life_years: number | null;
  status: number;
  remark: string | null;
}

function rows(db: Db) {
  return db.selectFrom('materials as m').select([
    'm.id', 'm.material_name as materialName', 'm.material_short_name as materialShortName', 'm.code', 'm.category',
    'm.flammable', 'm.toxic', 'm.oxidizing', 'm.corrosive', 'm.inspection_interval_years as inspectionIntervalYears',
    sql<number | null>`m.target_net_weight::float8`.as('targetNetWeight'),
    sql<number | null>`m.weight_tolerance::float8`.as('weightTolerance'),
    'm.reweigh_required as reweighRequired', 'm.design_life_years as designLifeYears', 'm.extended_life_years as extendedLifeYears',
    'm.status', 'm.remark',
    sql<string>`to_char(m.created_at, 'YYYY-MM-DD HH24:MI:SS')`.as('createdAt'),
  ]);
}

export function pageMaterials(db: Db, q: MaterialPageQuery): Promise<PageResult<MaterialRow>> {
  let query = rows(db);
  if (q.materialName) query = query.where('m.material_name', 'ilike', `%${escapeLike(q.materialName)}%`);
  if (q.code) query = query.where('m.code', 'ilike', `%${escapeLike(q.code)}%`);
  if (q.category) query = query.where('m.category', '=', q.category);
  if (q.status !== undefined) query = query.where('m.status', '=', q.status);
  return paginate(query, q, { sorts: SORTS, defaultSort: 'id', tieBreaker: 'm.id' });
}

export async function findMaterial(db: Db, id: number): Promise<MaterialRow | undefined> {
  return rows(db).where('m.id', '=', id).executeTakeFirst();
}

/** The gas holding a code in any letter case (index materials_code_ci). */
export function codeOwner(db: Db, code: string): Promise<{ id: number; code: string } | undefined> {
  return db.selectFrom('materials').select(['id', 'code']).where(sql`lower(code)`, '=', code.toLowerCase()).executeTakeFirst();
}

export async function insertMaterial(db: Transaction<DB>, values: MaterialValues): Promise<number> {
  return (await db.insertInto('materials').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateMaterial(db: Transaction<DB>, id: number, values: MaterialValues): Promise<void> {
  await db.updateTable('materials').set({ ...values, updated_at: sql`now()` }).where('id', '=', id).execute();
}

export async function setMaterialStatus(db: Db, id: number, status: number): Promise<boolean> {
  const res = await db.updateTable('materials').set({ status, updated_at: sql`now()` }).where('id', '=', id).executeTakeFirst();
  return res.numUpdatedRows > 0n;
}

/** Gases to choose from, by name; stopped ones only when asked (list filters). */
export function materialOptions(db: Db, includeDisabled: boolean): Promise<MaterialOption[]> {
  return db.selectFrom('materials')
    .select(['id', 'material_name as materialName', 'material_short_name as materialShortName', 'code', 'category', 'status'])
    .$if(!includeDisabled, (q) => q.where('status', '=', 1)).orderBy('material_name').orderBy('id').execute();
}

// The cylinders' next inspection dates are written by the cylinder module, which owns the register.
export { recomputeNextInspections } from '../cylinder';
