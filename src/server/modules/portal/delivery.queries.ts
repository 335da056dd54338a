import { sql, type Kysely } from 'kysely';
import type { Delivery } from '@shared/api/portal';
import type { PageParams, PageResult } from '@shared/api/schema';
import type { DB } from '../../db/schema';
import { paginate } from '../../lib/paging';

/** An outbound order done (status 1; 0 open, 2 cancelled). */
const DONE = 1;

function deliveries(db: Kysely<DB>, customerId: number) {
  return db.selectFrom('storage_orders as o').where('o.direction', '=', 'out').where('o.status', '=', DONE).where('o.customer_id', '=', customerId);
}

/** A customer's deliveries: its outbound orders done, newest first, with the cylinders they carried. */
export async function deliveryPage(db: Kysely<DB>, customerId: number, q: PageParams): Promise<PageResult<Delivery>> {
  const query = deliveries(db, customerId).select([
    'o.id', 'o.order_no as orderNo',
    sql<string | null>`to_char(o.completed_at, 'YYYY-MM-DD HH24:MI:SS')`.as('completedAt'),
    sql<number>`(select count(*)::int from storage_order_items i where i.order_id = o.id and i.reverted_at is null)`.as('cylinders'),
    sql<string | null>`to_char(o.signed_at, 'YYYY-MM-DD HH24:MI:SS')`.as('signedAt'),
  ]);
  return paginate(query, q, { sorts: { completedAt: 'o.completed_at' }, defaultSort: 'completedAt', tieBreaker: 'o.id' });
}

/** Whether the order is one of the customer's deliveries (the only orders whose documents its portal prints). */
export async function isDeliveryOf(db: Kysely<DB>, orderId: number, customerId: number): Promise<boolean> {
  return (await deliveries(db, customerId).select('o.id').where('o.id', '=', orderId).executeTakeFirst()) !== undefined;
}
