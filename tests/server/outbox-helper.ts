import { sql, type Kysely } from 'kysely';
import type { DB } from '../../src/server/db/schema';

/**
 * Until the sequencer lands (modules/integration): appends numbered outbox events directly, the way the sequencer
 * leaves them — seq = last_seq + 1 …, outbox_state updated in the same transaction — and wakes the webhook engines as
 * the sequencer does (NOTIFY outbox_sequenced, '<last_seq>', sent at commit). Returns the seqs given.
 */
export async function appendEvents(db: Kysely<DB>, events: { cylinderId: number; action?: string; code?: string }[]): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    const state = await trx.selectFrom('outbox_state').select('last_seq').where('id', '=', 1).forUpdate().executeTakeFirstOrThrow();
    let seq = Number(state.last_seq);
    const seqs: number[] = [];
    for (const e of events) {
      seq += 1;
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
