import { sql, type Kysely } from 'kysely';
import type { SaveTestProjectsBody, TestProjectRow } from '@shared/api/testProject';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../lib/errors';
import { blankToNull } from '../../lib/paging';
import { inTransaction } from '../../db/transaction';

function rows(db: Kysely<DB>) {
  return db.selectFrom('test_projects').select([
    'id', 'material_id as materialId', 'project_name as projectName', 'method',
    sql<number | null>`standard_min::float8`.as('standardMin'), sql<number | null>`standard_max::float8`.as('standardMax'),
    'standard_text as standardText', 'unit', 'required', 'sort',
  ]);
}

/** The gas's active items, in order (retired ones are kept for the results that refer to them). */
export const listForGas = (db: Kysely<DB>, materialId: number): Promise<TestProjectRow[]> =>
  rows(db).where('material_id', '=', materialId).where('retired_at', 'is', null).orderBy('sort').orderBy('id').execute();

export async function detail(db: Kysely<DB>, id: number): Promise<TestProjectRow> {
  const row = await rows(db).where('id', '=', id).executeTakeFirst();
  if (!row) throw new BusinessError(`检验项目不存在：${id}`);
  return row;
}

/**
 * Replaces the gas's items with the list given (order = list order), in one transaction. Items left out
 * are retired, not deleted: inspection results refer to them.
 */
export async function saveForGas(db: Kysely<DB>, body: SaveTestProjectsBody): Promise<TestProjectRow[]> {
  const seen = new Set<string>();
  body.projects.forEach((p, i) => {
    const name = p.projectName.trim();
    if (!name) throw new BusinessError(`参数错误：第 ${i + 1} 个检验项目的名称不能为空`);
    if (seen.has(name)) throw new BusinessError(`参数错误：第 ${i + 1} 个检验项目名称重复：${name}`);
    seen.add(name);
    if (p.standardMin != null && p.standardMax != null && p.standardMin > p.standardMax) {
      throw new BusinessError(`参数错误：检验项目 ${name} 的标准下限不能大于标准上限`);
    }
  });
  return inTransaction(db, async (trx) => {
    const gas = await trx.selectFrom('materials').select('id').where('id', '=', body.materialId).executeTakeFirst();
    if (!gas) throw new BusinessError(`参数错误：介质不存在：${body.materialId}`);
    const existing = new Set((await trx.selectFrom('test_projects').select('id').where('material_id', '=', body.materialId)
      .where('retired_at', 'is', null).execute()).map((r) => r.id));
    const foreign = body.projects.find((p) => p.id !== undefined && !existing.has(p.id));
    if (foreign) throw new BusinessError(`参数错误：检验项目 ${foreign.id} 不属于该介质`);
    const kept = body.projects.filter((p) => p.id !== undefined).map((p) => p.id!);
    let retire = trx.updateTable('test_projects').set({ retired_at: sql`now()` }).where('material_id', '=', body.materialId)
      .where('retired_at', 'is', null);
    if (kept.length) retire = retire.where('id', 'not in', kept);
    await retire.execute();
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
