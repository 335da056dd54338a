import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

type Db = Kysely<DB>;

export interface LockPolicy {
  /** Failures in a row that lock the pair. */
  maxFailures: number;
  /** Length of the first lock; each further lock doubles it… */
  firstLockMinutes: number;
  /** …up to this. */
  maxLockMinutes: number;
  /** A pair quiet this long is forgotten: its next lock is a first lock again. */
  forgetAfterHours: number;
}

/** The counter's key: the name as typed, so `Admin` and `admin ` share it. */
export const failureKey = (username: string) => username.trim().toLowerCase().slice(0, 64);

/** Whole minutes left (at least 1), computed by the database so the server's clock cannot skew it. */
const minutesLeft = sql<number>`greatest(1, ceil(extract(epoch from (locked_until - now())) / 60))::int`;

/** Minutes left of the pair's lock, or undefined when it is not locked. */
export async function lockMinutesLeft(db: Db, username: string, ip: string): Promise<number | undefined> {
  const row = await db.selectFrom('sign_in_failures').select(minutesLeft.as('minutes'))
    .where('username', '=', username).where('ip', '=', ip).where('locked_until', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row?.minutes;
}

/**
 * Counts one failure atomically (concurrent attempts each count). The failure that reaches `maxFailures`
 * locks the pair and starts the count over; a lock already running is never shortened. Answers the
 * failures counted so far and, when the pair is locked now, the minutes left.
 */
export async function recordFailure(db: Db, username: string, ip: string, policy: LockPolicy) {
  // Quiet pairs are forgotten (this one too, so it starts afresh); the table holds one day's failures.
  await db.deleteFrom('sign_in_failures')
    .where('last_failed_at', '<', sql<Date>`now() - make_interval(hours => ${policy.forgetAfterHours})`).execute();
  const row = await db
    .insertInto('sign_in_failures')
    .values({ username, ip, failures: 1 })
    .onConflict((oc) => oc.columns(['username', 'ip']).doUpdateSet((eb) => {
      const reaches = sql<boolean>`${eb.ref('sign_in_failures.failures')} + 1 >= ${policy.maxFailures}`;
      const lockMinutes = sql<number>`least(${policy.maxLockMinutes}, ${policy.firstLockMinutes} * power(2, ${eb.ref('sign_in_failures.locks')}))::int`;
      return {
        failures: sql<number>`case when ${reaches} then 0 else ${eb.ref('sign_in_failures.failures')} + 1 end`,
        locks: sql<number>`${eb.ref('sign_in_failures.locks')} + case when ${reaches} then 1 else 0 end`,
        locked_until: sql<Date | null>`case when ${reaches} then greatest(${eb.ref('sign_in_failures.locked_until')},
          now() + make_interval(mins => ${lockMinutes})) else ${eb.ref('sign_in_failures.locked_until')} end`,
        last_failed_at: sql<Date>`now()`,
      };
    }))
    .returning(['failures', sql<number | null>`case when locked_until > now() then ${minutesLeft} end`.as('lockedMinutes')])
    .executeTakeFirstOrThrow();
  return { failures: row.failures, lockedMinutes: row.lockedMinutes ?? undefined };
}

/** Forgets the failures of one name at one address (a success there), or at every address (a new password). */
export async function clearFailures(db: Db, username: string, ip?: string): Promise<void> {
  await db.deleteFrom('sign_in_failures').where('username', '=', username)
    .$if(ip !== undefined, (q) => q.where('ip', '=', ip!)).execute();
}
