import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addYears, today } from '../../src/server/lib/dates';
import { DB_CONNECTION_LOST } from '../../src/server/lib/db-errors';
import { buildTestApp, TEST_ADMIN_PASSWORD, type TestApp } from './app-helper';
import { createGas } from './master-data-helper';

/**
 * A PostgreSQL connection ended under the server (a DBA, a failover, an idle timeout, a restart): the
 * process must live, the requests it hit answer in the envelope, and the next requests get new connections.
 */

let t: TestApp;
let token: string;
let gas: number;
let dbName: string;
const WORKERS = 4;
/** What would have ended a real server process (vitest catches it and carries on, so the test collects it). */
const uncaught: unknown[] = [];
const onUncaught = (error: unknown) => uncaught.push(error);

beforeAll(async () => {
  process.on('uncaughtException', onUncaught);
  t = await buildTestApp();
  token = (await t.login()).token;
  gas = await createGas(t, token, { materialName: '氮气', code: 'N2' });
  for (const code of ['HOLD', ...Array.from({ length: WORKERS }, (_, i) => `LOAD${i}`)]) {
    const res = await t.call('POST', '/api/product/addProduct', {
      token, body: { code, materialId: gas, manufactureDate: addYears(today(), -2), nextInspectionDate: addYears(today(), 1), tareWeight: 15 },
    });
    expect(res.body.code, res.body.msg).toBe(0);
  }
  dbName = (await sql<{ name: string }>`select current_database() as name`.execute(t.db)).rows[0]!.name;
});
afterAll(async () => {
  process.off('uncaughtException', onUncaught);
  await t?.close();
});

async function connect(database?: string): Promise<pg.Client> {
  const url = new URL(inject('pgAdminUrl'));
  if (database) url.pathname = `/${database}`;
  const client = new pg.Client({ connectionString: url.toString() });
  // The locking client below is itself terminated: its error must not end the test process either.
  client.on('error', () => {});
  await client.connect();
  return client;
}

async function withClient<T>(database: string | undefined, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = await connect(database);
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/** pg_terminate_backend on every connection of the test database, from an admin connection elsewhere. */
const terminateAll = () => withClient(undefined, async (client) => {
  const { rows } = await client.query<{ n: number }>(
    'SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [dbName],
  );
  return rows[0]!.n;
});

/** Waits for the condition (up to 60 s: a busy CI machine answers slowly, the test waits for what it needs, not for a time). */
async function until(condition: () => Promise<boolean> | boolean, what: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (await condition()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

interface Answer { path: string; status: number; code: number; msg: string }

const scan = (path: string, code: string) =>
  t.call('POST', path, { token, body: { code, scanId: randomUUID() }, headers: { 'x-workstation': 'outage' } });

describe('a PostgreSQL connection terminated under load', () => {
  it('answers the hit requests in the envelope, keeps the process, and serves the next requests', { timeout: 240_000 }, async () => {
    const answers: Answer[] = [];
    let running = true;
    const record = (path: string, res: { status: number; body: { code: number; msg: string } }) =>
      answers.push({ path, status: res.status, code: res.body.code, msg: res.body.msg });
    // Each worker picks and returns its own cylinder and lists (reads, writes and transactions); one also signs
    // in now and then (a sign-in hashes a password: costly on a busy machine, so not on every turn).
    const worker = async (i: number) => {
      let picked = false;
      for (let turn = 0; running; turn += 1) {
        const path = picked ? '/api/produce/returnPicking' : '/api/produce/addPicking';
        const res = await scan(path, `LOAD${i}`);
        record(path, res);
        if (res.body.code === 0) picked = !picked;
        record('/api/product/listPage', await t.call('POST', '/api/product/listPage', { token, body: { page: 1, size: 10 } }));
        if (i === 0 && turn % 4 === 0) {
          record('/api/home/login', await t.call('POST', '/api/home/login', { body: { username: 'admin', password: TEST_ADMIN_PASSWORD } }));
        }
      }
    };
    const moreAnswers = async (n: number) => {
      const target = answers.length + n;
      await until(() => answers.length >= target, `${n} more answers`);
    };
    const workers = Array.from({ length: WORKERS }, (_, i) => worker(i));
    let afterLast = 0;
    try {
      await moreAnswers(16);
      // One request is certainly inside a transaction when the connections go: it waits on a row lock held
      // by another session (which is terminated too).
      const locker = await connect(dbName);
      await locker.query('BEGIN');
      await locker.query("SELECT id FROM cylinders WHERE code = 'HOLD' FOR UPDATE");
      const held = scan('/api/produce/addPicking', 'HOLD');
      await until(() => withClient(undefined, async (client) => {
        const { rows } = await client.query("SELECT 1 FROM pg_stat_activity WHERE datname = $1 AND wait_event_type = 'Lock'", [dbName]);
        return rows.length > 0;
      }), 'the scan to wait on the lock');
      expect(await terminateAll()).toBeGreaterThan(1);
      const heldAnswer = await held;
      expect(heldAnswer.status).toBe(200);
      expect(heldAnswer.body).toEqual({ code: -1, msg: DB_CONNECTION_LOST, data: null });
      await locker.end().catch(() => {});

      for (let round = 0; round < 3; round += 1) {
        await moreAnswers(8);
        await terminateAll();
      }
      afterLast = answers.length;
      await moreAnswers(16);
    } finally {
      running = false;
      await Promise.all(workers);
    }

    expect(uncaught).toEqual([]);
    const unexpected = answers.filter((a) => a.status !== 200
      || (a.code !== 0 && !(a.code === -1 && (a.msg === DB_CONNECTION_LOST || a.msg.includes('当前状态')))));
    expect(unexpected).toEqual([]);
    // The load went on: after the last termination, requests succeed again on new connections.
    expect(answers.slice(afterLast).filter((a) => a.code === 0).length).toBeGreaterThan(0);

    // The same app instance, after it all: sign-in, a list and a scan of the cylinder that was held.
    expect((await t.call('POST', '/api/home/login', { body: { username: 'admin', password: TEST_ADMIN_PASSWORD } })).body.code).toBe(0);
    const list = await t.call<{ total: number }>('POST', '/api/product/listPage', { token, body: { page: 1, size: 10 } });
    expect(list.body).toMatchObject({ code: 0, data: { total: WORKERS + 1 } });
    expect((await scan('/api/produce/addPicking', 'HOLD')).body).toMatchObject({ code: 0, data: { code: 'HOLD', toStatus: 3 } });
  });
});
