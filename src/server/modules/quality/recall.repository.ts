import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

type Db = Kysely<DB>;

/**
 * A recall's reads of the life cycle (the fills of a lot, a gas's window or one fill; who holds their cylinders now;
 * the orders' operators) are the cylinder module's (fills.queries.ts): the recall asks them by name.
 */
export { countFills, cylinderFill, holders, outboundOperators, recallRows, type FillChoice, type HolderCell } from '../cylinder';

export interface CustomerContact { id: number; name: string; contact: string | null; phone: string | null }
export async function customers(db: Db, ids: number[]): Promise<CustomerContact[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('enterprises').select(['id', 'enterprise_name as name', 'contact', 'phone']).where('id', 'in', ids).execute();
}

export async function materialName(db: Db, id: number): Promise<string | undefined> {
  return (await db.selectFrom('materials').select('material_name').where('id', '=', id).executeTakeFirst())?.material_name;
}
