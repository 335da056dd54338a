import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * TEMPORARY — until the cylinder module exports heldNow(db, customerId, {page, size}) over the custody record
 * (cylinder_custody, migration 0040; being written in parallel): the cylinders a customer holds now read from the
 * register as the cylinder module does today (status 9 outbound, location_enterprise_id = the customer, not on a
 * trip's vehicle, since located_since). At merge this file is replaced by a re-export of the cylinder module's heldNow
 * (and the row mapping in portal.service.ts adjusted to its rows).
 */
const OUTBOUND = 9;

export interface HeldRow {
  code: string;
  gasName: string | null;
  specification: string | null;
  since: Date | null;
}

export async function heldNow(db: Kysely<DB>, customerId: number, q: { page: number; size: number }): Promise<{ total: number; list: HeldRow[] }> {
  const base = db.selectFrom('cylinders as c').where('c.status', '=', OUTBOUND).where('c.location_enterprise_id', '=', customerId)
    .where('c.on_trip_id', 'is', null);
  const [count, list] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base.leftJoin('materials as m', 'm.id', 'c.material_id')
      .select(['c.code', 'm.material_name as gasName', 'c.specification', 'c.located_since as since'])
      .orderBy('c.located_since').orderBy('c.id').limit(q.size).offset((q.page - 1) * q.size).execute(),
  ]);
  return { total: Number(count.n), list };
}
