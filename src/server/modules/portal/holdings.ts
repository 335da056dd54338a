import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { heldNow as heldByCustomer } from '../cylinder';

/** What the customer holds now, from the custody record (the cylinder module's heldNow), longest held first. */
export interface HeldRow {
  code: string;
  gasName: string | null;
  specification: string | null;
  since: Date | null;
}

export async function heldNow(db: Kysely<DB>, customerId: number, q: { page: number; size: number }): Promise<{ total: number; list: HeldRow[] }> {
  const page = await heldByCustomer(db, customerId, q);
  return { total: page.total, list: page.list.map((r) => ({ code: r.code, gasName: r.materialName, specification: r.specification, since: r.fromAt })) };
}
