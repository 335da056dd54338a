import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { postgresMessage } from '../../src/server/lib/db-errors';
import { buildTestApp, type TestApp } from './app-helper';
import { createEnterprise, createGas } from './master-data-helper';

let t: TestApp;
let token: string;
let gas: number;
let databaseUrl: string;
const clients: pg.Client[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  token = (await t.login()).token;
  gas = await createGas(t, token);
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(t.db);
  const url = new URL(inject('pgAdminUrl'));
  url.pathname = `/${rows[0]!.name}`;
  databaseUrl = url.toString();
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.end().catch(() => {})));
  await t?.close();
});

/** A connection of its own, as another program (or another server) would hold. */
async function connect(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  clients.push(client);
  return client;
}

/** The error a statement fails with (the test fails when it succeeds). */
async function failure(work: Promise<unknown>): Promise<pg.DatabaseError> {
  const outcome = await work.then(() => undefined, (error: unknown) => error);
  expect(outcome).toBeInstanceOf(pg.DatabaseError);
  return outcome as pg.DatabaseError;
}

/** Resolves once some session of the test database waits for a lock. */
async function someoneWaitsForALock(): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`.execute(t.db);
    if (rows[0]!.n > 0) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('nobody waits for a lock');
}

async function cylinder(code: string, extra: Record<string, unknown> = {}): Promise<number> {
  const res = await t.call('POST', '/api/product/addProduct', { token, body: { code, materialId: gas, ...extra } });
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 0 });
  return (await t.db.selectFrom('cylinders').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
}

describe('postgresMessage, on errors the database really raises', () => {
  it('names what a person can act on', async () => {
    const c = await connect();
    await c.query("insert into roles (role_name, role_code) values ('一', 'dup_code')");
    const cases: Array<[string, string, string]> = [
      ["insert into roles (role_name, role_code) values ('二', 'dup_code')", '23505', '数据重复：dup_code 已存在'],
      ['insert into user_roles (user_id, role_id) values (999999, 999999)', '23503', '该数据已被其他记录引用，或引用的数据不存在，操作未执行'],
      ["insert into roles (role_name) values ('无编码')", '23502', '参数错误：缺少必填内容'],
      ["update users set status = 7 where username = 'admin'", '23514', '参数错误：取值不符合要求'],
      ["select 'abc'::integer", '22P02', '参数错误：数据格式或取值范围无效'],
      ['select 2147483648::integer', '22003', '参数错误：数据格式或取值范围无效'],
    ];
    for (const [statement, code, message] of cases) {
      const error = await failure(c.query(statement));
      expect(error.code, statement).toBe(code);
      expect(postgresMessage(error), statement).toBe(message);
    }
  });

  it('maps a statement timeout, a lock held elsewhere and a deadlock', async () => {
    const [a, b] = [await connect(), await connect()];
    await a.query('begin');
    await a.query("set local statement_timeout = '50ms'");
    const timeout = await failure(a.query('select pg_sleep(2)'));
    await a.query('rollback');
    expect([timeout.code, postgresMessage(timeout)]).toEqual(['57014', '操作超时，请缩小查询范围后重试']);

    await a.query('begin');
    await a.query("select id from users where username = 'admin' for update");
    await b.query('begin');
    const busy = await failure(b.query("select id from users where username = 'admin' for update nowait"));
    await Promise.all([a.query('rollback'), b.query('rollback')]);
    expect([busy.code, postgresMessage(busy)]).toEqual(['55P03', '数据正被其他操作占用，请稍后重试']);

    // Each holds what the other asks for next.
    await a.query('begin');
    await b.query('begin');
    await a.query('select pg_advisory_xact_lock(1)');
    await b.query('select pg_advisory_xact_lock(2)');
    const first = a.query('select pg_advisory_xact_lock(2)').then(() => undefined, (e: unknown) => e);
    await someoneWaitsForALock();
    const second = b.query('select pg_advisory_xact_lock(1)').then(() => undefined, (e: unknown) => e);
    const victims = (await Promise.all([first, second])).filter(Boolean) as pg.DatabaseError[];
    await Promise.all([a.query('rollback'), b.query('rollback')]);
    expect(victims).toHaveLength(1);
    expect([victims[0]!.code, postgresMessage(victims[0])]).toEqual(['40P01', '系统繁忙（与其他操作冲突），请重试']);
  });

  it('leaves faults alone (they answer 500 with a request id)', async () => {
    const c = await connect();
    expect(postgresMessage(await failure(c.query('select * from no_such_table')))).toBeUndefined();
    expect(postgresMessage(new Error('not from the database'))).toBeUndefined();
  });
});

describe('a request that meets the database refusing answers -1, never 500', () => {
  it('a cylinder another connection holds: refused after the lock timeout (5 s)', async () => {
    const id = await cylinder('LOCKED1');
    const other = await connect();
    await other.query('begin');
    await other.query('select id from cylinders where id = $1 for update', [id]);
    const started = Date.now();
    const res = await t.call('POST', '/api/product/scrap', { token, body: { id, reason: '腐蚀' } });
    const waited = Date.now() - started;
    await other.query('rollback');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: -1, msg: '数据正被其他操作占用，请稍后重试', data: null });
    expect(waited).toBeGreaterThanOrEqual(4500);
    expect(waited).toBeLessThan(15_000);
    expect((await t.db.selectFrom('cylinders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe(2);
  });

  it('a scrap caught in a deadlock is refused with "retry", and changes nothing', async () => {
    const id = await cylinder('DEADLOCK1');
    const other = await connect();
    await other.query('begin');
    // The other side holds the scrap counter the scrap's trigger will update, then wants the cylinder.
    await other.query('select status from cylinder_status_counts where status = 0 for update');
    const scrap = t.call('POST', '/api/product/scrap', { token, body: { id, reason: '腐蚀' } });
    await someoneWaitsForALock();
    // Started well after the scrap's wait, so the scrap's deadlock check (after 1 s) finds the cycle first.
    await new Promise((r) => setTimeout(r, 300));
    await other.query('select id from cylinders where id = $1 for update', [id]);
    await other.query('rollback');
    const res = await scrap;
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: -1, msg: '系统繁忙（与其他操作冲突），请重试', data: null });
    expect((await t.db.selectFrom('cylinders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe(2);
  });

  it('a customer deleted while a cylinder is registered to it: the foreign key refuses the cylinder', async () => {
    const owner = await createEnterprise(t, token, { type: '2', enterpriseName: '将被删除的客户', enterpriseCode: 'GONE1' });
    const other = await connect();
    await other.query('begin');
    await other.query('delete from enterprises where id = $1', [owner]);
    // Registration still sees the customer (the delete is not committed), then waits on its row.
    const add = t.call('POST', '/api/product/addProduct', { token, body: { code: 'ORPHAN1', materialId: gas, ownerType: 2, ownerEnterpriseId: owner } });
    await someoneWaitsForALock();
    await other.query('commit');
    const res = await add;
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: -1, msg: '该数据已被其他记录引用，或引用的数据不存在，操作未执行', data: null });
    expect(await t.db.selectFrom('cylinders').select('id').where('code', '=', 'ORPHAN1').executeTakeFirst()).toBeUndefined();
  });
});
