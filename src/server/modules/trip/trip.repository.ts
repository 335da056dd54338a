import { sql, type Kysely, type Transaction } from 'kysely';
import type { PageResult } from '@shared/api/schema';
import type { TripPageQuery, TripRow } from '@shared/api/trip';
import type { DB } from '../../db/schema';
import { paginate } from '../../lib/paging';
import { ts, tsOrNull } from '../../lib/sql';

/** The statements of trips (issue 37): trips, their stops, the cylinders that left on them and the empties taken back. */

type Db = Kysely<DB>;

/* ---------------------------------------------------------------- trips */

/** A trip as its list row shows it (TripRow); `crewId` narrows to the trips a driver or escort is on. */
function tripRows(db: Db) {
  return db.selectFrom('trips as t')
    .innerJoin('vehicles as v', 'v.id', 't.vehicle_id')
    .innerJoin('crew_members as d', 'd.id', 't.driver_id')
    .leftJoin('crew_members as e', 'e.id', 't.escort_id')
    .select([
      't.id', 't.trip_no as tripNo', 't.vehicle_id as vehicleId', 'v.plate', 't.driver_id as driverId', 'd.name as driverName',
      't.escort_id as escortId', 'e.name as escortName', sql<string>`to_char(t.plan_date, 'YYYY-MM-DD')`.as('planDate'), 't.status',
      sql<number>`(select count(*)::int from trip_stops s where s.trip_id = t.id)`.as('stopCount'),
      sql<number>`(select count(*)::int from trip_cylinders c where c.trip_id = t.id)`.as('loaded'),
      sql<number>`(select count(*)::int from trip_cylinders c where c.trip_id = t.id and c.outcome = 'delivered')`.as('delivered'),
      tsOrNull('t.departed_at').as('departedAt'), tsOrNull('t.closed_at').as('closedAt'), 't.remark', ts('t.created_at').as('createdAt'),
    ]);
}

export function tripPage(db: Db, q: TripPageQuery, crewId: number | null): Promise<PageResult<TripRow>> {
  let query = tripRows(db);
  if (crewId !== null) query = query.where((eb) => eb.or([eb('t.driver_id', '=', crewId), eb('t.escort_id', '=', crewId)]));
  if (q.tripNo?.trim()) query = query.where('t.trip_no', 'like', `${q.tripNo.trim().replace(/[\\%_]/g, '\\$&')}%`);
  if (q.status !== undefined && q.status !== '') query = query.where('t.status', '=', q.status);
  if (q.planDateFrom) query = query.where('t.plan_date', '>=', q.planDateFrom);
  if (q.planDateTo) query = query.where('t.plan_date', '<=', q.planDateTo);
  return paginate(query, { ...q, order: q.order ?? 'desc' }, { sorts: { id: 't.id', planDate: 't.plan_date' }, defaultSort: 'planDate', tieBreaker: 't.id' });
}

export const tripRow = (db: Db, id: number): Promise<TripRow | undefined> => tripRows(db).where('t.id', '=', id).executeTakeFirst();

/** Planned trips (新建出库单 chooses one), the newest plan first. */
export function plannedTrips(db: Db) {
  return db.selectFrom('trips as t').innerJoin('vehicles as v', 'v.id', 't.vehicle_id')
    .select(['t.id', 't.trip_no as tripNo', 'v.plate', sql<string>`to_char(t.plan_date, 'YYYY-MM-DD')`.as('planDate')])
    .where('t.status', '=', 0).orderBy('t.plan_date', 'desc').orderBy('t.id', 'desc').limit(200).execute();
}

export interface TripLock {
  id: number;
  trip_no: string;
  status: number;
  vehicle_id: number;
  driver_id: number;
  escort_id: number | null;
}

export const lockTrip = (trx: Transaction<DB>, id: number): Promise<TripLock | undefined> =>
  trx.selectFrom('trips').select(['id', 'trip_no', 'status', 'vehicle_id', 'driver_id', 'escort_id']).where('id', '=', id).forUpdate().executeTakeFirst();

/** Who may see a trip: its driver and escort. */
export const tripCrew = (db: Db, id: number) =>
  db.selectFrom('trips').select(['driver_id', 'escort_id']).where('id', '=', id).executeTakeFirst();

/**
 * CC20261128001: the plant's day and the day's count. Trips are numbered one after another (an advisory lock for
 * the transaction); creating one is rare.
 */
export async function nextTripNo(trx: Transaction<DB>): Promise<string> {
  const row = (await sql<{ no: string }>`with l as (select pg_advisory_xact_lock(hashtext('trips.trip_no')))
    select 'CC' || to_char(now(), 'YYYYMMDD') || lpad((coalesce(max(substr(trip_no, 11)::int), 0) + 1)::text, 3, '0') as no
    from l left join trips on trip_no like 'CC' || to_char(now(), 'YYYYMMDD') || '%'`.execute(trx)).rows[0]!;
  return row.no;
}

export interface TripValues {
  vehicle_id: number;
  driver_id: number;
  escort_id: number;
  plan_date: string;
  remark: string | null;
}

export async function insertTrip(trx: Transaction<DB>, no: string, v: TripValues, by: number | null): Promise<number> {
  return (await trx.insertInto('trips').values({ ...v, trip_no: no, created_by: by }).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateTrip(trx: Transaction<DB>, id: number, v: TripValues): Promise<void> {
  await trx.updateTable('trips').set({ ...v, updated_at: sql`now()` }).where('id', '=', id).execute();
}

export async function setTripStatus(trx: Transaction<DB>, id: number, status: number, by?: string | null): Promise<void> {
  await trx.updateTable('trips').set({
    status, updated_at: sql`now()`,
    ...(status === 1 ? { departed_at: sql`now()` } : {}), ...(status === 2 ? { closed_at: sql`now()`, closed_by: by ?? null } : {}),
  }).where('id', '=', id).execute();
}

/* ---------------------------------------------------------------- orders on a trip */

/** An outbound order locked, as a trip reads it. */
export const lockOrder = (trx: Transaction<DB>, id: number) =>
  trx.selectFrom('storage_orders').select(['id', 'order_no', 'direction', 'status', 'customer_id', 'trip_id']).where('id', '=', id).forUpdate().executeTakeFirst();

/** The transport an order takes from its trip: the registers' ids and the texts documents print. */
export interface OrderTransportHead {
  vehicleId: number;
  driverId: number;
  escortId: number | null;
  vehicle: string;
  driver: string;
  escort: string | null;
}

export async function setOrderTrip(trx: Transaction<DB>, orderId: number, tripId: number | null, head: OrderTransportHead | null): Promise<void> {
  await trx.updateTable('storage_orders').set({
    trip_id: tripId,
    ...(head ? {
      vehicle_id: head.vehicleId, driver_id: head.driverId, escort_id: head.escortId, vehicle: head.vehicle, driver: head.driver, escort: head.escort,
    } : {}),
  }).where('id', '=', orderId).execute();
}

/** The trip's orders not completed (a trip departs only when each is). */
export async function openOrders(db: Db, tripId: number): Promise<string[]> {
  const rows = await db.selectFrom('storage_orders').select('order_no').where('trip_id', '=', tripId).where('status', '=', 0).orderBy('id').execute();
  return rows.map((r) => r.order_no);
}

/** The orders of a trip (its planned orders follow its vehicle and crew when it is edited). */
export const tripOrderIds = async (db: Db, tripId: number): Promise<number[]> =>
  (await db.selectFrom('storage_orders').select('id').where('trip_id', '=', tripId).where('status', '=', 0).execute()).map((r) => r.id);

export async function ordersOfStop(db: Db, tripId: number, customerId: number): Promise<number> {
  const row = await db.selectFrom('storage_orders').select(sql<number>`count(*)::int`.as('n')).where('trip_id', '=', tripId).where('customer_id', '=', customerId)
    .executeTakeFirstOrThrow();
  return row.n;
}

/* ---------------------------------------------------------------- stops */

export async function stopOfCustomer(trx: Transaction<DB>, tripId: number, customerId: number): Promise<number | undefined> {
  return (await trx.selectFrom('trip_stops').select('id').where('trip_id', '=', tripId).where('customer_id', '=', customerId).executeTakeFirst())?.id;
}

/** A new stop at the end of the route. */
export async function insertStop(trx: Transaction<DB>, tripId: number, customerId: number): Promise<number> {
  const row = await trx.insertInto('trip_stops').columns(['trip_id', 'seq', 'customer_id'])
    .expression(sql`select ${tripId}, coalesce(max(seq), 0) + 1, ${customerId} from trip_stops where trip_id = ${tripId}`)
    .returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Drops a stop that has no order and no cylinder left; renumbers the stops after it. */
export async function dropEmptyStop(trx: Transaction<DB>, tripId: number, customerId: number): Promise<void> {
  const stop = await trx.selectFrom('trip_stops as s').select(['s.id', 's.seq']).where('s.trip_id', '=', tripId).where('s.customer_id', '=', customerId)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('trip_cylinders as c').select('c.id').whereRef('c.stop_id', '=', 's.id'))))
    .executeTakeFirst();
  if (!stop) return;
  await trx.deleteFrom('trip_stops').where('id', '=', stop.id).execute();
  await trx.updateTable('trip_stops').set({ seq: sql`seq - 1` }).where('trip_id', '=', tripId).where('seq', '>', stop.seq).execute();
}

export async function stopIds(db: Db, tripId: number): Promise<number[]> {
  return (await db.selectFrom('trip_stops').select('id').where('trip_id', '=', tripId).orderBy('seq').execute()).map((r) => r.id);
}

export async function setStopSeqs(trx: Transaction<DB>, ids: number[]): Promise<void> {
  await sql`update trip_stops s set seq = v.seq from unnest(${ids}::int[]) with ordinality as v(id, seq) where s.id = v.id`.execute(trx);
}

/** A stop locked for an act there, with its trip and its customer's name. */
export interface StopLock {
  id: number;
  seq: number;
  status: number;
  customer_id: number;
  customer_name: string;
  trip_id: number;
  trip_no: string;
  trip_status: number;
  driver_id: number;
  escort_id: number | null;
  proof_scan_id: string | null;
}

export const lockStop = (trx: Transaction<DB>, id: number): Promise<StopLock | undefined> =>
  trx.selectFrom('trip_stops as s').innerJoin('trips as t', 't.id', 's.trip_id').innerJoin('enterprises as e', 'e.id', 's.customer_id')
    .select(['s.id', 's.seq', 's.status', 's.customer_id', 'e.enterprise_name as customer_name', 's.trip_id', 't.trip_no', 't.status as trip_status',
      't.driver_id', 't.escort_id', 's.proof_scan_id'])
    .where('s.id', '=', id).forUpdate('s').executeTakeFirst();

/** The trip of a stop (who may act there), unlocked. */
export const stopTrip = (db: Db, stopId: number) =>
  db.selectFrom('trip_stops').select('trip_id').where('id', '=', stopId).executeTakeFirst();

/** Every stop of the trip as the delivery judge reads it. */
export function stopFacts(db: Db, tripId: number) {
  return db.selectFrom('trip_stops as s').innerJoin('enterprises as e', 'e.id', 's.customer_id')
    .select(['s.id', 's.seq', 'e.enterprise_name as customerName', 's.status']).where('s.trip_id', '=', tripId).orderBy('s.seq').execute();
}

/* ---------------------------------------------------------------- the cylinders of a trip */

/** The rows of the trip for the cylinder with this code (the judge's facts of one scan). */
export function tripCylindersByCode(db: Db, tripId: number, code: string) {
  return db.selectFrom('trip_cylinders as tc').innerJoin('cylinders as c', 'c.id', 'tc.cylinder_id')
    .select(['c.code', 'tc.stop_id as stopId', 'tc.outcome', 'tc.cylinder_id as cylinderId'])
    .where('tc.trip_id', '=', tripId).where('c.code', '=', code.trim()).execute();
}

/** The cylinders of a stop as the proof judges them. */
export function stopCylinders(db: Db, stopId: number) {
  return db.selectFrom('trip_cylinders as tc').innerJoin('cylinders as c', 'c.id', 'tc.cylinder_id')
    .select(['tc.id', 'c.code', 'tc.stop_id as stopId', 'tc.outcome', 'tc.cylinder_id as cylinderId'])
    .where('tc.stop_id', '=', stopId).orderBy('c.code').execute();
}

export async function settle(trx: Transaction<DB>, tripId: number, cylinderIds: number[], outcome: 'delivered' | 'unloaded' | 'missing', at: Date | null): Promise<void> {
  if (!cylinderIds.length) return;
  await trx.updateTable('trip_cylinders').set({ outcome, settled_at: at ?? sql`now()` })
    .where('trip_id', '=', tripId).where('cylinder_id', 'in', cylinderIds).execute();
}

/** A cylinder of the trip still to settle (on board, or missing after the trip closed): what 回厂卸车 settles. */
export const unsettledOnTrip = (db: Db, tripId: number, cylinderId: number) =>
  db.selectFrom('trip_cylinders').select(['id', 'outcome']).where('trip_id', '=', tripId).where('cylinder_id', '=', cylinderId).executeTakeFirst();

export async function setReasons(trx: Transaction<DB>, rows: Array<{ id: number; reason: string }>): Promise<void> {
  for (const r of rows) await trx.updateTable('trip_cylinders').set({ reason: r.reason }).where('id', '=', r.id).execute();
}

/** The trip's cylinders still on board, by code. */
export function onBoard(db: Db, tripId: number) {
  return db.selectFrom('trip_cylinders as tc').innerJoin('cylinders as c', 'c.id', 'tc.cylinder_id')
    .select(['tc.cylinder_id as cylinderId', 'c.code']).where('tc.trip_id', '=', tripId).where('tc.outcome', '=', 'onBoard').orderBy('c.code').execute();
}

/* ---------------------------------------------------------------- pickups and proof */

export async function insertPickup(trx: Transaction<DB>, p: { tripId: number; stopId: number; cylinderId: number; forced: boolean; discrepancy: string | null; at: Date }): Promise<void> {
  await trx.insertInto('trip_pickups').values({
    trip_id: p.tripId, stop_id: p.stopId, cylinder_id: p.cylinderId, forced: p.forced, discrepancy: p.discrepancy, picked_at: p.at,
  }).onConflict((oc) => oc.columns(['trip_id', 'cylinder_id']).doNothing()).execute();
}

export interface ProofValues {
  receiverName: string;
  signature: Buffer;
  photo: Buffer | null;
  photoType: string | null;
  latitude: number | null;
  longitude: number | null;
  accuracy: number | null;
  provedAt: Date;
  scanId: string;
  by: number | null;
  token: string;
  remark: string | null;
}

export async function saveProof(trx: Transaction<DB>, stopId: number, p: ProofValues): Promise<void> {
  await trx.updateTable('trip_stops').set({
    status: 1, receiver_name: p.receiverName, signature: p.signature, photo: p.photo, photo_type: p.photoType,
    latitude: p.latitude === null ? null : String(p.latitude), longitude: p.longitude === null ? null : String(p.longitude),
    accuracy_m: p.accuracy === null ? null : String(p.accuracy), proved_at: p.provedAt, proof_scan_id: p.scanId, proof_by: p.by,
    receipt_token: p.token, remark: p.remark,
  }).where('id', '=', stopId).execute();
}

/** The stop a proof's scanId was taken for (a retry answers the same). */
export const proofByScan = (db: Db, scanId: string) =>
  db.selectFrom('trip_stops').select('id').where('proof_scan_id', '=', scanId).executeTakeFirst();

/** What a proof answers: its time, what was handed over and the differences, and the receipt's token. */
export async function proofAnswer(db: Db, stopId: number) {
  return db.selectFrom('trip_stops as s').select([
    's.id', ts('s.proved_at').as('provedAt'), 's.receipt_token as token',
    sql<number>`(select count(*)::int from trip_cylinders c where c.stop_id = s.id and c.outcome = 'delivered')`.as('delivered'),
    sql<number>`(select count(*)::int from trip_cylinders c where c.stop_id = s.id and c.reason is not null)`.as('differences'),
  ]).where('s.id', '=', stopId).executeTakeFirstOrThrow();
}

export const proofImage = (db: Db, stopId: number) =>
  db.selectFrom('trip_stops').select(['trip_id', 'signature', 'photo', 'photo_type']).where('id', '=', stopId).executeTakeFirst();

/* ---------------------------------------------------------------- the manifest, reconciliation and receipt */

/** The stops of a trip in driving order, with their orders' numbers (index storage_orders_trip_idx). */
export function manifestStops(db: Db, tripId: number) {
  return db.selectFrom('trip_stops as s').select([
    's.id', 's.seq', 's.customer_id as customerId', 's.status', 's.receiver_name as receiverName', tsOrNull('s.proved_at').as('provedAt'), 's.receipt_token as receiptToken',
    sql<number | null>`s.latitude::float8`.as('latitude'), sql<number | null>`s.longitude::float8`.as('longitude'),
    sql<string[]>`coalesce((select array_agg(o.order_no order by o.id) from storage_orders o where o.trip_id = s.trip_id and o.customer_id = s.customer_id), '{}')`.as('orderNos'),
  ]).where('s.trip_id', '=', tripId).orderBy('s.seq').execute();
}

/** Every cylinder that left on the trip with its order, gas, outcome and reason (index trip_cylinders_trip_id_cylinder_id_key). */
export function manifestCylinders(db: Db, tripId: number) {
  return db.selectFrom('trip_cylinders as tc').innerJoin('cylinders as c', 'c.id', 'tc.cylinder_id')
    .innerJoin('storage_orders as o', 'o.id', 'tc.order_id').leftJoin('materials as m', 'm.id', 'c.material_id')
    .select(['tc.cylinder_id as cylinderId', 'c.code', 'tc.stop_id as stopId', 'o.order_no as orderNo', 'm.material_name as materialName',
      'c.specification', 'tc.outcome', 'tc.reason', tsOrNull('tc.settled_at').as('settledAt')])
    .where('tc.trip_id', '=', tripId).orderBy('tc.stop_id').orderBy('c.code').execute();
}

export function manifestPickups(db: Db, tripId: number) {
  return db.selectFrom('trip_pickups as p').innerJoin('cylinders as c', 'c.id', 'p.cylinder_id')
    .leftJoin('materials as m', 'm.id', 'c.material_id')
    .select(['p.stop_id as stopId', 'c.code', 'p.forced', 'p.discrepancy', 'm.material_name as materialName', 'c.specification'])
    .where('p.trip_id', '=', tripId).orderBy('p.id').execute();
}

/** The stop a receipt's token opens. */
export const stopByToken = (db: Db, token: string) =>
  db.selectFrom('trip_stops as s').innerJoin('trips as t', 't.id', 's.trip_id')
    .select(['s.id', 's.trip_id as tripId', 's.customer_id as customerId', 's.remark']).where('s.receipt_token', '=', token).executeTakeFirst();

/** Enabled users whose roles hold `key` (who hears of a trip's missing cylinders). */
export async function usersHolding(db: Db | Transaction<DB>, key: string): Promise<number[]> {
  const rows = await db.selectFrom('users as u').innerJoin('user_roles as ur', 'ur.user_id', 'u.id').innerJoin('role_buttons as rb', 'rb.role_id', 'ur.role_id')
    .select('u.id').distinct().where('rb.button_key', '=', key).where('u.status', '=', 1).orderBy('u.id').execute();
  return rows.map((r) => r.id);
}

export const warehouse = (db: Db, id: number) => db.selectFrom('warehouses').select(['warehouse_name', 'kind']).where('id', '=', id).executeTakeFirst();
