import { Type, type Static } from '@sinclair/typebox';
import { LIFECYCLE_ACTION_NAMES } from '../lifecycle';
import { endpoint } from './endpoint';
import { RENTAL_EVENT_TYPES } from './integration';
import { Bool, DateTimeStr, Id, Int, List, OneOf, Page, PageQuery } from './schema';

/**
 * 接口推送 (issue 35, docs/INTEGRATION.md "Webhooks"): endpoints that receive the outbox's events, signed the
 * Standard Webhooks way, and the log of what was sent to each.
 */

/** Every event type an endpoint may choose ('*' = all, present and future: the rental events too). */
export const WEBHOOK_EVENT_TYPES: readonly string[] = [...LIFECYCLE_ACTION_NAMES.map((a) => `trace.${a}`), 'cylinder.updated', ...RENTAL_EVENT_TYPES];

/** A Standard Webhooks secret: whsec_ and the base64 of 24 to 64 random bytes. */
export const WEBHOOK_SECRET_PATTERN = '^whsec_[A-Za-z0-9+/]{32,88}={0,2}$';

const EventType = Type.String({ title: '事件类型', minLength: 1, maxLength: 40, pattern: '^(\\*|trace\\.[A-Za-z]+|cylinder\\.updated|rental\\.statement\\.issued|rental\\.note\\.issued)$' });

export const SaveWebhookBody = Type.Object({
  id: Type.Optional(Id('推送地址')),
  url: Type.String({ title: '推送地址（URL）', minLength: 8, maxLength: 2000, pattern: '^[Hh][Tt][Tt][Pp][Ss]?://[^\\s\\u0000]+$' }),
  events: List('事件类型', EventType, { minItems: 1, maxItems: 100 }),
  /** Kept when editing without one; generated when a new endpoint has none. */
  secret: Type.Optional(Type.String({ title: '签名密钥', pattern: WEBHOOK_SECRET_PATTERN, maxLength: 100 })),
  enabled: Bool('启用'),
}, { additionalProperties: false });
export type SaveWebhookBody = Static<typeof SaveWebhookBody>;

/** The secret is answered once: when it was generated or given in this save; null otherwise. */
export const SavedWebhook = Type.Object({ id: Type.Integer(), secret: Type.Union([Type.String(), Type.Null()]) });
export type SavedWebhook = Static<typeof SavedWebhook>;

const Text = Type.Union([Type.String(), Type.Null()]);

export const WebhookRow = Type.Object({
  id: Type.Integer(),
  url: Type.String(),
  events: Type.Array(Type.String()),
  enabled: Type.Boolean(),
  /** ok, or failing: retried for 3 days without a 2xx (retries go on, slower is not needed: the cursor waits). */
  state: OneOf('状态', ['ok', 'failing'] as const),
  /** The last seq delivered (2xx). */
  cursor: Type.Integer(),
  /** The last seq numbered in the outbox: cursor < latest means events wait. */
  latest: Type.Integer(),
  attempts: Type.Integer(),
  nextAttemptAt: Text,
  failingSince: Text,
  lastError: Text,
  createdAt: Type.String(),
});
export type WebhookRow = Static<typeof WebhookRow>;

export const DeliveriesQuery = PageQuery(['id'] as const, { id: Id('推送地址') });
export type DeliveriesQuery = Static<typeof DeliveriesQuery>;

export const DeliveryRow = Type.Object({
  id: Type.Integer(),
  firstSeq: Type.Integer(),
  lastSeq: Type.Integer(),
  count: Type.Integer(),
  attempt: Type.Integer(),
  sentAt: Type.String(),
  /** HTTP status; null when no answer came (refused, timeout, bad address). */
  status: Type.Union([Type.Integer(), Type.Null()]),
  durationMs: Type.Integer(),
  ok: Type.Boolean(),
  /** What went wrong, or the first 1 KB of the answer. */
  error: Text,
  response: Text,
});
export type DeliveryRow = Static<typeof DeliveryRow>;

/** Replay: the cursor goes back to just before `fromSeq`, or before the first event recorded at or after `fromTime`. */
export const ReplayBody = Type.Object({
  id: Id('推送地址'),
  fromSeq: Type.Optional(Int('起始序号', { minimum: 1, maximum: Number.MAX_SAFE_INTEGER })),
  fromTime: Type.Optional(DateTimeStr('起始时间')),
}, { additionalProperties: false });
export type ReplayBody = Static<typeof ReplayBody>;

export const EnableBody = Type.Object({ id: Id('推送地址'), enabled: Bool('启用') }, { additionalProperties: false });
export type EnableBody = Static<typeof EnableBody>;

export const WebhookIdBody = Type.Object({ id: Id('推送地址') }, { additionalProperties: false });

/** Screen /Setting/Webhook. */
export const WEBHOOK = {
  list: endpoint({
    method: 'GET', path: '/api/integration/webhook/list', summary: '推送地址列表', permission: 'webhook:view', data: Type.Array(WebhookRow),
  }),
  save: endpoint({
    method: 'POST', path: '/api/integration/webhook/save', summary: '保存推送地址（新建时答一次签名密钥）', permission: 'webhook:save',
    body: SaveWebhookBody, data: SavedWebhook,
  }),
  enable: endpoint({
    method: 'POST', path: '/api/integration/webhook/enable', summary: '暂停或启用推送', permission: 'webhook:save',
    body: EnableBody, data: Type.Null(),
  }),
  delete: endpoint({
    method: 'POST', path: '/api/integration/webhook/delete', summary: '删除推送地址', permission: 'webhook:save',
    body: WebhookIdBody, data: Type.Null(),
  }),
  deliveries: endpoint({
    method: 'POST', path: '/api/integration/webhook/deliveries', summary: '推送记录（分页）', permission: 'webhook:view', readOnly: true,
    body: DeliveriesQuery, data: Page(DeliveryRow),
  }),
  replay: endpoint({
    method: 'POST', path: '/api/integration/webhook/replay', summary: '重新推送（从序号或时间起）', permission: 'webhook:replay',
    body: ReplayBody, data: Type.Object({ cursor: Type.Integer() }),
  }),
};
