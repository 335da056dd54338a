/**
 * What leaves the plant's software (issue 35, docs/INTEGRATION.md): the events of the outbox, as the pull feed
 * answers them and a webhook carries them. Two shapes, told apart by `schema` (and `type`): a cylinder's event
 * (IntegrationEvent, `cylinder-trace.event/1`) and a rental event (RentalEvent, `cylinder-trace.rental/1`, issue 38:
 * an issued statement or note, which concerns no cylinder). Versioned: `schema` names the shape and its version; a new
 * field may be added to a version, a field is never renamed, retyped or removed within one.
 */

import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { endpoint } from './endpoint';
import { Int } from './schema';

export const INTEGRATION_EVENT_SCHEMA = 'cylinder-trace.event/1';
export const RENTAL_EVENT_SCHEMA = 'cylinder-trace.rental/1';

/** The rental module's event types (issue 38 item 5), with their names on 接口推送. */
export const RENTAL_EVENT_TYPES = ['rental.statement.issued', 'rental.note.issued'] as const;
export type RentalEventType = (typeof RENTAL_EVENT_TYPES)[number];
export const RENTAL_EVENT_NAMES: Record<RentalEventType, { zh: string; en: string }> = {
  'rental.statement.issued': { zh: '对账单出具', en: 'Statement issued' },
  'rental.note.issued': { zh: '调整单开具', en: 'Credit/debit note issued' },
};

/** 'trace.<action>' for each trace event (the actions of src/shared/lifecycle.ts), or a master-record change. */
export type IntegrationEventType = `trace.${string}` | 'cylinder.updated';

export interface IntegrationEvent {
  schema: typeof INTEGRATION_EVENT_SCHEMA;
  /** 1, 2, 3, … in commit order, gap-free across the whole plant. */
  seq: number;
  type: IntegrationEventType;
  /** When the server recorded it (ISO 8601 with offset). */
  at: string;
  /** When the station scanned it, where that differs (a scan kept offline and sent later); else null. */
  stationAt: string | null;
  cylinder: {
    id: number;
    code: string;
    gas: { id: number; code: string | null; name: string } | null;
    /** The fill lot (批号) the event belongs to, where it has one. */
    lot: string | null;
  };
  /** The trace event's action (lifecycle.ts); for 'cylinder.updated', 'update'. */
  action: string;
  fromStatus: number | null;
  toStatus: number | null;
  operator: { id: number | null; name: string | null } | null;
  workstation: string | null;
  /** The trace event (null for a master-record change). */
  traceId: number | null;
  /** For a rollback: the trace event it takes back. */
  revertsTraceId: number | null;
  replayed: boolean;
  /** The record the event wrote (fill, inspection, re-weighing, …) with its measured values; else null. */
  record: { type: string; id: number; values: Record<string, unknown> } | null;
  /** The outbound or inbound order and its customer, where the event belongs to one. */
  order: { id: number; code: string; customer: { id: number; name: string } | null } | null;
  /** For 'cylinder.updated': the master fields that changed, with their new values. */
  changes: Record<string, unknown> | null;
}

/**
 * An issued statement (月结对账单) as the accounting package books it: its number, customer, month and totals in
 * integer cents. In a 'rental.note.issued' event, the statement the note corrects, with notesCents and dueCents
 * counting that note.
 */
export interface RentalStatementRef {
  id: number;
  /** DZyyyymm-nnnn */
  no: string;
  customer: { id: number; code: string | null; name: string };
  /** 'YYYY-MM' */
  month: string;
  /** Cylinders the statement lists. */
  cylinders: number;
  rentalCents: number;
  /** What the monthly minimum added. */
  minimumTopUpCents: number;
  depositTakenCents: number;
  depositRefundedCents: number;
  /** Deposits held at the month's end. */
  depositBalanceCents: number;
  /** rental + minimum top-up + deposits taken − deposits refunded. */
  totalCents: number;
  /** Debit notes − credit notes issued so far. */
  notesCents: number;
  /** totalCents + notesCents: what the customer owes. */
  dueCents: number;
  /** ISO 8601 with offset. */
  issuedAt: string;
  issuedBy: string | null;
}

/** A credit note lowers what is due, a debit note raises it; it always refers to one issued statement. */
export interface RentalNoteRef {
  id: number;
  /** TZyyyymm-nnnn */
  no: string;
  kind: 'credit' | 'debit';
  amountCents: number;
  reason: string;
  /** ISO 8601 with offset. */
  createdAt: string;
  createdBy: string | null;
}

/** The rental module's event (issue 38 item 5): appended in the transaction that issued the statement or the note. */
export interface RentalEvent {
  schema: typeof RENTAL_EVENT_SCHEMA;
  seq: number;
  type: RentalEventType;
  /** When it was issued (ISO 8601 with offset): the statement's issuedAt, or the note's createdAt. */
  at: string;
  statement: RentalStatementRef;
  /** The note ('rental.note.issued'); null for 'rental.statement.issued'. */
  note: RentalNoteRef | null;
}

/** What the pull feed and webhooks carry: either shape, told apart by `schema`. */
export type FeedEvent = IntegrationEvent | RentalEvent;

export const isCylinderEvent = (e: FeedEvent): e is IntegrationEvent => e.schema === INTEGRATION_EVENT_SCHEMA;

/** GET /api/integration/events?after={seq}&limit={n}: the next events after `after`, and the cursor to ask from. */
export interface IntegrationEventsPage {
  list: FeedEvent[];
  /** The seq to pass as `after` next (the last one answered, or `after` itself when none). */
  next: number;
}

/* ---------------------------------------------------------------- schemas and endpoint */

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
const Txt = Nullable(Type.String());
const Whole = Nullable(Type.Integer());

/**
 * The event as the OpenAPI document names it (components.schemas.IntegrationEvent). The same shape as the
 * interface above, which stays the documented reference.
 */
export const IntegrationEventSchema = Type.Object({
  schema: Type.Literal(INTEGRATION_EVENT_SCHEMA),
  seq: Type.Integer({ minimum: 1 }),
  type: Type.String({ description: "'trace.<action>' or 'cylinder.updated'" }),
  at: Type.String({ description: 'ISO 8601 with offset' }),
  stationAt: Txt,
  cylinder: Type.Object({
    id: Type.Integer(),
    code: Type.String(),
    gas: Nullable(Type.Object({ id: Type.Integer(), code: Txt, name: Type.String() })),
    lot: Txt,
  }),
  action: Type.String(),
  fromStatus: Whole,
  toStatus: Whole,
  operator: Nullable(Type.Object({ id: Whole, name: Txt })),
  workstation: Txt,
  traceId: Whole,
  revertsTraceId: Whole,
  replayed: Type.Boolean(),
  record: Nullable(Type.Object({ type: Type.String(), id: Type.Integer(), values: Type.Record(Type.String(), Type.Unknown()) })),
  order: Nullable(Type.Object({
    id: Type.Integer(), code: Type.String(), customer: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
  })),
  changes: Nullable(Type.Record(Type.String(), Type.Unknown())),
}, { $id: 'IntegrationEvent', title: 'IntegrationEvent' });

const Cents = Type.Integer();
const RentalStatementRefSchema = Type.Object({
  id: Type.Integer(),
  no: Type.String(),
  customer: Type.Object({ id: Type.Integer(), code: Txt, name: Type.String() }),
  month: Type.String(),
  cylinders: Type.Integer(),
  rentalCents: Cents,
  minimumTopUpCents: Cents,
  depositTakenCents: Cents,
  depositRefundedCents: Cents,
  depositBalanceCents: Cents,
  totalCents: Cents,
  notesCents: Cents,
  dueCents: Cents,
  issuedAt: Type.String({ description: 'ISO 8601 with offset' }),
  issuedBy: Txt,
});

/** The rental event as the OpenAPI document names it (components.schemas.RentalEvent); the interface above is the reference. */
export const RentalEventSchema = Type.Object({
  schema: Type.Literal(RENTAL_EVENT_SCHEMA),
  seq: Type.Integer({ minimum: 1 }),
  type: Type.Union(RENTAL_EVENT_TYPES.map((t) => Type.Literal(t))),
  at: Type.String({ description: 'ISO 8601 with offset' }),
  statement: RentalStatementRefSchema,
  note: Nullable(Type.Object({
    id: Type.Integer(), no: Type.String(), kind: Type.Union([Type.Literal('credit'), Type.Literal('debit')]), amountCents: Cents,
    reason: Type.String(), createdAt: Type.String({ description: 'ISO 8601 with offset' }), createdBy: Txt,
  })),
}, { $id: 'RentalEvent', title: 'RentalEvent' });

export const IntegrationEventsPageSchema = Type.Object({
  /** Either shape, told apart by `schema`. */
  list: Type.Array(Type.Union([IntegrationEventSchema, RentalEventSchema])),
  next: Type.Integer({ minimum: 0 }),
});

/** Largest `limit` of the pull feed. */
export const MAX_EVENTS_LIMIT = 1000;

export const IntegrationEventsQuery = Type.Object({
  after: Type.Optional(Int('起始序号', { minimum: 0, maximum: Number.MAX_SAFE_INTEGER, default: 0 })),
  limit: Type.Optional(Int('条数', { minimum: 1, maximum: MAX_EVENTS_LIMIT, default: 100 })),
});
export type IntegrationEventsQuery = Static<typeof IntegrationEventsQuery>;

export const INTEGRATION = {
  events: endpoint({
    method: 'GET', path: '/api/integration/events', summary: '接口事件（拉取）：序号 after 之后的事件，按序号排列', permission: 'integration:read',
    query: IntegrationEventsQuery, data: IntegrationEventsPageSchema,
  }),
};
