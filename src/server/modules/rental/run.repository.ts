import { sql, type Kysely } from 'kysely';
import type { RentalRun } from '@shared/api/rental';
import type { DB } from '../../db/schema';

type Db = Kysely<DB>;

export async function openRun(db: Db, month: string): Promise<number | null> {
  return (await db.selectFrom('rental_runs').select('id').where('month', '=', month).where('status', '=', 'running').executeTakeFirst())?.id ?? null;
}

export async function insertRun(db: Db, month: string, total: number, by: string): Promise<number> {
  return (await db.insertInto('rental_runs').values({ month, total, started_by: by }).returning('id').executeTakeFirstOrThrow()).id;
}

export async function runState(db: Db, id: number) {
  return db.selectFrom('rental_runs').select(['month', 'cursor_customer_id as cursor', 'status']).where('id', '=', id).executeTakeFirst();
}

export async function setRunStatus(db: Db, id: number, status: 'running' | 'done' | 'failed', error: string | null = null): Promise<void> {
  await db.updateTable('rental_runs').set({ status, error, ...(status === 'running' ? { finished_at: null } : { finished_at: sql`now()` }) }).where('id', '=', id).execute();
}

/** One customer done (or skipped: issued before the run): the cursor moves past it. */
export async function advanceRun(db: Db, id: number, customerId: number, skipped: boolean): Promise<void> {
  await db.updateTable('rental_runs').set((eb) => ({
    cursor_customer_id: customerId, ...(skipped ? { skipped: eb('skipped', '+', 1) } : { done: eb('done', '+', 1) }),
  })).where('id', '=', id).execute();
}

export async function runList(db: Db): Promise<RentalRun[]> {
  const rows = await db.selectFrom('rental_runs').select([
    'id', 'month', 'status', 'total', 'done', 'skipped', 'error', sql<string>`to_char(started_at, 'YYYY-MM-DD HH24:MI:SS')`.as('startedAt'),
    'started_by as startedBy', sql<string | null>`to_char(finished_at, 'YYYY-MM-DD HH24:MI:SS')`.as('finishedAt'),
  ]).orderBy('id', 'desc').limit(20).execute();
  return rows as RentalRun[];
}
