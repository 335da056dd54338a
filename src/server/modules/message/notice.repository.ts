import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';

type Db = Kysely<DB>;

/**
 * Counts one notice of `senderId` in its current window (fixed windows of `windowSeconds`), in the database so
 * every server of the plant counts the same; false once the sender has gone past `limit` in this window.
 * Windows an hour old are forgotten on the way (as sign_in_attempts).
 */
export async function countNotice(db: Db, senderId: number, limit: number, windowSeconds: number): Promise<boolean> {
  await db.deleteFrom('notice_rates').where('window_start', '<', sql<Date>`now() - interval '1 hour'`).execute();
  const expired = sql<boolean>`notice_rates.window_start <= now() - make_interval(secs => ${windowSeconds})`;
  const row = await db.insertInto('notice_rates')
    .values({ sender_id: senderId, window_start: sql<Date>`now()`, notices: 1 })
    .onConflict((oc) => oc.column('sender_id').doUpdateSet({
      notices: sql<number>`case when ${expired} then 1 else notice_rates.notices + 1 end`,
      window_start: sql<Date>`case when ${expired} then now() else notice_rates.window_start end`,
    }))
    .returning('notices')
    .executeTakeFirstOrThrow();
  return row.notices <= limit;
}

/**
 * Records that `cause` was sent to each of `userIds` now, except those it was sent to before; the users newly
 * recorded. Inside the sending transaction: two senders of one cause at once record (and send to) each user once.
 */
export async function claimRecipients(trx: Transaction<DB>, cause: string, senderId: number | null, userIds: number[]): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await trx.insertInto('notice_sends')
    .values(userIds.map((id) => ({ cause, user_id: id, sender_id: senderId })))
    .onConflict((oc) => oc.columns(['cause', 'user_id']).doNothing())
    .returning('user_id')
    .execute();
  return rows.map((r) => r.user_id).sort((a, b) => a - b);
}

/** Of `userIds`, how many were sent `cause` before, and when it was first and last sent to them. */
export async function earlierSends(db: Db | Transaction<DB>, cause: string, userIds: number[]): Promise<{ n: number; first: string | null; last: string | null }> {
  if (userIds.length === 0) return { n: 0, first: null, last: null };
  const row = await db.selectFrom('notice_sends')
    .select([
      (eb) => eb.fn.countAll<string>().as('n'),
      sql<string | null>`to_char(min(sent_at), 'YYYY-MM-DD HH24:MI:SS')`.as('first'),
      sql<string | null>`to_char(max(sent_at), 'YYYY-MM-DD HH24:MI:SS')`.as('last'),
    ])
    .where('cause', '=', cause).where('user_id', 'in', userIds)
    .executeTakeFirstOrThrow();
  return { n: Number(row.n), first: row.first, last: row.last };
}
