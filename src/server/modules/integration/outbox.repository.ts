import { sql, type Kysely, type Transaction } from 'kysely';
import type { FeedEvent, RentalEvent } from '@shared/api/integration';
import type { DB } from '../../db/schema';
import { inTransaction } from '../../db/transaction';

/** The channel the outbox triggers notify at commit (migration 0031). */
export const OUTBOX_CHANNEL = 'outbox';
/** The channel the sequencer notifies after numbering, with the last number as payload. */
export const SEQUENCED_CHANNEL = 'outbox_sequenced';

/**
 * Numbers up to `max` committed, unnumbered rows in id order, after the last number given, in one transaction
 * holding the lock of outbox_state (one numbering at a time across every process). The lock is taken in a
 * statement of its own: the rows are read by the next statement, with a snapshot taken after the lock was
 * granted, so a row another run has just numbered is never seen unnumbered. Answers how many rows it numbered
 * and the last number; null when the counter row is missing.
 */
export async function numberBatch(db: Kysely<DB>, max: number): Promise<{ numbered: number; lastSeq: number } | null> {
  return inTransaction(db, async (trx) => {
    const state = await sql<{ last_seq: string }>`select last_seq from outbox_state where id = 1 for update`.execute(trx);
    if (!state.rows[0]) return null;
    const last = Number(state.rows[0].last_seq);
    // todo is computed once (materialized) and the update reaches its rows by primary key: `e.seq + 0 is null` is
    // `e.seq is null` that the partial index cannot answer. With `e.seq is null` the planner, whose statistics saw
    // an outbox with nothing unnumbered (its normal state), joined the partial index's rows against todo run again for
    // each of them: 78 s for 2,000 rows behind a burst of 35,000 (bench/integration.bench.ts, 2026-11-28).
    const done = await sql<{ numbered: string }>`with todo as materialized (
        select id, row_number() over (order by id) as rn from outbox_events where seq is null order by id limit ${max}
      ), numbered as (
        update outbox_events e set seq = ${last}::bigint + todo.rn, sequenced_at = now() from todo
        where e.id = todo.id and e.seq + 0 is null returning e.seq
      )
      select count(*) as numbered from numbered`.execute(trx);
    const numbered = Number(done.rows[0]!.numbered);
    if (numbered === 0) return { numbered, lastSeq: last };
    const lastSeq = last + numbered;
    await sql`update outbox_state set last_seq = ${lastSeq} where id = 1`.execute(trx);
    // Sent when this transaction commits.
    await sql`select pg_notify(${SEQUENCED_CHANNEL}, ${String(lastSeq)})`.execute(trx);
    return { numbered, lastSeq };
  });
}

/**
 * Appends an event that concerns no cylinder (a rental statement or note issued, issue 38) in the caller's transaction:
 * it commits with what it tells of, or not at all, and is numbered like any other (cylinder_id null, migration 0044).
 * The cylinders' events are written by the triggers of migration 0031, never here.
 */
export async function appendEvent(trx: Transaction<DB>, body: Omit<RentalEvent, 'seq'>): Promise<void> {
  await trx.insertInto('outbox_events').values({ type: body.type, cylinder_id: null, trace_id: null, body: JSON.stringify(body) }).execute();
}

/** The numbered events after `after`, in seq order; `types` keeps those types only (absent or '*': all). */
export async function readEvents(db: Kysely<DB>, q: { after: number; limit: number; types?: readonly string[] }): Promise<FeedEvent[]> {
  let query = db.selectFrom('outbox_events').select(['seq', 'body']).where('seq', '>', q.after).orderBy('seq').limit(q.limit);
  if (q.types && !q.types.includes('*')) {
    if (q.types.length === 0) return [];
    query = query.where('type', 'in', q.types);
  }
  const rows = await query.execute();
  return rows.map((r) => {
    const { schema, ...rest } = r.body as Omit<FeedEvent, 'seq'>;
    return { schema, seq: Number(r.seq), ...rest } as FeedEvent;
  });
}

/** The last number the sequencer gave (0 before any). */
export async function lastSeq(db: Kysely<DB>): Promise<number> {
  const state = await db.selectFrom('outbox_state').select('last_seq').where('id', '=', 1).executeTakeFirst();
  return Number(state?.last_seq ?? 0);
}

/** The first number given to an event recorded at or after `time` (an ISO date-time); null when none yet. */
export async function firstSeqSince(db: Kysely<DB>, time: string): Promise<number | null> {
  const first = await db.selectFrom('outbox_events').select((eb) => eb.fn.min('seq').as('seq'))
    .where('seq', 'is not', null).where('created_at', '>=', sql<Date>`${time}::timestamp`).executeTakeFirst();
  return first?.seq === null || first?.seq === undefined ? null : Number(first.seq);
}
