import { sql, type Kysely } from 'kysely';
import type { RentalEvent } from '../../src/shared/api/integration';
import type { DB } from '../../src/server/db/schema';

/** A made-up issued statement's event ('rental.statement.issued', no cylinder), for readers' tests. */
export const rentalStatementEvent = (no: string, dueCents: number): Omit<RentalEvent, 'seq'> => ({
  schema: 'cylinder-trace.rental/1', type: 'rental.statement.issued', at: new Date().toISOString(),
  statement: {
    id: 1, no, customer: { id: 2, code: 'C002', name: '甲客户' }, month: '2026-10', cylinders: 3, rentalCents: dueCents, minimumTopUpCents: 0,
    depositTakenCents: 0, depositRefundedCents: 0, depositBalanceCents: 0, totalCents: dueCents, notesCents: 0, dueCents,
    issuedAt: new Date().toISOString(), issuedBy: '管理员',
  },
  note: null,
});

/**
 * Until the sequencer lands (modules/integration): appends numbered outbox events directly, the way the sequencer
 * leaves them — seq = last_seq + 1 …, outbox_state updated in the same transaction — and wakes the webhook engines as
 * the sequencer does (NOTIFY outbox_sequenced, '<last_seq>', sent at commit). Returns the seqs given.
 */
export async function appendEvents(
  db: Kysely<DB>, events: Array<{ cylinderId: number; action?: string; code?: string } | { rental: Omit<RentalEvent, 'seq'> }>,
): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    const state = await trx.selectFrom('outbox_state').select('last_seq').where('id', '=', 1).forUpdate().executeTakeFirstOrThrow();
    let seq = Number(state.last_seq);
    const seqs: number[] = [];
    for (const e of events) {
      seq += 1;
      if ('rental' in e) {
        await trx.insertInto('outbox_events').values({ seq, type: e.rental.type, cylinder_id: null, trace_id: null, body: JSON.stringify(e.rental), sequenced_at: new Date() }).execute();
        seqs.push(seq);
        continue;
      }
      const action = e.action ?? 'fill';
      const type = `trace.${action}`;
      const body = {
        schema: 'cylinder-trace.event/1', type, at: new Date().toISOString(), stationAt: null,
        cylinder: { id: e.cylinderId, code: e.code ?? `C${e.cylinderId}`, gas: null, lot: null },
        action, fromStatus: null, toStatus: null, operator: null, workstation: null, traceId: seq, revertsTraceId: null,
        replayed: false, record: null, order: null, changes: null,
      };
      await trx.insertInto('outbox_events').values({ seq, type, cylinder_id: e.cylinderId, trace_id: seq, body: JSON.stringify(body), sequenced_at: new Date() }).execute();
      seqs.push(seq);
    }
    await trx.updateTable('outbox_state').set({ last_seq: seq }).where('id', '=', 1).execute();
    await sql`select pg_notify('outbox_sequenced', ${String(seq)})`.execute(trx);
    return seqs;
  });
}
