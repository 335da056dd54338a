import type { Kysely } from 'kysely';
import type { WarehousePageQuery, WarehouseSaveBody } from '@shared/api/warehouse';
import type { DB } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { mapUniqueViolation } from '../../lib/db-errors';
import { BusinessError } from '../../lib/errors';
import { blankToNull } from '../../lib/paging';
import * as repo from './warehouse.repository';

export const pageWarehouses = (db: Kysely<DB>, q: WarehousePageQuery) => repo.pageWarehouses(db, q);

export const warehouseOptions = (db: Kysely<DB>, kind?: string) => repo.warehouseOptions(db, kind || undefined);

const duplicate = (code: string) => `仓库编码已存在：${code}`;

/** Creates or (with id) edits a warehouse; codes are unique regardless of letter case. */
export async function saveWarehouse(db: Kysely<DB>, body: WarehouseSaveBody): Promise<number> {
  const values: repo.WarehouseValues = {
    warehouse_name: body.warehouseName.trim(),
    warehouse_code: body.warehouseCode.trim(),
    kind: body.kind,
    address: blankToNull(body.address),
    keeper: blankToNull(body.keeper),
    remark: blankToNull(body.remark),
  };
  if (!values.warehouse_name) throw new BusinessError('参数错误：仓库名称不能为空');
  return mapUniqueViolation(() => inTransaction(db, async (trx) => {
    const owner = await repo.codeOwner(trx, values.warehouse_code);
    if (owner && owner.id !== body.id) throw new BusinessError(duplicate(owner.code));
    if (body.id === undefined) return repo.insertWarehouse(trx, values);
    if (!(await repo.findWarehouse(trx, body.id))) throw new BusinessError(`仓库不存在：${body.id}`);
    await repo.updateWarehouse(trx, body.id, values);
    return body.id;
  }), { warehouses_warehouse_code_key: duplicate, warehouses_code_ci: duplicate });
}

/** Refused while the warehouse holds cylinders or others would return to it (scrapped ones no longer count). */
export async function deleteWarehouse(db: Kysely<DB>, id: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    const warehouse = await repo.findWarehouse(trx, id);
    if (!warehouse) throw new BusinessError(`仓库不存在：${id}`);
    const { held, named } = await repo.cylindersOf(trx, id);
    if (held > 0) throw new BusinessError(`仓库 ${warehouse.warehouseName} 中还有 ${held} 个气瓶，不能删除`);
    if (named > 0) throw new BusinessError(`仓库 ${warehouse.warehouseName} 还有 ${named} 个领出或已扫入出库单的气瓶（退回领瓶、移出时回到该仓库），不能删除`);
    await repo.deleteWarehouse(trx, id);
  });
}
