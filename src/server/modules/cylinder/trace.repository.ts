import { sql, type Kysely, type Transaction } from 'kysely';
import type { TraceEvent } from '@shared/api/product';
import type { DB } from '../../db/schema';
import { toJsonb } from '../../lib/jsonb';

/** One status transition of a cylinder, written in the same transaction as the change itself. */
export interface TraceInput {
  cylinderId: number;
  fromStatus: number | null;
  toStatus: number;
  /** register, import, scrap, inspection, … (later issues add theirs). */
  action: string;
  operatorId: number | null;
  operator: string | null;
  detail?: Record<string, unknown> | null;
  workstation?: string | null;
}

/** The cylinder's next event number; its row must be locked (or new) in the caller's transaction. */
export const nextSeq = (cylinderId: number) =>
  sql<number>`(select coalesce(max(seq), 0) + 1 from cylinder_traces where cylinder_id = ${cylinderId})`;

/**
 * Appends events that change no status (registration, valve change, passed periodic inspection), many at
 * once for batch registration, one per cylinder per call. Status changes go through engine.ts.
 */
export async function appendTraces(trx: Kysely<DB>, events: TraceInput[]): Promise<void> {
  for (let i = 0; i < events.length; i += 2000) {
    await trx.insertInto('cylinder_traces').values(events.slice(i, i + 2000).map((e) => ({
      cylinder_id: e.cylinderId, from_status: e.fromStatus, to_status: e.toStatus, action: e.action,
      seq: nextSeq(e.cylinderId),
      operator_id: e.operatorId, operator: e.operator, workstation: e.workstation ?? null, detail: e.detail ? toJsonb(e.detail) : null,
    }))).execute();
  }
}

/** The timeline of a cylinder, oldest first. */
export function listTraces(db: Kysely<DB>, cylinderId: number): Promise<TraceEvent[]> {
  return db.selectFrom('cylinder_traces').select([
    'id', 'from_status as fromStatus', 'to_status as toStatus', 'action', 'operator',
    sql<string>`to_char(at, 'YYYY-MM-DD HH24:MI:SS')`.as('at'), 'detail',
  ]).where('cylinder_id', '=', cylinderId).orderBy('at').orderBy('id').execute();
}

/** How many transitions a cylinder has had besides its registration. */
export async function movementCount(db: Kysely<DB>, cylinderId: number): Promise<number> {
  const row = await db.selectFrom('cylinder_traces').select((eb) => eb.fn.countAll<number>().as('n'))
    .where('cylinder_id', '=', cylinderId).where('action', 'not in', ['register', 'import']).executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Removes a cylinder registered by mistake with its registration events (the only deletion the trace
 * allows); cylinder_removals keeps who removed what, with the events as they were.
 */
export async function removeRegistered(trx: Transaction<DB>, c: { id: number; code: string }, who: { operatorId: number | null; operator: string | null; workstation: string | null }): Promise<void> {
  const registration = await trx.selectFrom('cylinder_traces').select(['action', 'operator', 'at', 'detail']).where('cylinder_id', '=', c.id).execute();
  await trx.insertInto('cylinder_removals').values({
    cylinder_id: c.id, code: c.code, detail: toJsonb({ registration }), operator_id: who.operatorId, operator: who.operator, workstation: who.workstation,
  }).execute();
  await trx.deleteFrom('cylinder_traces').where('cylinder_id', '=', c.id).execute();
  await trx.deleteFrom('cylinders').where('id', '=', c.id).execute();
}

/**
 * Whether the scan `scanId` changed a cylinder (its trace event is there; index cylinder_traces_scan_idx): a
 * station kept a scan while the server was away and printed a plain label for it; the designed label is
 * printed once the replayed scan was recorded, not for a scan the server refused.
 */
export async function scanRecorded(db: Kysely<DB>, scanId: string): Promise<boolean> {
  const row = await db.selectFrom('cylinder_traces').select('id').where('scan_id', '=', scanId).limit(1).executeTakeFirst();
  return row !== undefined;
}
