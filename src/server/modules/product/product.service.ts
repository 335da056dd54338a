import type { Kysely } from 'kysely';
import type { AddProductBody, ProductPageQuery, ScrapBody } from '@shared/api/product';
import { STATUS } from '@shared/lifecycle';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../lib/errors';
import { mapUniqueViolation } from '../../lib/db-errors';
import { loadLookups } from './lookups.repository';
import * as repo from './product.repository';
import { checkCylinder, rangeCodes } from './product.rules';
import { appendTraces, listTraces, movementCount, removeRegistered, runTransition, scrap as scrapTransition, type Actor } from '../cylinder';
import { inTransaction } from '../../db/transaction';

export interface Operator {
  operatorId: number;
  operator: string;
  /** The client's workstation (X-Workstation), when known. */
  workstation?: string | null;
}

export const pageProducts = (db: Kysely<DB>, q: ProductPageQuery) => repo.pageProducts(db, q);

export const statusCounts = (db: Kysely<DB>) => repo.statusCounts(db);

export async function getProduct(db: Kysely<DB>, id: number) {
  const row = await repo.findProduct(db, id);
  if (!row) throw new BusinessError(`气瓶不存在：${id}`);
  return { ...row, traces: await listTraces(db, id) };
}

export const duplicateCodes = (codes: string[]) =>
  `气瓶编码已存在：${codes.slice(0, 20).join('、')}${codes.length > 20 ? ` 等 ${codes.length} 个` : ''}`;

/**
 * Registers one cylinder or a range, all in status 2 (stock) with a 'register' trace event each. A range
 * with any code already taken (including scrapped cylinders: codes are never reused) registers nothing.
 */
export async function addProducts(db: Kysely<DB>, body: AddProductBody, who: Operator): Promise<{ count: number; codes: string[] }> {
  if ((body.code === undefined) === (body.range === undefined)) throw new BusinessError('参数错误：请填写气瓶编码或号段（只能填一种）');
  // One steel stamp or valve belongs to one cylinder: a range must not copy it onto every cylinder.
  if (body.range && body.steelStamp?.trim()) throw new BusinessError('参数错误：按号段登记时不能填写同一个钢印号，请填写钢印号前缀（按号顺延）');
  if (body.range && body.valveNo?.trim()) throw new BusinessError('参数错误：按号段登记时不能填写瓶阀编号，请登记后逐个更换瓶阀');
  const { codes, steelStamps, error } = body.code !== undefined ? { codes: [body.code.trim()], steelStamps: undefined, error: undefined } : rangeCodes(body.range!);
  if (error) throw new BusinessError(`参数错误：${error}`);
  const lookups = await loadLookups(db, {
    materialIds: [body.materialId],
    enterpriseIds: body.ownerEnterpriseId ? [body.ownerEnterpriseId] : [],
    warehouseIds: body.warehouseId ? [body.warehouseId] : [],
  });
  const { values, reasons } = checkCylinder(body, lookups);
  if (reasons.length) throw new BusinessError(`参数错误：${reasons[0]}`);
  return mapUniqueViolation(() => inTransaction(db, async (trx) => {
    const taken = await repo.existingCodes(trx, codes);
    if (taken.length) throw new BusinessError(duplicateCodes(taken));
    const rows = await repo.insertCylinders(trx, codes.map((code, i) => ({ ...values, code, steel_stamp: steelStamps?.[i] ?? values.steel_stamp })));
    await appendTraces(trx, rows.map((r) => ({
      cylinderId: r.id, fromStatus: null, toStatus: 2, action: 'register', ...who,
      detail: { warehouseId: values.warehouse_id },
    })));
    return { count: rows.length, codes };
  }), { cylinders_code_key: (code) => duplicateCodes([code]), cylinders_code_ci: (code) => duplicateCodes([code]) });
}

/** Any status but 9 (at a customer) → 0, with the reason, through the transition engine; the code stays reserved for good. */
export async function scrap(db: Kysely<DB>, body: ScrapBody, who: Actor): Promise<void> {
  const reason = body.reason.trim();
  if (!reason) throw new BusinessError('参数错误：报废原因不能为空');
  await runTransition(db, scrapTransition(reason, who), { id: body.id }, who);
}

/**
 * Removes a cylinder registered by mistake, with its registration trace, only while nothing else has
 * happened to it (no movement, inspection or valve change); cylinder_removals records who removed what.
 */
export async function deleteUnused(db: Kysely<DB>, id: number, who: Actor): Promise<void> {
  await inTransaction(db, async (trx) => {
    const c = await repo.lockCylinder(trx, id);
    if (!c) throw new BusinessError(`气瓶不存在：${id}`);
    // A scrapped cylinder is part of the record for good (its scrap is a movement too, but "可报废" would mislead).
    if (c.status === STATUS.scrap) throw new BusinessError(`气瓶 ${c.code} 已报废，不能删除`);
    const moves = await movementCount(trx, id);
    if (moves > 0 || (await repo.hasRecords(trx, id)) || c.status !== STATUS.stock) {
      throw new BusinessError(`气瓶 ${c.code} 已有流转记录，不能删除（可报废）`);
    }
    await removeRegistered(trx, { id, code: c.code }, who);
  });
}
