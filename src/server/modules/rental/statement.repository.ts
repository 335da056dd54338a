import { sql, type Kysely, type Transaction } from 'kysely';
import type { RentalNoteRef, RentalStatementRef } from '@shared/api/integration';
import type { StatementDetail, StatementNote, StatementPageQuery, StatementRow } from '@shared/api/rental';
import type { Static } from '@sinclair/typebox';
import type { DB } from '../../db/schema';
import { paginate } from '../../lib/paging';

type Db = Kysely<DB> | Transaction<DB>;
const TIME = sql.raw(`'YYYY-MM-DD HH24:MI:SS'`);
const credit = sql<number>`coalesce((select sum(case when n.kind = 'debit' then n.amount_cents else -n.amount_cents end) from rental_notes n where n.statement_id = s.id), 0)::bigint`;

const rowColumns = [
  's.id', 's.statement_no as statementNo', 's.customer_id as customerId', 'e.enterprise_name as customerName', 's.month', 's.cylinders',
  sql<number>`s.rental_cents::float8`.as('rentalCents'), sql<number>`s.minimum_top_up_cents::float8`.as('minimumTopUpCents'),
  sql<number>`s.deposit_taken_cents::float8`.as('depositTakenCents'), sql<number>`s.deposit_refunded_cents::float8`.as('depositRefundedCents'),
  sql<number>`s.deposit_balance_cents::float8`.as('depositBalanceCents'), sql<number>`s.total_cents::float8`.as('totalCents'),
  sql<number>`${credit}::float8`.as('notesCents'), sql<number>`(s.total_cents + ${credit})::float8`.as('dueCents'),
  sql<string>`to_char(s.issued_at, ${TIME})`.as('issuedAt'), 's.issued_by as issuedBy',
] as const;

export async function statementPage(db: Db, q: Static<typeof StatementPageQuery>) {
  let query = db.selectFrom('rental_statements as s').innerJoin('enterprises as e', 'e.id', 's.customer_id').select(rowColumns);
  if (q.month) query = query.where('s.month', '=', q.month);
  if (q.customerId) query = query.where('s.customer_id', '=', q.customerId);
  return paginate<StatementRow, { id: string; month: string }>(query as never, q, { sorts: { id: 's.id', month: 's.month' }, defaultSort: 'id', tieBreaker: 's.id' });
}

export async function statementRow(db: Db, id: number): Promise<(StatementRow & { detail: StatementDetail }) | undefined> {
  return db.selectFrom('rental_statements as s').innerJoin('enterprises as e', 'e.id', 's.customer_id').select([...rowColumns, 's.detail'])
    .where('s.id', '=', id).executeTakeFirst() as Promise<(StatementRow & { detail: StatementDetail }) | undefined>;
}

export async function notesOf(db: Db, statementId: number): Promise<StatementNote[]> {
  const rows = await db.selectFrom('rental_notes').select([
    'id', 'note_no as noteNo', 'kind', sql<number>`amount_cents::float8`.as('amountCents'), 'reason', sql<string>`to_char(created_at, ${TIME})`.as('createdAt'), 'created_by as createdBy',
  ]).where('statement_id', '=', statementId).orderBy('id').execute();
  return rows as StatementNote[];
}

export async function issuedFor(db: Db, customerId: number, month: string): Promise<number | null> {
  const row = await db.selectFrom('rental_statements').select('id').where('customer_id', '=', customerId).where('month', '=', month).executeTakeFirst();
  return row?.id ?? null;
}

/** The last month issued for a customer (or for any customer: null). */
export async function lastIssuedMonth(db: Db, customerId: number | null): Promise<string | null> {
  let q = db.selectFrom('rental_statements').select((eb) => eb.fn.max('month').as('month'));
  if (customerId !== null) q = q.where('customer_id', '=', customerId);
  return (await q.executeTakeFirst())?.month ?? null;
}

/** The next number of a kind and month, e.g. DZ202611-0001, under a transaction-scoped lock of that series. */
export async function nextNumber(trx: Transaction<DB>, prefix: 'DZ' | 'TZ', month: string): Promise<string> {
  const series = `${prefix}${month.replace('-', '')}-`;
  await sql`select pg_advisory_xact_lock(hashtext(${`rental:${series}`}))`.execute(trx);
  const table = prefix === 'DZ' ? 'rental_statements' : 'rental_notes';
  const column = prefix === 'DZ' ? 'statement_no' : 'note_no';
  const row = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where ${sql.ref(column)} like ${`${series}%`}`.execute(trx);
  return `${series}${String((row.rows[0]?.n ?? 0) + 1).padStart(4, '0')}`;
}

export async function insertStatement(trx: Transaction<DB>, d: StatementDetail, no: string, by: string): Promise<number> {
  const row = await trx.insertInto('rental_statements').values({
    statement_no: no, customer_id: d.customerId, month: d.month, cylinders: new Set(d.lines.map((l) => l.cylinderId)).size,
    rental_cents: d.rentalCents, minimum_top_up_cents: d.minimumTopUpCents, deposit_taken_cents: d.depositTakenCents,
    deposit_refunded_cents: d.depositRefundedCents, deposit_balance_cents: d.depositBalanceCents, total_cents: d.totalCents,
    detail: JSON.stringify(d), issued_by: by,
  }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function insertNote(trx: Transaction<DB>, n: { statementId: number; no: string; kind: string; amountCents: number; reason: string; by: string }): Promise<number> {
  const row = await trx.insertInto('rental_notes').values({
    note_no: n.no, statement_id: n.statementId, kind: n.kind, amount_cents: n.amountCents, reason: n.reason, created_by: n.by,
  }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function customerName(db: Db, id: number): Promise<{ name: string; type: number } | undefined> {
  const row = await db.selectFrom('enterprises').select(['enterprise_name as name', 'type']).where('id', '=', id).executeTakeFirst();
  return row ? { name: row.name, type: Number(row.type) } : undefined;
}

/** Locks the customer's row: one issue per customer at a time (the second waits, then finds the first). */
export async function lockCustomer(trx: Transaction<DB>, customerId: number): Promise<void> {
  await trx.selectFrom('enterprises').select('id').where('id', '=', customerId).forUpdate().execute();
}

export async function setDetail(trx: Transaction<DB>, id: number, detail: StatementDetail): Promise<void> {
  await trx.updateTable('rental_statements').set({ detail: JSON.stringify(detail) }).where('id', '=', id).execute();
}

/** An instant as the outbox's events write it: ISO 8601 with the session's offset (as jsonb_build_object does). */
const iso = (column: string) => sql<string>`to_json(${sql.ref(column)}) #>> '{}'`;

/** An issued statement as its outbox events tell it (docs/INTEGRATION.md "Rental events"), notes so far included. */
export async function statementRef(trx: Transaction<DB>, id: number): Promise<RentalStatementRef> {
  const r = await trx.selectFrom('rental_statements as s').innerJoin('enterprises as e', 'e.id', 's.customer_id').select([
    's.id', 's.statement_no as no', 's.customer_id as customerId', 'e.enterprise_code as customerCode', 'e.enterprise_name as customerName',
    's.month', 's.cylinders', sql<number>`s.rental_cents::float8`.as('rentalCents'), sql<number>`s.minimum_top_up_cents::float8`.as('minimumTopUpCents'),
    sql<number>`s.deposit_taken_cents::float8`.as('depositTakenCents'), sql<number>`s.deposit_refunded_cents::float8`.as('depositRefundedCents'),
    sql<number>`s.deposit_balance_cents::float8`.as('depositBalanceCents'), sql<number>`s.total_cents::float8`.as('totalCents'),
    sql<number>`${credit}::float8`.as('notesCents'), sql<number>`(s.total_cents + ${credit})::float8`.as('dueCents'),
    iso('s.issued_at').as('issuedAt'), 's.issued_by as issuedBy',
  ]).where('s.id', '=', id).executeTakeFirstOrThrow();
  const { customerId, customerCode, customerName: name, ...rest } = r;
  return { ...rest, customer: { id: customerId, code: customerCode, name } };
}

export async function noteRef(trx: Transaction<DB>, id: number): Promise<RentalNoteRef> {
  const r = await trx.selectFrom('rental_notes').select([
    'id', 'note_no as no', 'kind', sql<number>`amount_cents::float8`.as('amountCents'), 'reason', iso('created_at').as('createdAt'), 'created_by as createdBy',
  ]).where('id', '=', id).executeTakeFirstOrThrow();
  return r as RentalNoteRef;
}

export async function lockStatement(trx: Transaction<DB>, id: number): Promise<{ id: number; month: string } | undefined> {
  return trx.selectFrom('rental_statements').select(['id', 'month']).where('id', '=', id).forUpdate().executeTakeFirst();
}
