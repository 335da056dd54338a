import http from 'node:http';
import https from 'node:https';
import type { Kysely } from 'kysely';
import { Webhook } from 'standardwebhooks';
import type { WebhookTuning } from '../../config';
import type { DB } from '../../db/schema';
import { lastSeq, readEvents } from '../integration';
import { dueEndpoints, endpointById, msUntilNextAttempt, recordAttempt, skipTo, withEndpointLock } from './webhook.queries';
import { guardedLookup, guardLookup } from './webhook.url';

/** Events one request carries at most. */
export const BATCH_MAX = 100;
/** The first 1 KB of an answer is kept; the rest is not read. */
const ANSWER_KEEP = 1024;

export const WEBHOOK_DEFAULTS: WebhookTuning = {
  timeoutMs: 10_000, backoffMs: 5_000, maxBackoffMs: 3_600_000, failAfterMs: 3 * 86_400_000, pollMs: 5_000,
};

/** The batch a webhook request carries when more than one event waits (docs/INTEGRATION.md). */
export const WEBHOOK_BATCH_SCHEMA = 'cylinder-trace.batch/1';

interface Answer {
  status: number | null;
  body: string | null;
  error: string | null;
}

/** One POST: no redirect followed, cut at `timeoutMs`, at most 1 KB of the answer read, link-local refused after DNS. */
export function post(
  url: string, headers: Record<string, string>, payload: string, timeoutMs: number, lookup: ReturnType<typeof guardLookup> = guardedLookup,
): Promise<Answer> {
  return new Promise((resolve) => {
    let done = false;
    const finish = (a: Answer) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(a);
    };
    const u = new URL(url);
    const lib = u.protocol === 'https:' ? https : http;
    const req = lib.request(u, {
      method: 'POST', lookup, agent: false,
      headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)), 'user-agent': 'cylinder-trace-webhooks/1' },
    }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const keep = () => Buffer.concat(chunks).subarray(0, ANSWER_KEEP).toString('utf8');
      res.on('data', (chunk: Buffer) => {
        if (size < ANSWER_KEEP) chunks.push(chunk);
        size += chunk.length;
        if (size >= ANSWER_KEEP) {
          finish({ status: res.statusCode ?? null, body: keep(), error: null });
          res.destroy();
          req.destroy();
        }
      });
      res.on('end', () => finish({ status: res.statusCode ?? null, body: keep(), error: null }));
      res.on('error', (e) => finish({ status: res.statusCode ?? null, body: keep(), error: e.message }));
      res.on('close', () => finish({ status: res.statusCode ?? null, body: keep(), error: null }));
    });
    const timer = setTimeout(() => {
      finish({ status: null, body: null, error: `${timeoutMs / 1000} 秒内未答复，已中断` });
      req.destroy();
    }, timeoutMs);
    req.on('error', (e) => finish({ status: null, body: null, error: e.message }));
    req.end(payload);
  });
}

/** The answer counts only as 2xx; a 3xx (a redirect, not followed) is a failure. */
const delivered = (a: Answer) => a.status !== null && a.status >= 200 && a.status < 300;

/**
 * The delivery engine of one server process. Every process runs one; a per-endpoint advisory lock (held on one pooled
 * connection for the request's length) makes each endpoint's batch sent by one process at a time, and the cursor is
 * re-read after the lock, so an event is sent again only when the receiver did not answer 2xx.
 * Woken by NOTIFY outbox_sequenced, by a timer (due retries) and by changes made on 接口推送.
 */
export class WebhookEngine {
  private unsubscribe: (() => void) | null = null;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private readonly lookup: ReturnType<typeof guardLookup>;

  constructor(
    private readonly db: Kysely<DB>,
    /** Hears of every numbering of the outbox by any process (the integration module's onSequenced). */
    private readonly onSequenced: (handler: () => void) => () => void,
    private readonly tuning: WebhookTuning,
    private readonly log: (message: string) => void,
  ) {
    this.lookup = tuning.lookup ? guardLookup(tuning.lookup) : guardedLookup;
  }

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

  /** Runs a pass now, or right after the one running. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.running = this.pass()
      .catch((error: unknown) => this.log(`Webhooks: a delivery pass failed: ${(error as Error).message}`))
      .then(async () => this.nextWake())
      .catch(() => this.tuning.pollMs)
      .then((delay) => {
        this.running = null;
        if (this.stopped) return;
        if (this.again) {
          this.again = false;
          this.wake();
          return;
        }
        this.timer = setTimeout(() => this.wake(), delay);
        this.timer.unref();
      });
  }

  /** Until the earliest due retry, at most pollMs. */
  private async nextWake(): Promise<number> {
    const ms = await msUntilNextAttempt(this.db);
    return ms === null ? this.tuning.pollMs : Math.min(this.tuning.pollMs, Math.max(0, ms) + 5);
  }

  /** Every enabled endpoint that is behind and due, in parallel; each sends until it is caught up or a request fails. */
  private async pass(): Promise<void> {
    const due = await dueEndpoints(this.db, await lastSeq(this.db));
    await Promise.all(due.map((id) => this.drain(id)));
  }

  private async drain(id: number): Promise<void> {
    while (!this.stopped && await withEndpointLock(this.db, id, (conn) => this.deliverOnce(conn, id)));
  }

  /** One request for the events after the endpoint's cursor; true when it was answered 2xx and more may wait. */
  private async deliverOnce(conn: Kysely<DB>, id: number): Promise<boolean> {
    const upTo = await lastSeq(conn);
    const e = await endpointById(conn, id);
    if (!e || !e.enabled || Number(e.cursor) >= upTo) return false;
    if (e.next_attempt_at && e.next_attempt_at.getTime() > Date.now()) return false;
    const cursor = Number(e.cursor);
    // Up to upTo only: the batch and the cursor's reach below are decided against that one number.
    const events = (await readEvents(conn, { after: cursor, limit: BATCH_MAX, types: e.events })).filter((ev) => ev.seq <= upTo);
    // Fewer than a full batch: nothing else of its types waits up to upTo; the cursor may pass the others.
    const reach = events.length < BATCH_MAX ? upTo : events[events.length - 1]!.seq;
    if (events.length === 0) {
      await skipTo(conn, id, cursor, reach);
      return false;
    }
    const first = events[0]!.seq;
    const last = events[events.length - 1]!.seq;
    const msgId = events.length === 1 ? `evt_${first}` : `batch_${first}_${last}`;
    const payload = JSON.stringify(events.length === 1 ? events[0] : { schema: WEBHOOK_BATCH_SCHEMA, events });
    const now = new Date();
    const signature = new Webhook(e.secret).sign(msgId, now, payload);
    const headers = { 'webhook-id': msgId, 'webhook-timestamp': String(Math.floor(now.getTime() / 1000)), 'webhook-signature': signature };
    const started = Date.now();
    const answer = await post(e.url, headers, payload, this.tuning.timeoutMs, this.lookup);
    const ok = delivered(answer);
    const attempt = e.attempts + 1;
    const error = ok ? null : answer.error ?? (answer.status !== null && answer.status >= 300 && answer.status < 400
      ? `HTTP ${answer.status}（不跟随重定向）` : `HTTP ${answer.status}`);
    const since = ok ? null : e.failing_since ?? now;
    const pause = Math.min(this.tuning.maxBackoffMs, this.tuning.backoffMs * 2 ** Math.min(30, e.attempts));
    const failing = !ok && (e.state === 'failing' || now.getTime() - since!.getTime() >= this.tuning.failAfterMs);
    const tellFailing = failing && e.state !== 'failing';
    await recordAttempt(conn, {
      id, url: e.url, first, last, count: events.length, attempt, sentAt: now, status: answer.status, durationMs: Date.now() - started,
      ok, error, response: answer.body, cursor, reach, nextAttemptAt: ok ? null : new Date(now.getTime() + pause), failingSince: since,
      failing, tellFailing,
    });
    if (tellFailing) this.log(`Webhooks: endpoint ${id} marked failing`);
    return ok;
  }
}
