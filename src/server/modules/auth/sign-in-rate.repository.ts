import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * Counts one sign-in attempt from `ip` in its current window (fixed windows of `windowSeconds` per address),
 * in the database, so every server process of the plant counts the same attempts; false once the address has
 * gone past `limit` in this window. Windows an hour old are forgotten on the way.
 */
export async function countSignInAttempt(db: Kysely<DB>, ip: string, limit: number, windowSeconds: number): Promise<boolean> {
  await db.deleteFrom('sign_in_attempts').where('window_start', '<', sql<Date>`now() - interval '1 hour'`).execute();
  const expired = sql<boolean>`sign_in_attempts.window_start <= now() - make_interval(secs => ${windowSeconds})`;
  const row = await db.insertInto('sign_in_attempts')
    .values({ ip: ip.slice(0, 64), window_start: sql<Date>`now()`, attempts: 1 })
    .onConflict((oc) => oc.column('ip').doUpdateSet({
      attempts: sql<number>`case when ${expired} then 1 else sign_in_attempts.attempts + 1 end`,
      window_start: sql<Date>`case when ${expired} then now() else sign_in_attempts.window_start end`,
    }))
    .returning('attempts')
    .executeTakeFirstOrThrow();
  return row.attempts <= limit;
}
