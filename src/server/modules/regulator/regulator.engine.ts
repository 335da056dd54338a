import type { Kysely } from 'kysely';
import { isCylinderEvent } from '@shared/api/integration';
import { REGULATOR_RECORD_KINDS, type RegulatorRecordKind } from '@shared/api/regulator';
import type { RegulatorTuning } from '../../config';
import type { DB } from '../../db/schema';
import type { FieldCipher } from '../../lib/field-cipher';
import { lastSeq, readEvents } from '../integration';
import { adapterById, type RegulatorAdapter, type Settings } from './adapters';
import { composeRecord, eventTypesOf, kindOfEvent, recordIdOf } from './regulator.compose';
import * as repo from './regulator.repository';
import { tell } from './regulator.notices';
import { sourcesFor } from './regulator.sources';

export const REGULATOR_DEFAULTS: RegulatorTuning = {
  backoffMs: 5_000, maxBackoffMs: 3_600_000, pollMs: 5_000, verdictPollMs: 60_000, tellAfterMs: 600_000, heldRetryMs: 60_000,
};

/** Events turned into records per transaction; records sent per pass of a connection. */
const COLLECT_BATCH = 500;
const SEND_BATCH = 50;
const VERDICT_BATCH = 100;

const kindName = (kind: string) => REGULATOR_RECORD_KINDS.find((k) => k.code === kind)?.name ?? kind;

/** A connection's settings with its secret fields decrypted. */
export function settingsOf(c: repo.ConnectionRecord, cipher: FieldCipher): Settings {
  const secrets = c.secrets ? JSON.parse(cipher.decrypt(c.secrets)) as Settings : {};
  return { ...c.settings, ...secrets };
}

/** The events after `after` up to `upTo` of the connection's kinds, as new records; and how far the cursor may move. */
export async function recordsAfter(db: Kysely<DB>, kinds: readonly string[], after: number, upTo: number, limit: number): Promise<{ records: repo.NewRecord[]; reach: number }> {
  const events = (await readEvents(db, { after, limit, types: eventTypesOf(kinds) })).filter((e) => e.seq <= upTo);
  const reach = events.length < limit ? upTo : events[events.length - 1]!.seq;
  const records: repo.NewRecord[] = [];
  for (const e of events) {
    // Asked for trace types only; an event without a cylinder (rental.*) is never a record.
    if (!isCylinderEvent(e)) continue;
    const kind = kindOfEvent(e);
    if (!kind || !kinds.includes(kind) || e.traceId === null) continue;
    records.push({ kind, recordId: recordIdOf(kind, e.traceId), seq: e.seq, traceId: e.traceId, cylinderId: e.cylinder.id, cylinderCode: e.cylinder.code, eventAt: e.at });
  }
  return { records, reach };
}

/**
 * The gateway's engine in one server process (docs/REGULATOR.md "How records leave"). Every process runs one; a
 * per-connection advisory lock makes one process work a connection at a time. A pass of a connection: (1) the outbox's
 * new events of its kinds become records (one per event and kind: the record id is derived from the trace event, a
 * unique index keeps it once), (2) queued records are composed from their event and today's master data and sent in
 * outbox order — a record missing a code mapping is held with the reason; a failure to reach the platform leaves it
 * queued with a growing pause —, (3) records sent without a verdict are asked about (audits). Woken by the outbox's
 * numbering, by a timer and by the screen's changes; never from the request that made the event.
 */
export class RegulatorEngine {
  private unsubscribe: (() => void) | null = null;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private readonly lastVerdictPoll = new Map<number, number>();
  private readonly lastHeldRetry = new Map<number, number>();

  constructor(
    private readonly db: Kysely<DB>,
    private readonly onSequenced: (handler: () => void) => () => void,
    private readonly tuning: RegulatorTuning,
    private readonly cipher: FieldCipher,
    private readonly log: (message: string) => void,
  ) {}

  start(): void {
    this.unsubscribe = this.onSequenced(() => this.wake());
    this.wake();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.unsubscribe?.();
    this.unsubscribe = null;
    await this.running;
  }

  /** Runs a pass now, or right after the one running; `verdicts`: ask the platforms for verdicts in this pass too. */
  wake(verdicts = false): void {
    if (verdicts) this.lastVerdictPoll.clear();
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.running = this.pass()
      .catch((error: unknown) => this.log(`Regulator: a pass failed: ${(error as Error).message}`))
      .then(() => {
        this.running = null;
        if (this.stopped) return;
        if (this.again) {
          this.again = false;
          this.wake();
          return;
        }
        this.timer = setTimeout(() => this.wake(), this.tuning.pollMs);
        this.timer.unref();
      });
  }

  /** Resolves when the pass running now (if any) and one started after this call are done (tests, a caller that must see the effect). */
  async settle(): Promise<void> {
    await this.running;
    this.wake();
    await this.running;
  }

  private async pass(): Promise<void> {
    const ids = await repo.enabledConnectionIds(this.db);
    await Promise.all(ids.map((id) => repo.withConnectionLock(this.db, id, (conn) => this.work(conn, id))));
  }

  private async work(db: Kysely<DB>, id: number): Promise<void> {
    const c = await repo.connectionRow(db, id);
    if (!c || !c.enabled) return;
    await this.collect(db, c);
    const adapter = adapterById(c.adapter);
    if (!adapter) {
      await repo.setReachable(db, id, `对接方式不存在：${c.adapter}`);
      return;
    }
    let settings: Settings;
    try {
      settings = settingsOf(c, this.cipher);
    } catch {
      await repo.setReachable(db, id, '对接密钥无法解密（数据加密密钥已更换？），请重新填写');
      return;
    }
    // Held for something local (a code, 企业信息): composed again now and then, so a fix made anywhere is picked up.
    if (Date.now() - (this.lastHeldRetry.get(id) ?? 0) >= this.tuning.heldRetryMs) {
      this.lastHeldRetry.set(id, Date.now());
      await repo.requeueHeld(db, id);
    }
    await this.send(db, c, adapter, settings);
    if (adapter.poll) await this.askVerdicts(db, c, adapter, settings);
  }

  /** (1) The outbox's events after the cursor become records. */
  private async collect(db: Kysely<DB>, c: repo.ConnectionRecord): Promise<void> {
    let cursor = Number(c.cursor);
    for (;;) {
      const upTo = await lastSeq(db);
      if (cursor >= upTo || this.stopped) return;
      const { records, reach } = await recordsAfter(db, c.kinds, cursor, upTo, COLLECT_BATCH);
      const from = cursor;
      await db.transaction().execute(async (trx) => {
        await repo.insertRecords(trx, c.id, records);
        await repo.moveCursor(trx, c.id, from, reach);
      });
      cursor = reach;
    }
  }

  /** (2) Queued records, in outbox order. */
  private async send(db: Kysely<DB>, c: repo.ConnectionRecord, adapter: RegulatorAdapter, settings: Settings): Promise<void> {
    let sources: Awaited<ReturnType<typeof sourcesFor>> | null = null;
    for (;;) {
      const due = await repo.dueRecords(db, c.id, SEND_BATCH);
      if (due.length === 0 || this.stopped) return;
      // Read only when something is to be sent (a pass every 5 s usually finds nothing).
      sources ??= await sourcesFor(db, this.cipher, c.id);
      for (const r of due) {
        if (this.stopped) return;
        const kind = r.kind as RegulatorRecordKind;
        const [event] = await readEvents(db, { after: Number(r.seq) - 1, limit: 1 });
        if (!event || event.seq !== Number(r.seq) || !isCylinderEvent(event)) {
          await repo.recordOutcome(db, { id: r.id, state: 'held', reason: `事件 ${r.seq} 不在发件箱中` }, ['queued']);
          continue;
        }
        const composed = await composeRecord(kind, event, sources);
        if ('held' in composed) {
          // Held again for the same reason (composed again every minute): no new line in its history.
          const attempt = r.reason === composed.held ? undefined : { outcome: 'held', status: null, durationMs: 0, detail: composed.held, message: null };
          await repo.recordOutcome(db, { id: r.id, state: 'held', reason: composed.held, attempt }, ['queued']);
          await tell(db, c, `held:${composed.held}`, `监管平台「${c.name}」有记录暂缓发送：${composed.held}`);
          continue;
        }
        const started = Date.now();
        const out = await adapter.send({ kind, recordId: r.record_id, accessCode: c.access_code, now: new Date(), ...composed }, settings);
        const durationMs = Date.now() - started;
        const attempts = r.attempts + 1;
        if (out.outcome === 'failed') {
          const pause = Math.min(this.tuning.maxBackoffMs, this.tuning.backoffMs * 2 ** Math.min(30, r.attempts));
          await repo.recordOutcome(db, {
            id: r.id, state: 'queued', lastError: out.error, attempts, nextAttemptAt: new Date(Date.now() + pause),
            attempt: { outcome: 'failed', status: out.status, durationMs, detail: out.error, message: out.message },
          }, ['queued']);
          const { failingSince } = await repo.setReachable(db, c.id, out.error);
          if (failingSince && Date.now() - failingSince.getTime() >= this.tuning.tellAfterMs) {
            await tell(db, c, 'unreachable', `监管平台「${c.name}」自 ${failingSince.toISOString()} 起无法上报（最近：${out.error}），记录保留待重试`);
          }
          // The platform did not answer: the rest waits for the next pass rather than meeting the same wall.
          return;
        }
        await repo.setReachable(db, c.id, null);
        await repo.clearNotice(db, c.id, 'unreachable');
        const state = out.outcome;
        await repo.recordOutcome(db, {
          id: r.id, state, reason: out.words, lastError: null, platformId: out.platformId, attempts, nextAttemptAt: null, sent: true,
          answered: state !== 'sent',
          attempt: { outcome: state, status: out.status, durationMs, detail: out.words, message: out.message },
        }, ['queued']);
        if (state === 'rejected') {
          await tell(db, c, `rejected:${out.words}`, `监管平台「${c.name}」拒收${kindName(kind)}记录 ${r.record_id}：${out.words}`);
        }
      }
    }
  }

  /** (3) Verdicts of records sent and not decided, at most every verdictPollMs per connection. */
  private async askVerdicts(db: Kysely<DB>, c: repo.ConnectionRecord, adapter: RegulatorAdapter, settings: Settings): Promise<void> {
    const last = this.lastVerdictPoll.get(c.id) ?? 0;
    if (Date.now() - last < this.tuning.verdictPollMs) return;
    this.lastVerdictPoll.set(c.id, Date.now());
    const pending = await repo.awaitingVerdict(db, c.id, VERDICT_BATCH);
    if (pending.length === 0) return;
    const answer = await adapter.poll!(pending.map((p) => ({ recordId: p.record_id, kind: p.kind as RegulatorRecordKind, platformId: p.platform_id })), settings, c.access_code);
    if ('error' in answer) {
      await repo.setReachable(db, c.id, answer.error);
      return;
    }
    if (answer.problem) await repo.setReachable(db, c.id, answer.problem);
    const byRecordId = new Map(pending.map((p) => [p.record_id, p]));
    for (const v of answer.verdicts) {
      const p = byRecordId.get(v.recordId);
      if (!p || v.state === p.state) continue;
      const changed = await repo.recordOutcome(db, {
        id: p.id, state: v.state, reason: v.words, answered: true, attempt: { outcome: v.state, status: null, durationMs: 0, detail: v.words, message: null },
      }, ['sent', 'pendingAudit']);
      if (changed && (v.state === 'rejected' || v.state === 'auditRejected')) {
        await tell(db, c, `${v.state}:${v.words ?? ''}`, `监管平台「${c.name}」${v.state === 'rejected' ? '拒收' : '审核驳回'}${kindName(p.kind)}记录 ${p.record_id}：${v.words ?? '（未说明原因）'}`);
      }
    }
  }
}
