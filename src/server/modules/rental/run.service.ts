import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../lib/errors';
import { customersWithCustody } from '../cylinder';
import * as runs from './run.repository';
import { issuedFor } from './statement.repository';
import { assertEnded, issueStatement, monthSpan } from './statement.service';

type Db = Kysely<DB>;
const BATCH = 200;
/** Runs going on in this process (a run left 'running' by a process that died is resumed by 续跑). */
const active = new Set<number>();
/** Databases whose app is closing: their runs stop after the customer in hand (still 'running': 续跑 goes on). */
const stopping = new WeakSet<object>();

/**
 * 月结: every customer with custody in the month gets its statement, each in its own transaction, in customer id
 * order; the run keeps the last customer done (its cursor), so 续跑 after a failure or a restart goes on from there.
 * Customers already issued for the month are skipped (counted).
 */
export async function startRun(db: Db, month: string, by: string): Promise<number> {
  assertEnded(month);
  if (await runs.openRun(db, month)) throw new BusinessError(`${month} 的月结正在进行（或已中断，请续跑）`);
  const span = monthSpan(month);
  const total = (await customersWithCustody(db, { ...span, limit: 1_000_000 })).length;
  const id = await runs.insertRun(db, month, total, by);
  launch(db, id, by);
  return id;
}

export async function resumeRun(db: Db, id: number, by: string): Promise<void> {
  const run = await runs.runState(db, id);
  if (!run) throw new BusinessError(`月结不存在：${id}`);
  if (run.status === 'done') throw new BusinessError('该月结已完成');
  if (active.has(id)) throw new BusinessError('该月结正在进行');
  await runs.setRunStatus(db, id, 'running');
  launch(db, id, by);
}

function launch(db: Db, id: number, by: string): void {
  active.add(id);
  void runToEnd(db, id, by).finally(() => active.delete(id));
}

/** Goes on from the run's cursor until every customer is done; a failure is recorded on the run (续跑 goes on). */
export async function runToEnd(db: Db, id: number, by: string): Promise<void> {
  try {
    for (;;) {
      const run = await runs.runState(db, id);
      if (!run || run.status !== 'running') return;
      const ids = await customersWithCustody(db, { ...monthSpan(run.month), afterId: run.cursor, limit: BATCH });
      if (ids.length === 0) {
        await runs.setRunStatus(db, id, 'done');
        return;
      }
      for (const customerId of ids) {
        if (stopping.has(db)) return;
        const skip = (await issuedFor(db, customerId, run.month)) !== null;
        if (!skip) await issueStatement(db, { customerId, month: run.month }, by);
        await runs.advanceRun(db, id, customerId, skip);
      }
    }
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await runs.setRunStatus(db, id, 'failed', message.slice(0, 500)).catch(() => undefined);
  }
}

/** A clean shutdown: the runs on `db` stop after their current customer, and this resolves when they have. */
export async function stopRuns(db: Db): Promise<void> {
  stopping.add(db);
  await settled();
}

/** Waits for the runs going on in this process (tests, a clean shutdown). */
export async function settled(): Promise<void> {
  while (active.size) await new Promise((r) => setTimeout(r, 20));
}
