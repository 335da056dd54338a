import { sql, type Kysely, type RawBuilder } from 'kysely';
import { PLACE_OF_STATUS, WAREHOUSE_STATUSES, type Place } from '@shared/cylinder/place';
import type { DB } from '../../db/schema';

/**
 * The place of a cylinder (src/shared/cylinder/place.ts) in SQL, built from the same table of statuses, so a
 * list, a count and the record card of one cylinder never disagree. Each function takes the alias of the
 * cylinders row in the query.
 */

const col = (c: string, column: string) => sql.ref(`${c}.${column}`);
const list = (values: readonly number[]) => sql.join(values.map((v) => sql.lit(v)));

const statusesOf = (wanted: Place): number[] =>
  Object.entries(PLACE_OF_STATUS).filter(([, place]) => place === wanted).map(([status]) => Number(status));
const PLACES_IN_USE = [...new Set(Object.values(PLACE_OF_STATUS))];

/** placeOf as one CASE over status, warehouse_id, in_workshop and on_trip_id. */
export function placeSql(c = 'c'): RawBuilder<Place> {
  const status = col(c, 'status');
  const whens = PLACES_IN_USE.map((place) => (place === 'warehouse'
    ? sql`when ${status} in (${list(statusesOf(place))}) then case when ${col(c, 'warehouse_id')} is not null then 'warehouse'
      when ${col(c, 'in_workshop')} then 'workshop' else 'noWarehouse' end`
    : place === 'customer'
      ? sql`when ${status} in (${list(statusesOf(place))}) then case when ${col(c, 'on_trip_id')} is not null then 'vehicle' else 'customer' end`
      : sql`when ${status} in (${list(statusesOf(place))}) then ${sql.lit(place)}`));
  return sql<Place>`(case ${sql.join(whens, sql` `)} else 'noWarehouse' end)`;
}

/** The warehouse holding the cylinder, null while none does (heldWarehouse). */
export function heldWarehouseSql(c = 'c'): RawBuilder<number | null> {
  return sql<number | null>`(case when ${col(c, 'status')} in (${list(WAREHOUSE_STATUSES)}) then ${col(c, 'warehouse_id')} end)`;
}

/** The cylinders warehouse `id` holds (served by cylinders_stock_idx: warehouse_id first). */
export function heldBy(id: number, c = 'c'): RawBuilder<boolean> {
  return sql<boolean>`(${col(c, 'warehouse_id')} = ${id} and ${col(c, 'status')} in (${list(WAREHOUSE_STATUSES)}))`;
}

/**
 * Where it is, as a row of a list or the card shows it: the place, the warehouse holding it (id and name), and
 * what else the place names — the trip's vehicle holding it (车次号 车牌), the customer holding it, or the open
 * outbound order it is on.
 */
export function whereColumns(c = 'c') {
  const held = heldWarehouseSql(c);
  return [
    placeSql(c).as('place'),
    held.as('warehouseId'),
    sql<string | null>`(select w.warehouse_name from warehouses w where w.id = ${held})`.as('warehouseName'),
    sql<string | null>`(case when ${col(c, 'on_trip_id')} is not null and ${col(c, 'status')} in (${list(statusesOf('customer'))}) then (
        select concat_ws(' ', t.trip_no, v.plate) from trips t left join vehicles v on v.id = t.vehicle_id where t.id = ${col(c, 'on_trip_id')})
      when ${col(c, 'status')} in (${list(statusesOf('customer'))}) then (
        select l.enterprise_name from enterprises l where l.id = ${col(c, 'location_enterprise_id')})
      when ${col(c, 'status')} in (${list(statusesOf('order'))}) then (
        select o.order_no from storage_order_items i join storage_orders o on o.id = i.order_id
        where i.cylinder_id = ${col(c, 'id')} and i.reverted_at is null and o.direction = 'out' and o.status = 0 order by i.id desc limit 1)
      end)`.as('locationName'),
  ] as const;
}

/** Where one cylinder is now (shared placeOf, through placeSql), with what the place names. */
export interface CylinderPlace {
  place: Place;
  /** The warehouse holding it, only while one does. */
  warehouseId: number | null;
  warehouseName: string | null;
  /** The trip's vehicle (车次号 车牌), the customer holding it, or the open outbound order it is on. */
  locationName: string | null;
}

export async function cylinderPlace(db: Kysely<DB>, cylinderId: number): Promise<CylinderPlace> {
  return db.selectFrom('cylinders as c').select(whereColumns('c')).where('c.id', '=', cylinderId).executeTakeFirstOrThrow();
}

