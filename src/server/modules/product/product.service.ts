import { sql, type Kysely } from 'kysely';
import type { AddProductBody, ProductPageQuery, ScrapBody } from '@shared/api/product';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../lib/errors';
import { mapUniqueViolation } from '../master/db-errors';
import { sortColumn } from '../master/paging';
import { loadLookups } from './product.lookups';
import * as repo from './product.repository';
import { checkCylinder, rangeCodes } from './product.rules';
import { statusLabel } from './status-label';
import { appendTraces, listTraces, movementCount } from './trace.repository';

export interface Operator {
  operatorId: number;
  operator: string;
}

/**
 * Newest first by default; a code (or steel-stamp) search lists in code order instead. Codes are issued in
 * batches, so a prefix's rows sit together in id order, and "newest first" would make PostgreSQL walk the
 * primary key through every newer cylinder to find them; the code index serves code order directly.
 */
export function pageProducts(db: Kysely<DB>, q: ProductPageQuery) {
  const fallback = q.code ? 'code' : q.steelStamp ? 'steelStamp' : 'id';
  const orderBy = sortColumn(repo.PRODUCT_SORTS, q.sidx, fallback);
  const direction = q.order ?? (q.sidx || fallback !== 'id' ? 'asc' : 'desc');
  return repo.pageProducts(db, q, orderBy, direction);
}

export const statusCounts = (db: Kysely<DB>) => repo.statusCounts(db);

export async function getProduct(db: Kysely<DB>, id: number) {
  const row = await repo.findProduct(db, id);
  if (!row) throw new BusinessError(`气瓶不存在：${id}`);
  return { ...row, traces: await listTraces(db, id) };
}

export const duplicateCodes = (codes: string[]) =>
  `气瓶编码 code 已存在：${codes.slice(0, 20).join('、')}${codes.length > 20 ? ` 等 ${codes.length} 个` : ''}`;

/**
 * Registers one cylinder or a range, all in status 2 (stock) with a 'register' trace event each. A range
 * with any code already taken (including scrapped cylinders: codes are never reused) registers nothing.
 */
export async function addProducts(db: Kysely<DB>, body: AddProductBody, who: Operator): Promise<{ count: number; codes: string[] }> {
  if ((body.code === undefined) === (body.range === undefined)) throw new BusinessError('参数错误：code 与 range 必须且只能填写一个');
  const { codes, error } = body.code !== undefined ? { codes: [body.code.trim()], error: undefined } : rangeCodes(body.range!);
  if (error) throw new BusinessError(`参数错误：${error}`);
  const lookups = await loadLookups(db, {
    materialIds: [body.materialId],
    enterpriseIds: body.ownerEnterpriseId ? [body.ownerEnterpriseId] : [],
    warehouseIds: body.warehouseId ? [body.warehouseId] : [],
  });
  const { values, reasons } = checkCylinder(body, lookups);
  if (reasons.length) throw new BusinessError(`参数错误：${reasons[0]}`);
  return mapUniqueViolation(() => db.transaction().execute(async (trx) => {
    const taken = await repo.existingCodes(trx, codes);
    if (taken.length) throw new BusinessError(duplicateCodes(taken));
    const rows = await repo.insertCylinders(trx, codes.map((code) => ({ ...values, code })));
    await appendTraces(trx, rows.map((r) => ({
      cylinderId: r.id, fromStatus: null, toStatus: 2, action: 'register', ...who,
      detail: { warehouseId: values.warehouse_id },
    })));
    return { count: rows.length, codes };
  }), { cylinders_code_key: (code) => duplicateCodes([code]) });
}

/** Any status but 9 (at a customer) → 0, with the reason; the code stays reserved for good. */
export async function scrap(db: Kysely<DB>, body: ScrapBody, who: Operator, action = 'scrap'): Promise<void> {
  const reason = body.reason.trim();
  if (!reason) throw new BusinessError('参数错误：reason 报废原因不能为空');
  await db.transaction().execute(async (trx) => {
    const c = await repo.lockCylinder(trx, body.id);
    if (!c) throw new BusinessError(`气瓶不存在：${body.id}`);
    if (c.status === 0) throw new BusinessError(`气瓶 ${c.code} 已报废`);
    if (c.status === 9) throw new BusinessError(`气瓶 ${c.code} 当前状态为${statusLabel(9)}（在客户处），不能报废；请先回收`);
    await scrapLocked(trx, { id: c.id, fromStatus: c.status }, reason, who, action);
  });
}

/** The scrap write itself, for a cylinder already locked in `trx` (periodic inspection failures use it too). */
export async function scrapLocked(
  trx: Kysely<DB>, c: { id: number; fromStatus: number }, reason: string, who: Operator, action: string, detail: Record<string, unknown> = {},
): Promise<void> {
  await trx.updateTable('cylinders').set({
    status: 0, scrap_reason: reason, scrapped_at: sql`now()`, scrapped_by: who.operator, updated_at: sql`now()`,
  }).where('id', '=', c.id).execute();
  await appendTraces(trx, [{ cylinderId: c.id, fromStatus: c.fromStatus, toStatus: 0, action, ...who, detail: { reason, ...detail } }]);
}

/**
 * Removes a cylinder registered by mistake, with its registration trace, only while nothing else has
 * happened to it (no movement, inspection or valve change).
 */
export async function deleteUnused(db: Kysely<DB>, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const c = await repo.lockCylinder(trx, id);
    if (!c) throw new BusinessError(`气瓶不存在：${id}`);
    const moves = await movementCount(trx, id);
    const records = await trx.selectFrom('periodic_inspections').select('id').where('cylinder_id', '=', id)
      .unionAll(trx.selectFrom('cylinder_valve_changes').select('id').where('cylinder_id', '=', id)).limit(1).execute();
    if (moves > 0 || records.length > 0 || c.status !== 2) {
      throw new BusinessError(`气瓶 ${c.code} 已有流转记录，不能删除（可报废）`);
    }
    await trx.deleteFrom('cylinder_traces').where('cylinder_id', '=', id).execute();
    await trx.deleteFrom('cylinders').where('id', '=', id).execute();
  });
}
