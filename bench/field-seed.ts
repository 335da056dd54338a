import { sql, type Kysely } from 'kysely';
import type { DB } from '../src/server/db/schema';

/**
 * The field bench's route (bench/field.bench.ts), made through the API as the office makes it (tests/server/trip.test.ts):
 * a gas, 30 customers each already holding 19 empties (shipped without a trip: the pickups), a vehicle, a driver who
 * signs in (a role with trip:drive), an escort, and a trip of 30 stops carrying 400 full cylinders, departed. The
 * cylinders are registered through the API (addProduct) and put ready for shipping (status 7) in one statement, as the
 * server tests do (forceStatus): the plant's production loop is not what this bench measures.
 */

export const STOPS = 30;
export const DELIVERIES = 400;
/** 1,000 acts: 400 deliveries + 570 empties + 30 proofs. */
export const EMPTIES_PER_STOP = 19;

export interface Api {
  call<T = unknown>(path: string, body?: unknown, method?: 'GET' | 'POST'): Promise<T>;
}

export interface SeededRoute {
  run: string;
  tripId: number;
  plate: string;
  driver: { username: string; password: string };
  /** Per stop, in the trip's order: its customer's cylinders to hand over and the empties it holds. */
  stops: Array<{ seq: number; customer: string; deliveries: string[]; empties: string[] }>;
}

/** Runs `work` over `items`, `width` at a time. */
async function pool<I>(items: I[], width: number, work: (item: I) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < items.length) await work(items[next++]!);
  }));
}

export async function seedRoute(api: Api, db: Kysely<DB>, log: (line: string) => void): Promise<SeededRoute> {
  const run = Date.now().toString(36).toUpperCase();
  const today = new Date().toISOString().slice(0, 10);
  const next = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
  const started = Date.now();
  const gas = await api.call<{ id: number }>('/material/save', { materialName: `现场基准气${run}`, code: `FB${run}`, category: 'compressed', reweighRequired: false });
  const customers: Array<{ id: number; name: string }> = [];
  for (let i = 1; i <= STOPS; i++) {
    const name = `站点客户${run}-${String(i).padStart(2, '0')}`;
    const { id } = await api.call<{ id: number }>('/enterprise/save', {
      type: '2', enterpriseName: name, enterpriseCode: `FBC${run}${String(i).padStart(2, '0')}`, address: `工业路 ${i} 号`, contact: `联系人${i}`, phone: `1380000${String(i).padStart(4, '0')}`,
    });
    customers.push({ id, name });
  }
  // Zero-padded codes of one length: no code is a part of another (the bench finds a verdict by its code).
  const code = (kind: 'D' | 'E', n: number) => `F${kind}${run}${String(n).padStart(4, '0')}`;
  const stops = customers.map((c, i) => ({
    seq: i + 1, customer: c.name, customerId: c.id,
    // 400 over 30 stops: the first ten get 14, the others 13.
    deliveries: [] as string[],
    empties: Array.from({ length: EMPTIES_PER_STOP }, (_v, k) => code('E', i * EMPTIES_PER_STOP + k + 1)),
  }));
  for (let n = 0; n < DELIVERIES; n++) stops[n % STOPS]!.deliveries.push(code('D', n + 1));
  const all = stops.flatMap((s) => [...s.deliveries, ...s.empties]);
  await pool(all, 4, async (c) => {
    await api.call('/product/addProduct', { code: c, materialId: gas.id, specification: '40L', manufactureDate: '2025-06-01', nextInspectionDate: next, tareWeight: 50 });
  });
  await db.transaction().execute(async (trx) => {
    await sql`select set_config('cylinder.transition', 'on', true)`.execute(trx);
    await trx.updateTable('cylinders').set({ status: 7 }).where('code', 'in', all).execute();
  });
  log(`  ${all.length} cylinders registered (${((Date.now() - started) / 1000).toFixed(0)} s)`);

  const order = async (customerId: number, codes: string[]) => {
    const made = await api.call<{ id: number }>('/storageOrder/outStock', { type: 'productCK', customerId, lines: [{ materialId: gas.id, quantity: codes.length }] });
    for (const c of codes) await api.call('/storageOrder/scanOutStock', { orderId: made.id, code: c });
    await api.call('/storageOrder/outStock', { id: made.id, complete: true });
  };
  // The empties at their customers (shipped earlier, without a trip).
  await pool(stops, 3, (s) => order(s.customerId, s.empties));
  log(`  ${STOPS * EMPTIES_PER_STOP} empties at the customers (${((Date.now() - started) / 1000).toFixed(0)} s)`);

  const plate = `渝F${run.slice(-5)}`;
  const vehicle = await api.call<{ id: number }>('/vehicle/save', { plate, permitNo: `P${run}`, permitExpiry: next, status: 1 });
  const role = await api.call<{ id: number }>('/role/saveRole', { roleName: `司机${run}`, roleCode: `drv_${run.toLowerCase()}`, buttonKeys: ['trip:drive'] });
  const driver = { username: `fdrv${run.toLowerCase()}`, password: 'Passw0rd!x' };
  const user = await api.call<{ id: number }>('/user/save', { username: driver.username, name: `司机${run}`, password: driver.password, roleIds: [role.id], mustChangePassword: false });
  const crew = (name: string, kind: string, userId?: number) => api.call<{ id: number }>('/crew/save', {
    name, kind, qualificationNo: `Q${name}`, qualificationExpiry: next, status: 1, ...(userId ? { userId } : {}),
  });
  const driverCrew = await crew(`张${run}`, 'driver', user.id);
  const escort = await crew(`李${run}`, 'escort');
  const tripId = (await api.call<{ id: number }>('/trip/save', { vehicleId: vehicle.id, driverId: driverCrew.id, escortId: escort.id, planDate: today })).id;
  // One order per stop, added in the stops' order (the trip's stops follow it).
  for (const s of stops) await api.call('/trip/addOrder', { tripId, orderId: (await api.call<{ id: number }>('/storageOrder/outStock', { type: 'productCK', customerId: s.customerId, lines: [{ materialId: gas.id, quantity: s.deliveries.length }] })).id });
  const orders = await db.selectFrom('storage_orders').select(['id', 'customer_id']).where('trip_id', '=', tripId).execute();
  await pool(stops, 3, async (s) => {
    const o = orders.find((x) => x.customer_id === s.customerId)!;
    for (const c of s.deliveries) await api.call('/storageOrder/scanOutStock', { orderId: o.id, code: c });
    await api.call('/storageOrder/outStock', { id: o.id, complete: true });
  });
  await api.call('/trip/depart', { id: tripId });
  log(`  trip ${tripId}: ${STOPS} stops, ${DELIVERIES} cylinders loaded, departed (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  return { run, tripId, plate, driver, stops: stops.map(({ seq, customer, deliveries, empties }) => ({ seq, customer, deliveries, empties })) };
}
