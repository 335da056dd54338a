import { sql, type Kysely, type Transaction } from 'kysely';
import type { AuditLine, AuditLinePageQuery, AuditPageQuery, AuditRow } from '@shared/api/audit';
import type { PageResult } from '@shared/api/schema';
import type { DB } from '../../db/schema';
import { paginate } from '../../lib/paging';
import { ts, tsOrNull, withinDates } from '../../lib/sql';
import { ruleNumber } from '../systemRule';

type Db = Kysely<DB>;

/** The statements of 客户盘点 (audit.service.ts holds its rules). Owns audits, audit_codes, audit_lines, audit_misses. */

function rows(db: Db) {
  return db.selectFrom('audits as a').innerJoin('enterprises as e', 'e.id', 'a.customer_id').select([
    'a.id', 'a.audit_no as auditNo', 'a.customer_id as customerId', 'e.enterprise_name as customerName', 'a.status',
    ts('a.counted_at').as('countedAt'), 'a.counted_by as countedBy',
    sql<number>`(select count(*)::int from audit_codes k where k.audit_id = a.id)`.as('counted'),
    tsOrNull('a.reconciled_at').as('reconciledAt'), 'a.reconciled_by as reconciledBy',
    'a.found', 'a.unexpected', 'a.moved', 'a.unknown', 'a.missing', 'a.lost', 'a.remark',
  ]);
}

export function pageAudits(db: Db, q: AuditPageQuery): Promise<PageResult<AuditRow>> {
  let query = rows(db);
  if (q.auditNo?.trim()) query = query.where('a.audit_no', '=', q.auditNo.trim());
  if (q.customerId) query = query.where('a.customer_id', '=', q.customerId);
  if (q.status === 0 || q.status === 1) query = query.where('a.status', '=', q.status);
  query = withinDates(query, 'a.counted_at', q);
  return paginate(query, q, { sorts: { id: 'a.id', countedAt: 'a.counted_at' }, defaultSort: 'countedAt', tieBreaker: 'a.id' });
}

export const auditRow = (db: Db, id: number): Promise<AuditRow | undefined> => rows(db).where('a.id', '=', id).executeTakeFirst();

export function pageLines(db: Db, q: AuditLinePageQuery): Promise<PageResult<AuditLine>> {
  let query = db.selectFrom('audit_lines as l').select([
    'l.id', 'l.kind', 'l.code', 'l.cylinder_id as cylinderId', 'l.specification', 'l.material_name as materialName',
    'l.status', 'l.moved', 'l.note', 'l.misses', 'l.lost',
  ]).where('l.audit_id', '=', q.auditId);
  if (q.kind) query = query.where('l.kind', '=', q.kind);
  return paginate(query, q, { sorts: { code: 'l.code', id: 'l.id' }, defaultSort: 'id', defaultOrder: 'asc', tieBreaker: 'l.id' });
}

/** Every line of an audit in the report's order (kind, then code). */
export function allLines(db: Db, auditId: number): Promise<AuditLine[]> {
  return pageLines(db, { auditId, page: 1, size: 1_000_000 }).then((p) => p.list.sort(
    (a, b) => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) || a.code.localeCompare(b.code),
  ));
}
const KIND_ORDER = ['unexpected', 'unknown', 'missing', 'found'];

/* ---------------------------------------------------------------- submit */

export interface AuditHead {
  id: number;
  audit_no: string;
  customer_id: number;
  status: number;
  counted_at: Date;
  reconciled_at: Date | null;
  reconciled_by: string | null;
}
const HEAD = ['id', 'audit_no', 'customer_id', 'status', 'counted_at', 'reconciled_at', 'reconciled_by'] as const;

/** Creates the audit of `deviceId` unless it exists; answers it (locked) and whether this call created it. */
export async function claimAudit(trx: Transaction<DB>, a: {
  deviceId: string; customerId: number; countedAt: Date; by: { operatorId: number; operator: string }; remark: string | null;
}): Promise<{ head: AuditHead; created: boolean }> {
  const { rows: made } = await sql<{ id: number }>`with n as (select nextval(pg_get_serial_sequence('audits', 'id'))::int as id)
    insert into audits (id, audit_no, device_id, customer_id, counted_at, counted_by_id, counted_by, remark)
    select n.id, 'PD' || to_char(now(), 'YYYYMMDD') || '-' || lpad(n.id::text, 6, '0'), ${a.deviceId}, ${a.customerId}, ${a.countedAt},
      ${a.by.operatorId}, ${a.by.operator}, ${a.remark} from n
    on conflict (device_id) do nothing returning id`.execute(trx);
  const head = await trx.selectFrom('audits').select(HEAD).where('device_id', '=', a.deviceId).forUpdate().executeTakeFirstOrThrow();
  return { head, created: made.length > 0 };
}

/** Adds the codes not yet counted in the audit (any letter case); answers how many were added. */
export async function addCodes(trx: Transaction<DB>, auditId: number, codes: readonly string[]): Promise<number> {
  if (!codes.length) return 0;
  const { rows: added } = await sql<{ code: string }>`insert into audit_codes (audit_id, code)
    select ${auditId}, u.code from unnest(${sql.val(codes)}::varchar[]) as u(code)
    on conflict do nothing returning code`.execute(trx);
  return added.length;
}

/** The codes among `codes` the audit has not counted (any letter case). */
export async function newCodes(db: Db, auditId: number, codes: readonly string[]): Promise<string[]> {
  if (!codes.length) return [];
  const { rows: found } = await sql<{ code: string }>`select u.code from unnest(${sql.val(codes)}::varchar[]) as u(code)
    where not exists (select 1 from audit_codes k where k.audit_id = ${auditId} and lower(k.code) = lower(u.code))`.execute(db);
  return found.map((r) => r.code);
}

export async function countedCodes(db: Db, auditId: number): Promise<string[]> {
  return (await db.selectFrom('audit_codes').select('code').where('audit_id', '=', auditId).orderBy('code').execute()).map((r) => r.code);
}

/* ---------------------------------------------------------------- reconcile */

export const lockAudit = (trx: Transaction<DB>, id: number): Promise<AuditHead | undefined> =>
  trx.selectFrom('audits').select(HEAD).where('id', '=', id).forUpdate().executeTakeFirst();

/** The transaction's time and the two rules of 丢失, in one statement. */
export async function reconcileFacts(trx: Transaction<DB>): Promise<{ now: Date; lostAudits: number; lostDays: number }> {
  const { rows: [r] } = await sql<{ now: Date; audits: number; days: number }>`select now() as now,
    ${ruleNumber('auditLostAudits')} as audits, ${ruleNumber('auditLostDays')} as days`.execute(trx);
  return { now: new Date(r!.now), lostAudits: Number(r!.audits), lostDays: Number(r!.days) };
}

export interface MissRun {
  cylinder_id: number;
  customer_id: number;
  misses: number;
  first_missed_at: Date;
  last_missed_at: Date;
  lost_at: Date | null;
}

/** The runs of missed audits of these cylinders (locked). */
export async function missRuns(trx: Transaction<DB>, cylinderIds: number[]): Promise<Map<number, MissRun>> {
  if (!cylinderIds.length) return new Map();
  const found = await trx.selectFrom('audit_misses')
    .select(['cylinder_id', 'customer_id', 'misses', 'first_missed_at', 'last_missed_at', 'lost_at'])
    .where('cylinder_id', 'in', cylinderIds).orderBy('cylinder_id').forUpdate().execute();
  return new Map(found.map((r) => [r.cylinder_id, r]));
}

export async function saveMissRuns(trx: Transaction<DB>, auditId: number, runs: MissRun[]): Promise<void> {
  for (let i = 0; i < runs.length; i += 1000) {
    await trx.insertInto('audit_misses').values(runs.slice(i, i + 1000).map((r) => ({ ...r, last_audit_id: auditId })))
      .onConflict((oc) => oc.column('cylinder_id').doUpdateSet((eb) => ({
        customer_id: eb.ref('excluded.customer_id'), misses: eb.ref('excluded.misses'), first_missed_at: eb.ref('excluded.first_missed_at'),
        last_missed_at: eb.ref('excluded.last_missed_at'), last_audit_id: eb.ref('excluded.last_audit_id'), lost_at: eb.ref('excluded.lost_at'),
      }))).execute();
  }
}

/** Ends the runs of cylinders an audit found. */
export async function clearMissRuns(trx: Transaction<DB>, cylinderIds: number[]): Promise<void> {
  if (cylinderIds.length) await trx.deleteFrom('audit_misses').where('cylinder_id', 'in', cylinderIds).execute();
}

export interface NewLine {
  kind: string;
  code: string;
  cylinder_id: number | null;
  material_name?: string | null;
  specification?: string | null;
  status: number | null;
  moved?: boolean;
  note: string | null;
  misses?: number | null;
  lost?: boolean;
}

export async function insertLines(trx: Transaction<DB>, auditId: number, lines: NewLine[]): Promise<void> {
  for (let i = 0; i < lines.length; i += 1000) {
    await trx.insertInto('audit_lines').values(lines.slice(i, i + 1000).map((l) => ({
      audit_id: auditId, kind: l.kind, code: l.code, cylinder_id: l.cylinder_id,
      material_name: l.material_name?.slice(0, 64) ?? null, specification: l.specification?.slice(0, 64) ?? null, status: l.status, moved: l.moved ?? false,
      note: l.note?.slice(0, 500) ?? null, misses: l.misses ?? null, lost: l.lost ?? false,
    }))).execute();
  }
}

export async function markReconciled(trx: Transaction<DB>, id: number, by: { operatorId: number; operator: string }, counts: {
  found: number; unexpected: number; moved: number; unknown: number; missing: number; lost: number;
}): Promise<void> {
  await trx.updateTable('audits').set({
    status: 1, reconciled_at: sql`now()`, reconciled_by_id: by.operatorId, reconciled_by: by.operator, ...counts,
  }).where('id', '=', id).execute();
}

export const customerName = async (db: Db, id: number): Promise<string | null> =>
  (await db.selectFrom('enterprises').select('enterprise_name').where('id', '=', id).executeTakeFirst())?.enterprise_name ?? null;
