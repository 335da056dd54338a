import { sql, type Kysely, type Transaction } from 'kysely';
import { thenCommitted } from './committed';
import type { DB } from './schema';

/** How long a request waits for a row another request holds before it gives up (55P03). */
export const LOCK_TIMEOUT = '5s';
/** How long one statement of a request may run (57014). */
export const STATEMENT_TIMEOUT = '30s';

/**
 * A request's transaction: everything `work` writes commits together or not at all. A lock held elsewhere
 * or a runaway statement ends it with a message a person can act on (see plugins/errors.ts) instead of
 * a request hanging until the client gives up.
 */
export function inTransaction<T>(db: Kysely<DB>, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  return thenCommitted(db.transaction().execute(async (trx) => {
    await sql`select set_config('lock_timeout', ${LOCK_TIMEOUT}, true), set_config('statement_timeout', ${STATEMENT_TIMEOUT}, true)`.execute(trx);
    return work(trx);
  }));
}
