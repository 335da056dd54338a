import type { Kysely } from 'kysely';
import type { CylinderBrief } from '@shared/api/production';
import { PRODUCT_STATUS_NAMES } from '@shared/api/enum';
import type { BarCodeInfo, BarCodeQuery, CkInfo } from '@shared/api/storage';
import { STATUS } from '@shared/lifecycle';
import type { DB } from '../../db/schema';
import { reweighFirstMessage, stepRefusal, TRANSITION_RULES as RULES, type TransitionRule } from '@shared/cylinder/transitions';
import { briefByCode, cylinderPlace, gasOf, type CylinderPlace } from '../cylinder';
import { lastOutOrderOf } from './orders.repository';
import { outOrderInfo } from './storage.queries';

/** What a scan at a storage station resolves to before anything happens (getInfoByBarCode, getCkInfoByCode). */

type Db = Kysely<DB>;

const NEXT: Record<number, string[]> = {
  [STATUS.analyze]: ['分析处理', '抽真空'], [STATUS.stock]: ['领瓶', '抽真空', '空瓶入库'], [STATUS.received]: ['充装', '退回领瓶'],
  [STATUS.filled]: ['检验'], [STATUS.inspected]: ['复秤'], [STATUS.reWeighed]: ['成品入库'], [STATUS.toOutbound]: ['出库扫描'],
  [STATUS.scanned]: ['完成出库', '移出'], [STATUS.outbound]: ['回收'], [STATUS.recovery]: ['抽真空', '空瓶入库'],
};

interface Described extends CylinderPlace {
  cylinder: CylinderBrief;
  reweigh: boolean;
}

async function describe(db: Db, code: string): Promise<Described> {
  const cylinder = await briefByCode(db, code);
  const [where, gas] = await Promise.all([cylinderPlace(db, cylinder.id), gasOf(db, cylinder.materialId)]);
  return { cylinder, ...where, reweigh: gas.reweigh_required };
}

function reasonsFor(type: BarCodeQuery['type'], d: Described): string[] {
  const { cylinder: c, reweigh } = d;
  // The transition table's refusal, as the scan itself would answer (src/shared/cylinder/transitions.ts).
  const expect = (rule: TransitionRule) => {
    const refusal = stepRefusal(rule, c, { where: d });
    return refusal ? [refusal] : [];
  };
  switch (type) {
    case 'spaceRk': return expect(RULES.stockInEmpty);
    case 'productRK': {
      const status = expect(RULES.stockInProduct);
      if (!status.length && c.status === STATUS.inspected && reweigh) return [reweighFirstMessage(c.code, c.materialName)];
      return status;
    }
    case 'productCK': case 'pickCk': return expect(RULES.outboundScan);
    case 'recover': return expect(RULES.recover);
    default: return [];
  }
}

/** POST /api/storageOrder/getInfoByBarCode: what the scanned code is, and what can be done with it now. */
export async function infoByBarCode(db: Db, q: BarCodeQuery): Promise<BarCodeInfo> {
  const d = await describe(db, q.code);
  const c = d.cylinder;
  const reasons = reasonsFor(q.type, d);
  let next = NEXT[c.status] ?? [];
  if (c.status === STATUS.inspected && !d.reweigh) next = ['成品入库'];
  return {
    cylinder: c, statusName: PRODUCT_STATUS_NAMES[c.status] ?? String(c.status), place: d.place, warehouseName: d.warehouseName,
    locationName: d.locationName, allowed: reasons.length === 0, reasons, next,
  };
}

/** POST /api/storageOrder/getCkInfoByCode: the outbound view of a scan, and whether it fits the order's lines. */
export async function ckInfo(db: Db, code: string, orderId: number | null | undefined): Promise<CkInfo> {
  const info = await infoByBarCode(db, { code, type: 'productCK' });
  const on = await lastOutOrderOf(db, info.cylinder.id);
  const reasons = [...info.reasons];
  if (orderId && info.allowed) {
    const order = await outOrderInfo(db, orderId);
    if (order.status === 1) reasons.push(`出库单 ${order.orderNo} 已完成，不能再扫码`);
    const matching = order.lines.filter((l) => l.materialId === info.cylinder.materialId
      && (l.specification === null || l.specification === info.cylinder.specification));
    if (!matching.length) {
      reasons.push(`气瓶 ${code}（${info.cylinder.materialName ?? ''}${info.cylinder.specification ? ` ${info.cylinder.specification}` : ''}）不在出库单 ${order.orderNo} 的明细中`);
    } else if (matching.every((l) => l.scanned >= l.quantity)) reasons.push(`出库单 ${order.orderNo} 的明细已扫满，气瓶 ${code} 不能再扫入`);
  }
  return { ...info, allowed: reasons.length === 0, reasons, order: on ?? null };
}
