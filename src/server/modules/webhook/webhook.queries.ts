import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { postMessages, templateRecipients } from '../message';

/** advisory lock namespace of the per-endpoint delivery lock ('wh'). */
const LOCK_CLASS = 0x7768;

/** Enabled endpoints behind the outbox whose retry is due. */
export async function dueEndpoints(db: Kysely<DB>, lastSeq: number): Promise<number[]> {
  const rows = await db.selectFrom('webhook_endpoints').select('id')
    .where('enabled', '=', true)
    .where('cursor', '<', lastSeq)
    .where((eb) => eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', sql<Date>`now()`)]))
    .execute();
  return rows.map((r) => r.id);
}

/** Milliseconds until the earliest retry of an enabled endpoint; null when none waits. */
export async function msUntilNextAttempt(db: Kysely<DB>): Promise<number | null> {
  const row = await db.selectFrom('webhook_endpoints').where('enabled', '=', true).where('next_attempt_at', 'is not', null)
    .select(sql<number | null>`extract(epoch from min(next_attempt_at) - now()) * 1000`.as('ms')).executeTakeFirst();
  return row?.ms === null || row?.ms === undefined ? null : Number(row.ms);
}

/** Runs `work` on one connection holding the endpoint's advisory lock; false (work not run) when another holds it. */
export async function withEndpointLock(db: Kysely<DB>, id: number, work: (conn: Kysely<DB>) => Promise<boolean>): Promise<boolean> {
  return db.connection().execute(async (conn) => {
    const locked = await sql<{ ok: boolean }>`select pg_try_advisory_lock(${LOCK_CLASS}, ${id}) as ok`.execute(conn);
    if (!locked.rows[0]?.ok) return false;
    try {
      return await work(conn);
    } finally {
      await sql`select pg_advisory_unlock(${LOCK_CLASS}, ${id})`.execute(conn);
    }
  });
}

export const endpointById = (db: Kysely<DB>, id: number) =>
  db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirst();

/** Moves the cursor past events of other types, unless it moved meanwhile (a replay). */
export async function skipTo(db: Kysely<DB>, id: number, from: number, to: number): Promise<void> {
  await db.updateTable('webhook_endpoints').set({ cursor: to }).where('id', '=', id).where('cursor', '=', from).execute();
}

export interface Attempt {
  id: number;
  url: string;
  first: number;
  last: number;
  count: number;
  attempt: number;
  sentAt: Date;
  status: number | null;
  durationMs: number;
  ok: boolean;
  error: string | null;
  response: string | null;
  /** The cursor read before sending: the endpoint is updated only if it still stands there. */
  cursor: number;
  /** Where the cursor goes on success. */
  reach: number;
  /** On failure: when to try next, since when it fails, whether it is failing now, whether to tell administrators. */
  nextAttemptAt: Date | null;
  failingSince: Date | null;
  failing: boolean;
  tellFailing: boolean;
}

/** Logs one request and moves the endpoint on (success) or schedules its retry; tells administrators once it fails. */
export async function recordAttempt(db: Kysely<DB>, a: Attempt): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('webhook_deliveries').values({
      endpoint_id: a.id, first_seq: a.first, last_seq: a.last, count: a.count, attempt: a.attempt, sent_at: a.sentAt,
      status: a.status, duration_ms: a.durationMs, ok: a.ok, error: a.error, response: a.response,
    }).execute();
    const update = a.ok
      ? { cursor: a.reach, attempts: 0, next_attempt_at: null, failing_since: null, last_error: null, state: 'ok' }
      : { attempts: a.attempt, next_attempt_at: a.nextAttemptAt, failing_since: a.failingSince, last_error: a.error, state: a.failing ? 'failing' : 'ok' };
    // Only from the cursor it read: a replay meanwhile (the cursor set back) wins.
    await trx.updateTable('webhook_endpoints').set(update).where('id', '=', a.id).where('cursor', '=', a.cursor).execute();
    if (a.tellFailing) {
      const users = await templateRecipients(trx, 'webhookFailing');
      const content = `接口推送 ${a.url} 自 ${a.failingSince?.toISOString() ?? ''} 起未成功（最近：${a.error ?? ''}），事件保留待推送`;
      await postMessages(trx, users.map((userId) => ({ userId, kind: 'webhookFailing', title: '接口推送失败', content, link: '/Setting/Webhook' })));
    }
  });
}
