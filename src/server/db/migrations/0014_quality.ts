import { sql, type Kysely } from 'kysely';

/**
 * The quality center's delivery detail for one customer (issue 21, items 2 and 6): the outbound events naming
 * that customer, newest first, without walking every outbound of the period. The customer is the event's
 * detail.customerId (as text: a malformed detail can never make an insert fail on a cast). `if not exists`:
 * the bench builds it ahead of the migration on its database.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists cylinder_traces_outbound_customer_idx
    on cylinder_traces ((detail->>'customerId'), at, id) where action = 'outbound'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists cylinder_traces_outbound_customer_idx`.execute(db);
}
