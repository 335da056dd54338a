import { STATUS, isNamedStatus, type NamedStatus } from '../lifecycle';

/**
 * Where a cylinder is (DOMAIN.md "Where a cylinder is"): one place at a time, derived here from its status
 * and its last stock movement, read by every screen, list and count (the server's SQL is built from the same
 * table: modules/cylinder/place.sql.ts).
 */
export const PLACES = {
  warehouse: { zh: '仓库', en: 'Warehouse' },
  workshop: { zh: '充装车间', en: 'Filling workshop' },
  order: { zh: '出库单（待发货）', en: 'On an outbound order' },
  /** On a vehicle, shipped on a trip (outbound 9 with on_trip_id) and not yet handed over at its stop. */
  vehicle: { zh: '运输车辆', en: 'On a vehicle' },
  customer: { zh: '客户处', en: 'At the customer' },
  returned: { zh: '回收待入库', en: 'Returned, awaiting stock-in' },
  scrapped: { zh: '已报废', en: 'Scrapped' },
  /** In stock, but registered without a warehouse and not stocked in since (or a reserved status 11–13). */
  noWarehouse: { zh: '未指定仓库', en: 'No warehouse recorded' },
} as const;
export type Place = keyof typeof PLACES;

/**
 * The place of each status. A warehouse holds a cylinder only in stock (2) and finished stock (7); picked, in
 * production or awaiting analysis it is in the filling workshop; scanned (8) on its outbound order; shipped (9)
 * at the customer (on a vehicle while it is on a trip: placeOf); returned (10) awaiting its empty stock-in.
 */
export const PLACE_OF_STATUS: Record<NamedStatus, Place> = {
  [STATUS.scrap]: 'scrapped',
  [STATUS.analyze]: 'workshop',
  [STATUS.stock]: 'warehouse',
  [STATUS.received]: 'workshop',
  [STATUS.filled]: 'workshop',
  [STATUS.inspected]: 'workshop',
  [STATUS.reWeighed]: 'workshop',
  [STATUS.toOutbound]: 'warehouse',
  [STATUS.scanned]: 'order',
  [STATUS.outbound]: 'customer',
  [STATUS.recovery]: 'returned',
};

/** The statuses in which a warehouse holds a cylinder: its stock, what 仓库库存 and 库存查询 count. */
export const WAREHOUSE_STATUSES: readonly number[] = Object.entries(PLACE_OF_STATUS)
  .filter(([, place]) => place === 'warehouse').map(([status]) => Number(status));

/**
 * What the cylinder's row keeps of its last stock movement. `warehouseId`: the warehouse its last stock-in
 * (or its registration) put it in, cleared when it leaves the plant or when 抽真空 / 分析处理 bring it to stock
 * in the workshop without a stock-in; kept through a pick, so 退回领瓶 returns it there. `inWorkshop`: 抽真空 or
 * 分析处理 left it in the filling workshop (until a stock-in).
 */
export interface PlaceFacts {
  status: number;
  warehouseId: number | null;
  inWorkshop: boolean;
  /** The trip whose vehicle holds it (shipped on a trip, not yet handed over): its place is 'vehicle'. */
  onTripId?: number | null;
}

/** Where the cylinder is now (the one definition; the server's SQL is built from the same table). */
export function placeOf(f: PlaceFacts): Place {
  const place = isNamedStatus(f.status) ? PLACE_OF_STATUS[f.status] : 'noWarehouse';
  if (place === 'customer' && f.onTripId != null) return 'vehicle';
  if (place !== 'warehouse' || f.warehouseId !== null) return place;
  return f.inWorkshop ? 'workshop' : 'noWarehouse';
}

/** The warehouse holding the cylinder, only while one does. */
export const heldWarehouse = (f: PlaceFacts): number | null => (placeOf(f) === 'warehouse' ? f.warehouseId : null);

/** A place in the UI language; an unknown one as it is. */
export const placeLabel = (place: string, lang: 'zh' | 'en' = 'zh'): string =>
  (PLACES as Record<string, { zh: string; en: string } | undefined>)[place]?.[lang] ?? place;

/**
 * Where it is, in words, as every screen shows 所在位置: the place with what it names — the warehouse (仓库：空瓶一库),
 * the outbound order, the trip's vehicle (车次号 车牌) or the customer — or the place alone.
 */
export function placeText(where: { place: string; warehouseName?: string | null; locationName?: string | null }, lang: 'zh' | 'en' = 'zh'): string {
  const name = where.place === 'warehouse' ? where.warehouseName
    : where.place === 'order' || where.place === 'customer' || where.place === 'vehicle' ? where.locationName : null;
  const label = placeLabel(where.place, lang);
  return name ? `${label}${lang === 'en' ? ': ' : '：'}${name}` : label;
}
