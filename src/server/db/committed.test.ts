import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/server/db-helper';
import { onCommitted } from './committed';
import { inTransaction } from './transaction';

/**
 * The outbox's triggers send no NOTIFY (migration 0036): the sequencer of the process that committed hears of it from
 * db/committed.ts. A committed transaction raises it once, after the commit; a rolled-back one never.
 */
describe('committed(): the in-process signal after a commit', () => {
  it('is raised once after inTransaction commits, and not when it rolls back', async () => {
    const { db, destroy } = await createTestDatabase();
    let heard = 0;
    const off = onCommitted(() => heard++);
    try {
      const seen = await inTransaction(db, async (trx) => {
        await sql`select 1`.execute(trx);
        return heard;
      });
      expect([seen, heard]).toEqual([0, 1]);
      await expect(inTransaction(db, async () => { throw new Error('no'); })).rejects.toThrow('no');
      expect(heard).toBe(1);
      off();
      await inTransaction(db, async () => undefined);
      expect(heard).toBe(1);
    } finally {
      off();
      await destroy();
    }
  });

  it('leaves the outbox triggers without a notification (they once notified at every commit)', async () => {
    const { db, destroy } = await createTestDatabase();
    try {
      const { rows } = await sql<{ def: string }>`select pg_get_functiondef(p.oid) as def from pg_proc p
        where p.proname in ('outbox_trace_event', 'outbox_cylinder_updated')`.execute(db);
      expect(rows).toHaveLength(2);
      for (const r of rows) expect(r.def).not.toContain('pg_notify');
    } finally {
      await destroy();
    }
  });
});
