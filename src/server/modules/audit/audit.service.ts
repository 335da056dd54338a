import type { Kysely } from 'kysely';
import type { AuditRow, AuditSubmitBody, AuditSubmitResult } from '@shared/api/audit';
import { STATUS } from '@shared/lifecycle';
import type { DB } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { BusinessError } from '../../lib/errors';
import { blankToNull } from '../../lib/paging';
import { auditFound, auditMissing, auditPlaceWords, lockAuditCylinders, runTransitionIn, type Actor, type AuditCylinder } from '../cylinder';
import { postMessages, templateRecipients } from '../message';
import * as repo from './audit.repository';

type Who = Actor & { operatorId: number; operator: string };

/** How far a device's count time may lie before the submit (a count kept offline for a while), and after it (clocks). */
export const COUNT_MAX_AGE_DAYS = 30;
const CLOCK_SKEW_MS = 10 * 60_000;
const DAY_MS = 86_400_000;

const stamp = (d: Date) => {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
};

/** The count's time: the device's (plant time), within bounds; the submit's own time when absent. */
function countTime(text: string | undefined, now: Date): Date {
  if (!text) return now;
  const at = new Date(text.replace(' ', 'T'));
  if (at.getTime() > now.getTime() + CLOCK_SKEW_MS) throw new BusinessError(`盘点时间 ${text} 晚于服务器当前时间，请校准设备时间后重新提交`);
  if (at.getTime() < now.getTime() - COUNT_MAX_AGE_DAYS * DAY_MS) throw new BusinessError(`盘点时间 ${text} 早于 ${COUNT_MAX_AGE_DAYS} 天前，不能提交：请重新盘点`);
  return at;
}

/** Codes as counted: trimmed, each once regardless of letter case (the first spelling kept). */
function distinctCodes(codes: readonly string[]): string[] {
  const seen = new Map<string, string>();
  for (const raw of codes) {
    const code = raw.trim();
    if (code && !seen.has(code.toLowerCase())) seen.set(code.toLowerCase(), code);
  }
  return [...seen.values()];
}

/**
 * 提交盘点, idempotent on the device's auditId: the first call creates the audit (待对账) with its codes; another with
 * the same auditId adds the codes not yet counted (a retry adds none). A different customer, or new codes once the
 * audit is reconciled, are refused.
 */
export async function submitAudit(db: Kysely<DB>, body: AuditSubmitBody, who: Who): Promise<AuditSubmitResult> {
  const codes = distinctCodes(body.codes);
  const customer = await repo.customerName(db, body.customerId);
  if (customer === null) throw new BusinessError(`客户不存在：${body.customerId}`);
  const countedAt = countTime(body.countedAt, new Date());
  return inTransaction(db, async (trx) => {
    const { head, created } = await repo.claimAudit(trx, {
      deviceId: body.auditId.toLowerCase(), customerId: body.customerId, countedAt, by: who, remark: blankToNull(body.remark ?? null),
    });
    if (head.customer_id !== body.customerId) {
      throw new BusinessError(`盘点 ${head.audit_no} 已按另一客户提交，不能改为「${customer}」：请重新开始盘点`);
    }
    if (head.status !== 0) {
      const fresh = await repo.newCodes(trx, head.id, codes);
      if (fresh.length) {
        throw new BusinessError(`盘点 ${head.audit_no} 已对账，不能再加入气瓶（${fresh.slice(0, 3).join('、')}${fresh.length > 3 ? ` 等 ${fresh.length} 个` : ''}）：请开始新的盘点`);
      }
    }
    const added = head.status === 0 ? await repo.addCodes(trx, head.id, codes) : 0;
    const counted = (await repo.countedCodes(trx, head.id)).length;
    return { id: head.id, auditNo: head.audit_no, counted, added, repeated: !created && added === 0, status: head.status };
  });
}

export const pageAudits = repo.pageAudits;
export const pageLines = repo.pageLines;

export async function auditInfo(db: Kysely<DB>, id: number): Promise<AuditRow> {
  const row = await repo.auditRow(db, id);
  if (!row) throw new BusinessError(`盘点不存在：${id}`);
  return row;
}

/** A run of missed audits: continued when the cylinder has had no event since the last audit missed it, else begun anew. */
function nextRun(c: AuditCylinder, run: repo.MissRun | undefined, customerId: number, now: Date, rules: { lostAudits: number; lostDays: number }): repo.MissRun {
  const continued = run !== undefined && run.customer_id === customerId && c.lastEventAt !== null
    && new Date(c.lastEventAt).getTime() === new Date(run.last_missed_at).getTime();
  const misses = continued ? run.misses + 1 : 1;
  const first = continued ? new Date(run.first_missed_at) : now;
  const lost = misses >= rules.lostAudits || now.getTime() - first.getTime() >= rules.lostDays * DAY_MS;
  return {
    cylinder_id: c.id, customer_id: customerId, misses, first_missed_at: first, last_missed_at: now,
    lost_at: lost ? (continued && run.lost_at ? new Date(run.lost_at) : now) : null,
  };
}

/**
 * 对账, in one transaction: the audit locked (of two at once, the second waits and is told it was reconciled), the
 * counted and the expected cylinders locked in id order, then each line: found; unexpected shipped elsewhere moved
 * here (盘点发现); unexpected in the plant or scrapped left where it is, told to the supervisors; unknown codes;
 * missing (盘点未见, its run of missed audits, 丢失 by the plant's rules).
 */
export async function reconcileAudit(db: Kysely<DB>, id: number, who: Who): Promise<AuditRow> {
  const actor: Actor = { operatorId: who.operatorId, operator: who.operator, workstation: who.workstation };
  await inTransaction(db, async (trx) => {
    const head = await repo.lockAudit(trx, id);
    if (!head) throw new BusinessError(`盘点不存在：${id}`);
    if (head.status !== 0) {
      throw new BusinessError(`盘点 ${head.audit_no} 已于 ${stamp(new Date(head.reconciled_at!))}${head.reconciled_by ? ` 由 ${head.reconciled_by} ` : ''}对账，无需重复对账`);
    }
    const customerName = (await repo.customerName(trx, head.customer_id)) ?? String(head.customer_id);
    const facts = await repo.reconcileFacts(trx);
    const codes = await repo.countedCodes(trx, id);
    const { counted, expected } = await lockAuditCylinders(trx, head.customer_id, codes);
    const countedAt = new Date(head.counted_at);
    const audit = { id, auditNo: head.audit_no, customerId: head.customer_id, customerName, countedAt };
    const expectedIds = new Set(expected.map((c) => c.id));
    const byCode = new Map(counted.map((c) => [c.code.toLowerCase(), c]));
    const lines: repo.NewLine[] = [];
    const line = (kind: string, c: AuditCylinder, extra: Partial<repo.NewLine> = {}) => lines.push({
      kind, code: c.code, cylinder_id: c.id, status: c.status, material_name: c.materialName, specification: c.specification, note: null, ...extra,
    });
    const inPlant: string[] = [];
    const present: number[] = [];

    for (const code of codes) if (!byCode.has(code.toLowerCase())) lines.push({ kind: 'unknown', code, cylinder_id: null, status: null, note: '气瓶档案中没有该编码' });
    for (const c of counted) {
      present.push(c.id);
      if (expectedIds.has(c.id)) {
        line('found', c);
      } else if (c.status !== STATUS.outbound) {
        const note = `系统记录该瓶${auditPlaceWords(c)}，未转移`;
        line('unexpected', c, { note });
        inPlant.push(`${c.code}（${auditPlaceWords(c)}）`);
      } else if (c.lastEventAt && new Date(c.lastEventAt).getTime() > countedAt.getTime()) {
        line('unexpected', c, { note: `盘点之后系统已有新的流转（${stamp(new Date(c.lastEventAt))}），系统记录该瓶${auditPlaceWords(c)}，未转移` });
      } else {
        const result = await runTransitionIn(trx, auditFound(audit), c.id, actor);
        line('unexpected', c, { moved: true, status: result.toStatus, note: String((result as { reason?: unknown }).reason ?? result.message) });
      }
    }
    await repo.clearMissRuns(trx, present);

    const missing = expected.filter((c) => !byCode.has(c.code.toLowerCase()));
    const runs = await repo.missRuns(trx, missing.map((c) => c.id));
    const next = missing.map((c) => nextRun(c, runs.get(c.id), head.customer_id, facts.now, facts));
    await auditMissing(trx, missing.map((c, i) => ({
      id: c.id, status: c.status,
      detail: { auditId: id, auditNo: head.audit_no, customerId: head.customer_id, customer: customerName, misses: next[i]!.misses, lost: next[i]!.lost_at !== null },
    })), actor);
    await repo.saveMissRuns(trx, id, next);
    missing.forEach((c, i) => {
      const run = next[i]!;
      const lost = run.lost_at !== null;
      const note = `连续 ${run.misses} 次盘点未见（首次 ${stamp(run.first_missed_at)}）${lost ? '，判定丢失' : ''}`;
      line('missing', c, { misses: run.misses, lost, note });
    });

    await repo.insertLines(trx, id, lines);
    const count = (kind: string) => lines.filter((l) => l.kind === kind).length;
    await repo.markReconciled(trx, id, who, {
      found: count('found'), unexpected: count('unexpected'), moved: lines.filter((l) => l.moved).length, unknown: count('unknown'),
      missing: count('missing'), lost: lines.filter((l) => l.lost).length,
    });
    if (inPlant.length) {
      const users = await templateRecipients(trx, 'auditUnexpected');
      const content = `客户盘点 ${head.audit_no} 在客户「${customerName}」处发现 ${inPlant.length} 个系统记录不在客户处的气瓶，未转移，请核查：${inPlant.join('；')}`;
      await postMessages(trx, users.map((userId) => ({ userId, kind: 'auditUnexpected', title: '客户盘点发现账外气瓶', content: content.slice(0, 2000), link: `/storage/audit?id=${id}` })));
    }
  });
  return auditInfo(db, id);
}
