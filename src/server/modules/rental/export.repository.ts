import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** The month's issued statements for the accounting export, with each customer's code. */
export async function exportRows(db: Kysely<DB>, month: string) {
  const credit = sql<number>`coalesce((select sum(case when n.kind = 'debit' then n.amount_cents else -n.amount_cents end) from rental_notes n where n.statement_id = s.id), 0)`;
  return db.selectFrom('rental_statements as s').innerJoin('enterprises as e', 'e.id', 's.customer_id').select([
    's.statement_no as statementNo', 'e.enterprise_code as customerCode', 'e.enterprise_name as customerName',
    sql<string>`to_char(s.issued_at, 'YYYY-MM-DD HH24:MI:SS')`.as('issuedAt'),
    sql<number>`s.rental_cents::float8`.as('rentalCents'), sql<number>`s.minimum_top_up_cents::float8`.as('minimumTopUpCents'),
    sql<number>`s.deposit_taken_cents::float8`.as('depositTakenCents'), sql<number>`s.deposit_refunded_cents::float8`.as('depositRefundedCents'),
    sql<number>`${credit}::float8`.as('notesCents'), sql<number>`(s.total_cents + ${credit})::float8`.as('dueCents'),
  ]).where('s.month', '=', month).orderBy('s.customer_id').execute();
}
