import type { Kysely } from 'kysely';
import {
  defaultDesignLife, defaultExtendedLife, defaultInspectionInterval, type MaterialPageQuery, type MaterialSaveBody,
} from '@shared/api/material';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../lib/errors';
import { mapUniqueViolation } from '../../lib/db-errors';
import { blankToNull } from '../../lib/paging';
import * as repo from './material.repository';
import { inTransaction } from '../../db/transaction';

export const pageMaterials = (db: Kysely<DB>, q: MaterialPageQuery) => repo.pageMaterials(db, q);

export async function getMaterial(db: Kysely<DB>, id: number) {
  const row = await repo.findMaterial(db, id);
  if (!row) throw new BusinessError(`介质不存在：${id}`);
  return row;
}

function valuesOf(body: MaterialSaveBody): repo.MaterialValues {
  const materialName = body.materialName.trim();
  const code = body.code.trim();
  if (!materialName) throw new BusinessError('参数错误：介质名称不能为空');
  const reweigh = body.reweighRequired ?? body.category === 'liquefied';
  const target = body.targetNetWeight ?? null;
  const tolerance = body.weightTolerance ?? null;
  // Re-weighing compares the net weight with target ± tolerance: both must be known.
  if (reweigh && target === null) throw new BusinessError('参数错误：需要复秤的介质必须填写目标净充装量');
  if (reweigh && tolerance === null) throw new BusinessError('参数错误：需要复秤的介质必须填写允许偏差');
  if (target !== null && tolerance !== null && tolerance > target) {
    throw new BusinessError('参数错误：允许偏差不能大于目标净充装量');
  }
  const corrosive = body.corrosive ?? false;
  const designLife = body.designLifeYears ?? defaultDesignLife({ code, materialName });
  const extended = body.extendedLifeYears === undefined ? defaultExtendedLife({ code, materialName }) : body.extendedLifeYears;
  if (extended !== null && extended <= designLife) throw new BusinessError('参数错误：检验合格后延长的使用年限必须大于设计使用年限');
  return {
    material_name: materialName,
    material_short_name: blankToNull(body.materialShortName),
    code,
    category: body.category,
    flammable: body.flammable ?? false,
    toxic: body.toxic ?? false,
    oxidizing: body.oxidizing ?? false,
    corrosive,
    inspection_interval_years: body.inspectionIntervalYears ?? defaultInspectionInterval({ code, materialName, corrosive }),
    target_net_weight: target,
    weight_tolerance: tolerance,
    reweigh_required: reweigh,
    design_life_years: designLife,
    extended_life_years: extended,
    status: body.status ?? 1,
    remark: blankToNull(body.remark),
  };
}

const duplicate = (code: string) => `介质编码已存在：${code}`;

export async function saveMaterial(db: Kysely<DB>, body: MaterialSaveBody): Promise<number> {
  const values = valuesOf(body);
  return mapUniqueViolation(() => inTransaction(db, async (trx) => {
    const owner = await repo.codeOwner(trx, values.code);
    if (owner && owner.id !== body.id) throw new BusinessError(duplicate(owner.code));
    if (body.id === undefined) return repo.insertMaterial(trx, values);
    const old = await repo.findMaterial(trx, body.id);
    if (!old) throw new BusinessError(`介质不存在：${body.id}`);
    await repo.updateMaterial(trx, body.id, values);
    if (old.inspectionIntervalYears !== values.inspection_interval_years) {
      await repo.recomputeNextInspections(trx, body.id, old.inspectionIntervalYears, values.inspection_interval_years);
    }
    return body.id;
  }), { materials_code_key: duplicate, materials_code_ci: duplicate });
}

export async function setStatus(db: Kysely<DB>, id: number, status: number): Promise<void> {
  if (!(await repo.setMaterialStatus(db, id, status))) throw new BusinessError(`介质不存在：${id}`);
}

export const dropDown = (db: Kysely<DB>, includeDisabled = false) => repo.materialOptions(db, includeDisabled);
