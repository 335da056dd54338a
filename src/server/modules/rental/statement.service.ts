import type { Kysely } from 'kysely';
import { RENTAL_EVENT_SCHEMA } from '@shared/api/integration';
import type { NoteBody, StatementDetail, StatementKey, StatementLine } from '@shared/api/rental';
import { chargeMonth } from '@shared/rental/charge';
import { localDayOf, monthDays } from '@shared/rental/days';
import type { DB } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { BusinessError } from '../../lib/errors';
import { custodyInMonth, customersWithCustody } from '../cylinder';
import { appendEvent } from '../integration';
import { versionsFor } from './agreement.repository';
import * as repo from './statement.repository';

type Db = Kysely<DB>;

/** The month as instants of the plant's calendar: [its first midnight, the next month's). */
export function monthSpan(month: string): { from: Date; to: Date } {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return { from: new Date(y, m - 1, 1), to: new Date(y, m, 1) };
}

const p2 = (n: number) => String(n).padStart(2, '0');
/** An instant as the plant's wall clock, 'YYYY-MM-DD HH:mm:ss'. */
const plantTime = (iso: string) => {
  const d = new Date(iso);
  return `${localDayOf(d)} ${p2(d.getHours())}:${p2(d.getMinutes())}:${p2(d.getSeconds())}`;
};

/** A customer's statement of a month, computed now from the custody record and its agreement (not saved). */
export async function computeStatement(db: Db, key: StatementKey): Promise<StatementDetail> {
  const customer = await repo.customerName(db, key.customerId);
  if (!customer || customer.type !== 2) throw new BusinessError(`客户不存在：${key.customerId}`);
  const [periods, versions] = await Promise.all([custodyInMonth(db, { ...monthSpan(key.month), customerId: key.customerId }), versionsFor(db, key.customerId)]);
  const c = chargeMonth(key.month, periods, versions);
  const lines: StatementLine[] = c.lines.map((l) => ({ ...l, deliveredAt: plantTime(l.deliveredAt), returnedAt: l.returnedAt ? plantTime(l.returnedAt) : null }));
  return {
    id: null, statementNo: null, customerId: key.customerId, customerName: customer.name, month: key.month, issuedAt: null, issuedBy: null,
    lines, balances: c.balances, deposits: c.deposits.map((d) => ({ ...d, at: plantTime(d.at.toISOString()) })), notes: [],
    rentalCents: c.rentalCents, minimumTopUpCents: c.minimumTopUpCents, depositTakenCents: c.depositTakenCents,
    depositRefundedCents: c.depositRefundedCents, depositBalanceCents: c.depositBalanceCents, totalCents: c.totalCents, dueCents: c.totalCents,
  };
}

/** A month can be issued once it has ended (the plant's calendar). */
export function assertEnded(month: string, now = new Date()): void {
  const { last } = monthDays(month);
  const today = Math.round(Date.UTC(now.getFullYear(), now.getMonth(), now.getDate()) / 86_400_000);
  if (today <= last) throw new BusinessError(`${month} 尚未结束，月末之后才能出具对账单`);
}

/**
 * 出具: computed and frozen in one transaction, with its outbox event 'rental.statement.issued' (the accounting
 * package's feed, docs/INTEGRATION.md); a month issued for the customer is refused (issued once, never changed).
 */
export async function issueStatement(db: Db, key: StatementKey, by: string): Promise<number> {
  assertEnded(key.month);
  const detail = await computeStatement(db, key);
  return inTransaction(db, async (trx) => {
    await repo.lockCustomer(trx, key.customerId);
    if (await repo.issuedFor(trx, key.customerId, key.month)) throw new BusinessError(`客户「${detail.customerName}」${key.month} 的对账单已出具，不能重复出具；更正请开具调整单`);
    const no = await repo.nextNumber(trx, 'DZ', key.month);
    const at = new Date();
    const frozen: StatementDetail = { ...detail, statementNo: no, issuedAt: plantTime(at.toISOString()), issuedBy: by };
    const id = await repo.insertStatement(trx, frozen, no, by);
    await repo.setDetail(trx, id, { ...frozen, id });
    const statement = await repo.statementRef(trx, id);
    await appendEvent(trx, { schema: RENTAL_EVENT_SCHEMA, type: 'rental.statement.issued', at: statement.issuedAt, statement, note: null });
    return id;
  });
}

/** An issued statement as it was issued, with its notes and what is due after them. */
export async function statementDetail(db: Db, id: number): Promise<StatementDetail> {
  const row = await repo.statementRow(db, id);
  if (!row) throw new BusinessError(`对账单不存在：${id}`);
  const notes = await repo.notesOf(db, id);
  return { ...row.detail, id, notes, dueCents: row.dueCents };
}

/** 调整单: a credit or debit note on an issued statement, with its outbox event 'rental.note.issued', in one transaction. */
export async function addNote(db: Db, body: NoteBody, by: string): Promise<number> {
  return inTransaction(db, async (trx) => {
    const s = await repo.lockStatement(trx, body.statementId);
    if (!s) throw new BusinessError(`对账单不存在：${body.statementId}`);
    const no = await repo.nextNumber(trx, 'TZ', s.month);
    const id = await repo.insertNote(trx, { statementId: s.id, no, kind: body.kind, amountCents: body.amountCents, reason: body.reason.trim(), by });
    const note = await repo.noteRef(trx, id);
    await appendEvent(trx, { schema: RENTAL_EVENT_SCHEMA, type: 'rental.note.issued', at: note.createdAt, statement: await repo.statementRef(trx, s.id), note });
    return id;
  });
}

/** 客户押金余额: per customer holding cylinders this month, the deposits held now (taken, not refunded). */
export async function depositPage(db: Db, q: { page?: number; size?: number; customerId?: number }) {
  const now = new Date();
  const month = `${now.getFullYear()}-${p2(now.getMonth() + 1)}`;
  const span = { from: monthSpan(month).from, to: now };
  const ids = q.customerId ? [q.customerId] : await customersWithCustody(db, { ...span, limit: 100_000 });
  const size = q.size ?? 15;
  const pageIds = ids.slice(((q.page ?? 1) - 1) * size, (q.page ?? 1) * size);
  const list = [];
  for (const customerId of pageIds) {
    const d = await computeStatement(db, { customerId, month });
    list.push({ customerId, customerName: d.customerName, cylinders: d.lines.filter((l) => !l.returnedAt && l.exempt !== 'customerOwned').length, balanceCents: d.depositBalanceCents });
  }
  return { list, total: ids.length };
}
