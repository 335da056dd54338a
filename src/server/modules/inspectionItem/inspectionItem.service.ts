import type { Kysely } from 'kysely';
import type { SaveInspectionItemsBody, InspectionItemRow } from '@shared/api/inspectionItem';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../lib/errors';
import { blankToNull } from '../../lib/paging';
import { inTransaction } from '../../db/transaction';
import * as repo from './inspectionItem.repository';

export const listForGas = repo.listForGas;

export async function detail(db: Kysely<DB>, id: number): Promise<InspectionItemRow> {
  const row = await repo.findById(db, id);
  if (!row) throw new BusinessError(`检验项目不存在：${id}`);
  return row;
}

/**
 * Replaces the gas's items with the list given (order = list order), in one transaction. Items left out
 * are retired, not deleted: inspection results refer to them.
 */
export async function saveForGas(db: Kysely<DB>, body: SaveInspectionItemsBody): Promise<InspectionItemRow[]> {
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
    if (!(await repo.gasExists(trx, body.materialId))) throw new BusinessError(`参数错误：介质不存在：${body.materialId}`);
    const existing = await repo.activeIds(trx, body.materialId);
    const foreign = body.projects.find((p) => p.id !== undefined && !existing.has(p.id));
    if (foreign) throw new BusinessError(`参数错误：检验项目 ${foreign.id} 不属于该介质`);
    const kept = body.projects.filter((p) => p.id !== undefined).map((p) => p.id!);
    await repo.retireOthers(trx, body.materialId, kept);
    await repo.parkNames(trx, kept);
    for (const [i, p] of body.projects.entries()) {
      await repo.saveItem(trx, body.materialId, p.id, {
        project_name: p.projectName.trim(), method: blankToNull(p.method), standard_min: p.standardMin ?? null,
        standard_max: p.standardMax ?? null, standard_text: blankToNull(p.standardText), unit: blankToNull(p.unit),
        required: p.required ?? true, sort: (i + 1) * 10,
      });
    }
    return listForGas(trx, body.materialId);
  });
}
