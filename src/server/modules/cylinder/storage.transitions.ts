import type { Transaction } from 'kysely';
import type { OrderLine, RecoverBody } from '@shared/api/storage';
import { STATUS } from '@shared/lifecycle';
import { onVehicleMessage, reweighFirstMessage, TRANSITION_RULES as RULES } from '@shared/cylinder/transitions';
import { TRIP_STATUS } from '@shared/api/trip';
import type { DB } from '../../db/schema';
import { blankToNull } from '../../lib/paging';
import { runLocked } from './engine';
import { declareTransition, lockCylinder } from './engine.repository';
import type { Actor, Transition } from './transition';
import { gasOf } from './production.repository';
import { countOnLine, enterpriseName, openOrderOf, revertItem } from './storage.repository';
import { cylinderPlace } from './place.sql';
import { loadOnTrip, tripWhere } from './vehicle.repository';

const TRIP_CLOSED = TRIP_STATUS.closed;

export { openOrderOf };

/** The order a storage transition writes onto (locked by the caller). */
export interface OrderContext {
  id: number;
  order_no: string;
  type: string;
  warehouse_id: number | null;
  customer_id: number | null;
  /** The trip it is on (issue 37): its completion loads the cylinders onto the trip's vehicle. */
  trip_id?: number | null;
  /** For the trace detail: where the cylinders go. */
  warehouse_name?: string | null;
  customer_name?: string | null;
}

const onOrder = (order: OrderContext) => ({ orderId: order.id, orderNo: order.order_no });
const into = (order: OrderContext) => ({ ...onOrder(order), warehouseId: order.warehouse_id, warehouseName: order.warehouse_name ?? null });

/**
 * 入库 onto an order: spaceRk takes an empty cylinder back into an empty-cylinder warehouse (recovery 10,
 * or a cylinder already in stock 2 after vacuum or analysis, which is placed into the warehouse);
 * productRK takes a finished cylinder (6, or 5 where its gas needs no re-weighing) into finished stock (7).
 */
export function stockIn(order: OrderContext): Transition {
  const record = () => ({ table: 'storage_order_items' as const, values: { order_id: order.id, line_id: null } });
  if (order.type === 'spaceRk') {
    return {
      ...RULES.stockInEmpty,
      apply: async () => ({
        to: RULES.stockInEmpty.to, patch: { warehouse_id: order.warehouse_id, in_workshop: false }, record: record(),
        detail: into(order),
      }),
    };
  }
  return {
    ...RULES.stockInProduct,
    check: async (trx, c) => {
      if (c.status !== STATUS.inspected) return [];
      const gas = await gasOf(trx, c.material_id);
      return gas.reweigh_required ? [reweighFirstMessage(c.code, gas.material_name)] : [];
    },
    apply: async () => ({
      to: RULES.stockInProduct.to, patch: { warehouse_id: order.warehouse_id, in_workshop: false }, record: record(),
      detail: into(order),
    }),
  };
}

/** An outbound order's lines as a scan reads and counts them (locked with the order). */
export interface LineState {
  id: number;
  material_id: number;
  material_name: string | null;
  specification: string | null;
  quantity: number;
  scanned: number;
}

export const asOrderLine = (l: LineState): OrderLine => ({
  id: l.id, materialId: l.material_id, materialName: l.material_name, specification: l.specification, quantity: l.quantity, scanned: l.scanned,
});

const lineName = (l: Pick<LineState, 'material_name' | 'specification'>) => `${l.material_name ?? ''}${l.specification ? ` ${l.specification}` : ''}`;

/**
 * 出库扫描: toOutbound (7) → scanned (8), counted on the first open line of the order that asks for its gas
 * and specification (a line without a specification takes any). No matching line, or every matching line
 * full: refused, naming the line.
 */
export function outboundScan(order: OrderContext, lines: LineState[]): Transition {
  let chosen: LineState | undefined;
  return {
    ...RULES.outboundScan,
    check: async (trx, c) => {
      const gasLines = lines.filter((l) => l.material_id === c.material_id);
      const exact = gasLines.filter((l) => l.specification !== null && l.specification === c.specification);
      const any = gasLines.filter((l) => l.specification === null);
      const matching = [...exact, ...any];
      chosen = matching.find((l) => l.scanned < l.quantity);
      if (chosen) return [];
      if (matching.length) {
        return [`出库单 ${order.order_no} 的明细已扫满：${matching.map((l) => `「${lineName(l)}」${l.scanned}/${l.quantity}`).join('、')}，气瓶 ${c.code} 不能再扫入`];
      }
      const gas = await gasOf(trx, c.material_id);
      const asked = lines.map((l) => `「${lineName(l)}」`).join('、');
      return [`气瓶 ${c.code}（${lineName({ material_name: gas.material_name, specification: c.specification })}）不在出库单 ${order.order_no} 的明细中（明细：${asked}）`];
    },
    apply: async (trx, c) => {
      const line = chosen!;
      await countOnLine(trx, line.id, 1);
      line.scanned += 1;
      return {
        to: RULES.outboundScan.to,
        record: { table: 'storage_order_items', values: { order_id: order.id, line_id: line.id } },
        detail: { ...onOrder(order), lineId: line.id },
        message: `气瓶 ${c.code} 已扫入出库单 ${order.order_no}：「${lineName(line)}」${line.scanned}/${line.quantity}`,
      };
    },
  };
}

/**
 * 出库 (the order completed): scanned (8) → outbound (9), now held by the order's customer; an order on a trip
 * loads it onto the trip's vehicle instead (place 'vehicle', at the customer only from its hand-over), at the stop
 * of the order's customer.
 */
export const ship = (order: OrderContext, at: Date): Transition => ({
  ...RULES.ship,
  apply: async (trx, c) => {
    const detail = { ...onOrder(order), customerId: order.customer_id, customer: order.customer_name ?? null };
    if (!order.trip_id) {
      return { to: RULES.ship.to, patch: { location_enterprise_id: order.customer_id, located_since: at, warehouse_id: null }, detail };
    }
    const stopId = await loadOnTrip(trx, { tripId: order.trip_id, customerId: order.customer_id, orderId: order.id, cylinderId: c.id, at });
    return {
      to: RULES.ship.to,
      patch: { on_trip_id: order.trip_id, location_enterprise_id: null, located_since: null, warehouse_id: null },
      detail: { ...detail, tripId: order.trip_id, stopId },
    };
  },
});

/**
 * 回收: outbound (9) → recovery (10), taking back what a customer returns. A cylinder held by another
 * customer than the one named is taken back with the discrepancy recorded and answered (a forced return);
 * one the records have in the plant (1–8, 10) or scrapped is refused, naming where it is.
 */
export const recover = (body: RecoverBody): Transition => ({
  ...RULES.recover,
  // The table's words, naming where the records have it (its warehouse, its order).
  refuseStatus: async (trx, c) => RULES.recover.wrongStatus(c, { where: await cylinderPlace(trx, c.id) }),
  // On a vehicle it was never handed over: refused naming the trip (a closed trip's missing cylinder may come back).
  check: async (trx, c) => {
    if (c.on_trip_id === null) return [];
    const trip = await tripWhere(trx, c.on_trip_id);
    return trip && trip.status !== TRIP_CLOSED ? [onVehicleMessage(c.code, [trip.tripNo, trip.plate].filter(Boolean).join(' '))] : [];
  },
  apply: async (trx, c) => {
    const holder = c.location_enterprise_id;
    const returnedBy = body.customerId ?? holder;
    const holderName = await enterpriseName(trx, holder);
    const customerName = returnedBy === holder ? holderName : await enterpriseName(trx, returnedBy);
    const discrepancy = returnedBy !== holder
      ? `系统记录该瓶在${holderName ? `客户「${holderName}」` : '未登记的客户'}处，由「${customerName ?? returnedBy}」退回`
      : null;
    return {
      to: RULES.recover.to,
      patch: { location_enterprise_id: null, located_since: null, warehouse_id: null, ...(c.on_trip_id !== null ? { on_trip_id: null } : {}) },
      record: {
        table: 'recovery_records',
        values: {
          customer_id: returnedBy, expected_customer_id: holder, expected_status: c.status, discrepancy, remark: blankToNull(body.remark ?? null),
        },
      },
      detail: { customerId: returnedBy, customer: customerName, ...(discrepancy ? { discrepancy, expectedCustomerId: holder, expectedCustomer: holderName } : {}) },
      message: discrepancy ? `气瓶 ${c.code} 已回收（强制回收）；注意：${discrepancy}` : `气瓶 ${c.code} 回收成功${customerName ? `（${customerName}）` : ''}`,
      extra: { discrepancy, customerName },
    };
  },
});

/**
 * 移出 (the order screen): scanned (8) → toOutbound (7), a cylinder scanned onto an open order by mistake
 * leaves it: its item is marked reverted and its line counts it no more. It must be on this order.
 */
export const removeFromOrder = (order: OrderContext, lines: LineState[]): Transition => ({
  ...RULES.removeFromOrder,
  refuseStatus: async (_trx, c) => RULES.removeFromOrder.wrongStatus(c, { orderNo: order.order_no }),
  check: async (trx, c) => {
    const on = await openOrderOf(trx, c.id);
    return on?.id === order.id ? [] : [`气瓶 ${c.code} 不在出库单 ${order.order_no} 上${on ? `（在出库单 ${on.order_no} 上）` : ''}，不能移出`];
  },
  apply: async (trx, c) => {
    const on = (await openOrderOf(trx, c.id))!;
    await revertItem(trx, Number(on.item_id));
    const line = lines.find((l) => l.id === on.line_id);
    if (on.line_id) await countOnLine(trx, on.line_id, -1);
    if (line) line.scanned -= 1;
    return {
      to: RULES.removeFromOrder.to,
      detail: { ...onOrder(order), lineId: on.line_id, itemId: Number(on.item_id) },
      message: `气瓶 ${c.code} 已移出出库单 ${order.order_no}${line ? `：「${lineName(line)}」${line.scanned}/${line.quantity}` : ''}`,
    };
  },
});

/** A standing item of an outbound order at its completion. */
export interface OrderItem {
  id: number;
  cylinder_id: number;
  line_id: number | null;
}

/**
 * Completes an order's shipment inside the caller's transaction (the order locked): every cylinder still
 * scanned onto it goes 8 → 9 to the customer, in id order; one scrapped after its scan leaves the order
 * instead (its item reverted, its line counting it no more). Answers how many were shipped.
 */
export async function shipOrder(trx: Transaction<DB>, order: OrderContext, items: OrderItem[], actor: Actor, at: Date): Promise<number> {
  await declareTransition(trx);
  let shipped = 0;
  for (const item of items) {
    const c = await lockCylinder(trx, { id: item.cylinder_id });
    if (c.status === STATUS.scanned) {
      await runLocked(trx, ship(order, at), c, actor);
      shipped += 1;
      continue;
    }
    await revertItem(trx, item.id);
    if (item.line_id) await countOnLine(trx, item.line_id, -1);
  }
  return shipped;
}
