import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/server/db-helper';
import { ownConnectionOf } from '../db/database';
import { ChangeBus } from './change-bus';

let t: TestDatabase;
const buses: ChangeBus[] = [];
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  for (const bus of buses) await bus.stop();
  await t?.destroy();
});

async function started(): Promise<{ bus: ChangeBus; heard: Array<string | null> }> {
  const bus = new ChangeBus(ownConnectionOf(t.db), () => {});
  buses.push(bus);
  const heard: Array<string | null> = [];
  bus.subscribe('labels.qr', (key) => heard.push(key));
  await bus.start();
  return { bus, heard };
}

async function until(what: string, ok: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !ok(); i++) await new Promise((r) => setTimeout(r, 25));
  if (!ok()) throw new Error(`timed out: ${what}`);
}

it('tells every listening process of a committed change, never of a rolled-back one', async () => {
  const a = await started();
  const b = await started();
  await t.db.transaction().execute(async (trx) => {
    await a.bus.publish(trx, 'labels.qr', 'Q-1');
    throw new Error('rolled back');
  }).catch(() => undefined);
  await t.db.transaction().execute((trx) => a.bus.publish(trx, 'labels.qr', 'Q-2'));
  await b.bus.publish(t.db, 'other.topic', 'x');
  await until('both heard Q-2', () => a.heard.includes('Q-2') && b.heard.includes('Q-2'));
  expect(a.heard).toEqual(['Q-2']);
  expect(b.heard).toEqual(['Q-2']);
});

it('after its connection was cut, listens again and tells every subscriber that anything may have changed', async () => {
  const a = await started();
  await sql`select pg_terminate_backend(pid) from pg_stat_activity
    where datname = current_database() and query ilike 'LISTEN%' and pid <> pg_backend_pid()`.execute(t.db);
  await until('the resync', () => a.heard.includes(null));
  await a.bus.publish(t.db, 'labels.qr', 'after');
  await until('a change after the cut', () => a.heard.includes('after'));
});
