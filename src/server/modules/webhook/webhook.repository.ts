import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { PageResult } from '@shared/api/schema';
import type { DeliveriesQuery, DeliveryRow, ReplayBody, SaveWebhookBody, SavedWebhook, WebhookRow } from '@shared/api/webhook';
import { WEBHOOK_EVENT_TYPES } from '@shared/api/webhook';
import type { DB } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { BusinessError } from '../../lib/errors';
import { pageWindow } from '../../lib/paging';
import { firstSeqSince, lastSeq } from '../integration';
import { refuseUrl } from './webhook.url';

/** A new Standard Webhooks secret: whsec_ and 32 random bytes in base64. */
export const newSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

export async function listWebhooks(db: Kysely<DB>): Promise<WebhookRow[]> {
  const latest = await lastSeq(db);
  // Never the secret.
  const rows = await db.selectFrom('webhook_endpoints')
    .select(['id', 'url', 'events', 'enabled', 'state', 'cursor', 'attempts', 'next_attempt_at', 'failing_since', 'last_error', 'created_at'])
    .orderBy('id').execute();
  return rows.map((r) => ({
    id: r.id, url: r.url, events: r.events, enabled: r.enabled, state: r.state === 'failing' ? 'failing' as const : 'ok' as const, cursor: Number(r.cursor), latest,
    attempts: r.attempts, nextAttemptAt: iso(r.next_attempt_at), failingSince: iso(r.failing_since), lastError: r.last_error,
    createdAt: r.created_at.toISOString(),
  }));
}

function checkEvents(events: string[]): string[] {
  const unique = [...new Set(events)];
  if (unique.includes('*')) return ['*'];
  const unknown = unique.filter((e) => !WEBHOOK_EVENT_TYPES.includes(e));
  if (unknown.length) throw new BusinessError(`未知的事件类型：${unknown.join('、')}`);
  return unique;
}

/**
 * Saves an endpoint. A new one starts at the outbox's latest event (replay reaches back) with the given secret or a new
 * one; editing keeps the secret unless another is given. The secret is answered only when set by this save.
 */
export async function saveWebhook(db: Kysely<DB>, body: SaveWebhookBody, self: { host?: string; port?: number }, operator: string): Promise<SavedWebhook> {
  const refused = refuseUrl(body.url, self);
  if (refused) throw new BusinessError(refused);
  const events = checkEvents(body.events);
  return inTransaction(db, async (trx) => {
    if (body.id) {
      const set = { url: body.url, events, enabled: body.enabled, updated_at: sql<Date>`now()`, ...(body.secret ? { secret: body.secret } : {}) };
      const r = await trx.updateTable('webhook_endpoints').set(set).where('id', '=', body.id).executeTakeFirst();
      if (!r.numUpdatedRows) throw new BusinessError(`推送地址不存在：${body.id}`);
      return { id: body.id, secret: body.secret ?? null };
    }
    const secret = body.secret ?? newSecret();
    const row = await trx.insertInto('webhook_endpoints').values({
      url: body.url, events, secret, enabled: body.enabled, created_by: operator,
      cursor: await lastSeq(trx),
    }).returning('id').executeTakeFirstOrThrow();
    return { id: row.id, secret };
  });
}

/** 暂停 / 启用. Enabling clears the wait of a failed batch: the next pass tries at once. */
export async function enableWebhook(db: Kysely<DB>, id: number, enabled: boolean): Promise<void> {
  const r = await db.updateTable('webhook_endpoints')
    .set(enabled ? { enabled, next_attempt_at: null, updated_at: sql<Date>`now()` } : { enabled, updated_at: sql<Date>`now()` })
    .where('id', '=', id).executeTakeFirst();
  if (!r.numUpdatedRows) throw new BusinessError(`推送地址不存在：${id}`);
}

export async function deleteWebhook(db: Kysely<DB>, id: number): Promise<void> {
  const r = await db.deleteFrom('webhook_endpoints').where('id', '=', id).executeTakeFirst();
  if (!r.numDeletedRows) throw new BusinessError(`推送地址不存在：${id}`);
}

export async function deliveries(db: Kysely<DB>, q: DeliveriesQuery): Promise<PageResult<DeliveryRow>> {
  const { limit, offset } = pageWindow(q);
  const base = db.selectFrom('webhook_deliveries').where('endpoint_id', '=', q.id);
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(count.n),
    list: rows.map((r) => ({
      id: Number(r.id), firstSeq: Number(r.first_seq), lastSeq: Number(r.last_seq), count: r.count, attempt: r.attempt,
      sentAt: r.sent_at.toISOString(), status: r.status, durationMs: r.duration_ms, ok: r.ok, error: r.error, response: r.response,
    })),
  };
}

/**
 * 重新推送: the cursor goes back to just before `fromSeq`, or before the first event numbered at or after `fromTime`
 * (event time 'at' of the body), and the wait of a failed batch is cleared. Events are sent again from there.
 */
export async function replay(db: Kysely<DB>, body: ReplayBody): Promise<{ cursor: number }> {
  if ((body.fromSeq === undefined) === (body.fromTime === undefined)) throw new BusinessError('参数错误：请给出起始序号或起始时间之一');
  return inTransaction(db, async (trx) => {
    const latest = await lastSeq(trx);
    let cursor: number;
    if (body.fromSeq !== undefined) {
      cursor = Math.min(latest, body.fromSeq - 1);
    } else {
      const first = await firstSeqSince(trx, body.fromTime!);
      cursor = first === null ? latest : first - 1;
    }
    const r = await trx.updateTable('webhook_endpoints')
      .set({ cursor, attempts: 0, next_attempt_at: null, updated_at: sql<Date>`now()` })
      .where('id', '=', body.id).executeTakeFirst();
    if (!r.numUpdatedRows) throw new BusinessError(`推送地址不存在：${body.id}`);
    return { cursor };
  });
}
