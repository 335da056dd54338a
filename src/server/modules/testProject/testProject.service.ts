import { sql, type Kysely } from 'kysely';
import type { SaveTestProjectsBody, TestProjectRow } from '@shared/api/testProject';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../lib/errors';
import { blankToNull } from '../master/paging';

function rows(db: Kysely<DB>) {
  return db.selectFrom('test_projects').select([
    'id', 'material_id as materialId', 'project_name as projectName', 'method',
    sql<number | null>`standard_min::float8`.as('standardMin'), sql<number | null>`standard_max::float8`.as('standardMax'),
    'standard_text as standardText', 'unit', 'required', 'sort',
  ]);
}

export const listForGas = (db: Kysely<DB>, materialId: number): Promise<TestProjectRow[]> =>
  rows(db).where('material_id', '=', materialId).orderBy('sort').orderBy('id').execute();

export async function detail(db: Kysely<DB>, id: number): Promise<TestProjectRow> {
  const row = await rows(db).where('id', '=', id).executeTakeFirst();
  if (!row) throw new BusinessError(`检验项目不存在：${id}`);
  return row;
}

/** Replaces the gas's items with the list given (order = list order), in one transaction. */
export async function saveForGas(db: Kysely<DB>, body: SaveTestProjectsBody): Promise<TestProjectRow[]> {
  const seen = new Set<string>();
  body.projects.forEach((p, i) => {
    const name = p.projectName.trim();
    if (!name) throw new BusinessError(`参数错误：projects.${i}.projectName 不能为空`);
    if (seen.has(name)) throw new BusinessError(`参数错误：projects.${i}.projectName 重复：${name}`);
    seen.add(name);
    if (p.standardMin != null && p.standardMax != null && p.standardMin > p.standardMax) {
      throw new BusinessError(`参数错误：projects.${i}.standardMin 不能大于 standardMax（${name}）`);
    }
  });
  return db.transaction().execute(async (trx) => {
    const gas = await trx.selectFrom('materials').select('id').where('id', '=', body.materialId).executeTakeFirst();
    if (!gas) throw new BusinessError(`参数错误：materialId 介质不存在：${body.materialId}`);
    const existing = new Set((await trx.selectFrom('test_projects').select('id').where('material_id', '=', body.materialId).execute()).map((r) => r.id));
    const foreign = body.projects.find((p) => p.id !== undefined && !existing.has(p.id));
    if (foreign) throw new BusinessError(`参数错误：检验项目 ${foreign.id} 不属于该介质`);
    const kept = body.projects.filter((p) => p.id !== undefined).map((p) => p.id!);
    let drop = trx.deleteFrom('test_projects').where('material_id', '=', body.materialId);
    if (kept.length) drop = drop.where('id', 'not in', kept);
    await drop.execute();
    // Names move between rows when renamed: park kept rows' names first so the unique constraint holds.
    if (kept.length) await trx.updateTable('test_projects').set({ project_name: sql`'~' || id::text` }).where('id', 'in', kept).execute();
    for (const [i, p] of body.projects.entries()) {
      const values = {
        project_name: p.projectName.trim(), method: blankToNull(p.method), standard_min: p.standardMin ?? null,
        standard_max: p.standardMax ?? null, standard_text: blankToNull(p.standardText), unit: blankToNull(p.unit),
        required: p.required ?? true, sort: (i + 1) * 10,
      };
      if (p.id !== undefined) await trx.updateTable('test_projects').set(values).where('id', '=', p.id).execute();
      else await trx.insertInto('test_projects').values({ ...values, material_id: body.materialId }).execute();
    }
    return listForGas(trx, body.materialId);
  });
}
