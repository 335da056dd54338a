import { sql, type Kysely, type Transaction } from 'kysely';
import type { InspectionItemRow } from '@shared/api/inspectionItem';
import type { DB } from '../../db/schema';

/** The statements of 检验项目 (inspectionItem.service.ts holds the rules). */

function rows(db: Kysely<DB>) {
  return db.selectFrom('test_projects').select([
    'id', 'material_id as materialId', 'project_name as projectName', 'method',
    sql<number | null>`standard_min::float8`.as('standardMin'), sql<number | null>`standard_max::float8`.as('standardMax'),
    'standard_text as standardText', 'unit', 'required', 'sort',
  ]);
}

/** The gas's active items, in order (retired ones are kept for the results that refer to them). */
export const listForGas = (db: Kysely<DB>, materialId: number): Promise<InspectionItemRow[]> =>
  rows(db).where('material_id', '=', materialId).where('retired_at', 'is', null).orderBy('sort').orderBy('id').execute();

export const findById = (db: Kysely<DB>, id: number): Promise<InspectionItemRow | undefined> => rows(db).where('id', '=', id).executeTakeFirst();

export const gasExists = async (db: Kysely<DB>, materialId: number) =>
  !!(await db.selectFrom('materials').select('id').where('id', '=', materialId).executeTakeFirst());

/** The ids of the gas's active items. */
export const activeIds = async (db: Kysely<DB>, materialId: number) =>
  new Set((await db.selectFrom('test_projects').select('id').where('material_id', '=', materialId).where('retired_at', 'is', null).execute()).map((r) => r.id));

/** Retires the gas's active items other than `kept`. */
export async function retireOthers(trx: Transaction<DB>, materialId: number, kept: number[]): Promise<void> {
  let retire = trx.updateTable('test_projects').set({ retired_at: sql`now()` }).where('material_id', '=', materialId).where('retired_at', 'is', null);
  if (kept.length) retire = retire.where('id', 'not in', kept);
  await retire.execute();
}

/** Names move between rows when renamed: kept rows' names are parked first so the unique constraint holds. */
export async function parkNames(trx: Transaction<DB>, ids: number[]): Promise<void> {
  if (ids.length) await trx.updateTable('test_projects').set({ project_name: sql`'~' || id::text` }).where('id', 'in', ids).execute();
}

export interface ItemValues {
  project_name: string;
  method: string | null;
  standard_min: number | null;
  standard_max: number | null;
  standard_text: string | null;
  unit: string | null;
  required: boolean;
  sort: number;
}

export async function saveItem(trx: Transaction<DB>, materialId: number, id: number | undefined, values: ItemValues): Promise<void> {
  if (id !== undefined) await trx.updateTable('test_projects').set(values).where('id', '=', id).execute();
  else await trx.insertInto('test_projects').values({ ...values, material_id: materialId }).execute();
}
