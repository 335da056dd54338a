import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiResult } from '../../src/shared/api/envelope';
import type { TokenData } from '../../src/shared/api/auth';
import type { PageResult } from '../../src/shared/api/schema';
import type { DeliveryRow, SavedWebhook, WebhookRow } from '../../src/shared/api/webhook';
import { buildApp } from '../../src/server/app';
import { createDb } from '../../src/server/db/database';
import { testConfig, TEST_ADMIN_PASSWORD } from './app-helper';
import { createTestDatabase, type TestDatabase } from './db-helper';
import { appendEvents } from './outbox-helper';

/**
 * 接口推送 against a real receiver on 127.0.0.1 that checks every signature with the standardwebhooks library, with
 * two apps (two delivery engines) on one database throughout. Timings shortened: backoff 40 ms, cut at 800 ms.
 */

interface Received { id: string; seqs: number[]; cylinders: number[] }

/** A receiver: `answer` decides each request's status (and may hang); what verified is kept in order. */
function receiver(secret: () => string, answer: (n: number) => number | 'hang' | 'huge' | 'redirect' = () => 200) {
  const got: Received[] = [];
  let bad = 0;
  let n = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const payload = Buffer.concat(chunks).toString('utf8');
      let body: { seq?: number; cylinder?: { id: number }; events?: { seq: number; cylinder: { id: number } }[] };
      try {
        body = new Webhook(secret()).verify(payload, req.headers as Record<string, string>) as typeof body;
      } catch {
        bad += 1;
        res.writeHead(400).end('bad signature');
        return;
      }
      const a = answer(n++);
      if (a === 'hang') return;
      const events = body.events ?? [body as { seq: number; cylinder: { id: number } }];
      if (a === 'huge') {
        got.push({ id: String(req.headers['webhook-id']), seqs: events.map((e) => e.seq), cylinders: events.map((e) => e.cylinder.id) });
        res.writeHead(200, { 'content-type': 'text/plain' }).end('x'.repeat(1_000_000));
        return;
      }
      if (a === 'redirect') {
        res.writeHead(302, { location: 'http://127.0.0.1:1/elsewhere' }).end();
        return;
      }
      if (a >= 200 && a < 300) got.push({ id: String(req.headers['webhook-id']), seqs: events.map((e) => e.seq), cylinders: events.map((e) => e.cylinder.id) });
      res.writeHead(a).end(a >= 300 ? 'receiver says no' : 'ok');
    });
  });
  return {
    got, server,
    get requests() { return n; },
    get bad() { return bad; },
    seqs: () => got.flatMap((g) => g.seqs),
    async listen(port = 0) {
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
      return (server.address() as AddressInfo).port;
    },
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

async function until<T>(what: string, check: () => Promise<T | undefined | false> | T | undefined | false, timeoutMs = 8000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

let database: TestDatabase;
let second: ReturnType<typeof createDb>;
let a: FastifyInstance;
let b: FastifyInstance;
let token: string;
const logLines: string[] = [];

async function call<T>(path: string, body?: unknown, method = 'POST'): Promise<ApiResult<T>> {
  const res = await a.inject({ method: method as 'POST', url: path, headers: { authorization: `Bearer ${token}` }, ...(body !== undefined ? { payload: body as object } : {}) });
  return res.json<ApiResult<T>>();
}

const save = (body: object) => call<SavedWebhook>('/api/integration/webhook/save', body);
const log = async (id: number) => (await call<PageResult<DeliveryRow>>('/api/integration/webhook/deliveries', { id, size: 500 })).data.list;

beforeAll(async () => {
  database = await createTestDatabase();
  second = createDb(database.url);
  const stream = { write: (line: string) => void logLines.push(line) };
  const config = testConfig({ webhooks: { backoffMs: 40, maxBackoffMs: 200, timeoutMs: 800, pollMs: 200 } });
  a = await buildApp({ config, db: database.db, loginAttemptsPerMinute: 1000, logger: { level: 'trace', stream } });
  b = await buildApp({ config, db: second, loginAttemptsPerMinute: 1000, logger: { level: 'trace', stream } });
  await a.ready();
  await b.ready();
  const login = await a.inject({ method: 'POST', url: '/api/home/login', payload: { username: 'admin', password: TEST_ADMIN_PASSWORD } });
  token = login.json<ApiResult<TokenData>>().data.token;
});

afterAll(async () => {
  await a?.close();
  await b?.close();
  await second?.destroy();
  await database?.destroy();
});

describe('webhooks', () => {
  it('sends each event once, signed, in seq order (batched when behind), to the types chosen; two engines on one database', async () => {
    let secret = '';
    const r = receiver(() => secret);
    const port = await r.listen();
    const saved = await save({ url: `http://127.0.0.1:${port}/hook`, events: ['*'], enabled: true });
    expect(saved.code).toBe(0);
    expect(saved.data.secret).toMatch(/^whsec_/);
    secret = saved.data.secret!;
    const fills = await save({ url: `http://127.0.0.1:${port}/fills`, events: ['trace.fill'], enabled: true, secret: `whsec_${Buffer.alloc(32, 7).toString('base64')}` });
    expect(fills.data.secret).toBe(`whsec_${Buffer.alloc(32, 7).toString('base64')}`);
    await call('/api/integration/webhook/delete', { id: fills.data.id });

    const seqs: number[] = [];
    for (let i = 0; i < 6; i++) seqs.push(...await appendEvents(a.db, Array.from({ length: 25 }, (_, k) => ({ cylinderId: 1 + (k % 5) }))));
    await until('every event', () => r.seqs().length >= seqs.length);
    expect(r.seqs()).toEqual(seqs);
    expect(r.bad).toBe(0);
    expect(r.got.some((g) => g.seqs.length > 1 && g.id === `batch_${g.seqs[0]}_${g.seqs[g.seqs.length - 1]}`)
      || r.got.every((g) => g.id === `evt_${g.seqs[0]}`)).toBe(true);
    const list = await until('the cursor at the last event', async () => {
      const l = (await call<WebhookRow[]>('/api/integration/webhook/list', undefined, 'GET')).data;
      return l.find((w) => w.id === saved.data.id)!.cursor === seqs[seqs.length - 1] && l;
    });
    const row = list.find((w) => w.id === saved.data.id)!;
    expect(row).toMatchObject({ cursor: seqs[seqs.length - 1], latest: seqs[seqs.length - 1], state: 'ok' });
    expect(JSON.stringify(list)).not.toContain(secret);
    const deliveries = await log(saved.data.id);
    expect(deliveries.every((d) => d.ok && d.status === 200)).toBe(true);
    expect(deliveries.reduce((s, d) => s + d.count, 0)).toBe(seqs.length);

    // A type filter: a fill-only endpoint gets only fills.
    const only = receiver(() => secret);
    const p2 = await only.listen();
    const f = await save({ url: `http://127.0.0.1:${p2}/f`, events: ['trace.fill'], enabled: true, secret });
    const mixed = await appendEvents(a.db, [{ cylinderId: 9, action: 'inspect' }, { cylinderId: 9, action: 'fill' }, { cylinderId: 9, action: 'inspect' }]);
    await until('the fill', () => only.seqs().length >= 1 && r.seqs().length >= seqs.length + 3);
    expect(only.seqs()).toEqual([mixed[1]]);
    await until('the fill endpoint past the inspections', async () =>
      (await call<WebhookRow[]>('/api/integration/webhook/list', undefined, 'GET')).data.find((w) => w.id === f.data.id)!.cursor === mixed[2]);
    await call('/api/integration/webhook/delete', { id: f.data.id });
    await call('/api/integration/webhook/delete', { id: saved.data.id });
    await r.close();
    await only.close();
  });

  it('a receiver down for a while gets everything in order when it is back', async () => {
    let secret = '';
    const r = receiver(() => secret);
    const port = await r.listen();
    await r.close();
    const saved = await save({ url: `http://127.0.0.1:${port}/down`, events: ['*'], enabled: true });
    secret = saved.data.secret!;
    const seqs = await appendEvents(a.db, Array.from({ length: 30 }, (_, k) => ({ cylinderId: 100 + (k % 3) })));
    await until('failed attempts', async () => (await log(saved.data.id)).filter((d) => !d.ok).length >= 3);
    const failed = (await log(saved.data.id))[0]!;
    expect(failed).toMatchObject({ ok: false, status: null });
    expect(failed.error).toBeTruthy();
    await r.listen(port);
    await until('everything', () => r.seqs().length >= seqs.length);
    expect(r.seqs()).toEqual(seqs);
    await call('/api/integration/webhook/delete', { id: saved.data.id });
    await r.close();
  });

  it('500 five times then 200: the event arrives once more, never after the 200; the log shows each try', async () => {
    let secret = '';
    const r = receiver(() => secret, (n) => (n < 5 ? 500 : 200));
    const port = await r.listen();
    const saved = await save({ url: `http://127.0.0.1:${port}/flaky`, events: ['*'], enabled: true });
    secret = saved.data.secret!;
    const [seq] = await appendEvents(a.db, [{ cylinderId: 200 }]);
    await until('the 200', () => r.seqs().length === 1);
    const [next] = await appendEvents(a.db, [{ cylinderId: 200 }]);
    await until('the next event', () => r.seqs().length === 2);
    expect(r.seqs()).toEqual([seq, next]);
    expect(r.requests).toBe(7);
    const rows = (await until('both logged', async () => { const l = await log(saved.data.id); return l.length >= 7 && l; })).reverse();
    expect(rows.map((d) => d.status)).toEqual([500, 500, 500, 500, 500, 200, 200]);
    expect(rows.slice(0, 5).map((d) => d.attempt)).toEqual([1, 2, 3, 4, 5]);
    expect(rows[0]).toMatchObject({ error: 'HTTP 500', response: 'receiver says no', firstSeq: seq, lastSeq: seq });
    await call('/api/integration/webhook/delete', { id: saved.data.id });
    await r.close();
  });

  it('pause holds the events, resume sends them, replay from a seq or a time sends them again', async () => {
    let secret = '';
    const r = receiver(() => secret);
    const port = await r.listen();
    const saved = await save({ url: `http://127.0.0.1:${port}/p`, events: ['*'], enabled: false });
    secret = saved.data.secret!;
    const seqs = await appendEvents(a.db, [{ cylinderId: 300 }, { cylinderId: 301 }, { cylinderId: 300 }]);
    await until('a pass over the paused endpoint', async () => (await call<WebhookRow[]>('/api/integration/webhook/list', undefined, 'GET')).data.length > 0);
    expect(r.seqs()).toEqual([]);
    expect((await call('/api/integration/webhook/enable', { id: saved.data.id, enabled: true })).code).toBe(0);
    await until('the held events', () => r.seqs().length === 3);
    expect((await call<{ cursor: number }>('/api/integration/webhook/replay', { id: saved.data.id, fromSeq: seqs[1] })).data.cursor).toBe(seqs[0]);
    await until('the replay', () => r.seqs().length === 5);
    expect(r.seqs()).toEqual([...seqs, seqs[1], seqs[2]]);
    const replayAll = await call<{ cursor: number }>('/api/integration/webhook/replay', { id: saved.data.id, fromTime: '2000-01-01 00:00:00' });
    expect(replayAll.data.cursor).toBe(0);
    await until('the replay from a time', () => r.seqs().length > 5 && r.seqs()[r.seqs().length - 1] === seqs[2]);
    expect(r.seqs().slice(5)[0]).toBe(1);
    const bad = await call('/api/integration/webhook/replay', { id: saved.data.id });
    expect(bad.code).toBe(-1);
    await call('/api/integration/webhook/delete', { id: saved.data.id });
    await r.close();
  });

  it('a slow receiver is cut, a huge answer is read to 1 KB, a redirect is not followed', async () => {
    let secret = '';
    let mode: 'hang' | 'huge' | 'redirect' = 'hang';
    const r = receiver(() => secret, () => mode);
    const port = await r.listen();
    const saved = await save({ url: `http://127.0.0.1:${port}/slow`, events: ['*'], enabled: true });
    secret = saved.data.secret!;
    const [seq] = await appendEvents(a.db, [{ cylinderId: 400 }]);
    const cut = await until('the cut', async () => (await log(saved.data.id)).find((d) => !d.ok));
    expect(cut).toMatchObject({ status: null, firstSeq: seq });
    expect(cut.error).toContain('中断');
    expect(cut.durationMs).toBeGreaterThanOrEqual(700);
    mode = 'redirect';
    const redirected = await until('the redirect', async () => (await log(saved.data.id)).find((d) => d.status === 302));
    expect(redirected).toMatchObject({ ok: false });
    expect(redirected.error).toContain('302');
    mode = 'huge';
    const huge = await until('the huge answer', async () => (await log(saved.data.id)).find((d) => d.ok));
    expect(huge.response!.length).toBeLessThanOrEqual(1024);
    expect(huge.response).toMatch(/^x+$/);
    await call('/api/integration/webhook/delete', { id: saved.data.id });
    await r.close();
  });

  it('refuses what is not http(s), link-local / metadata addresses and this server\'s own API; bad input answers -1', async () => {
    for (const url of ['ftp://example.com/x', 'http://169.254.169.254/latest/meta-data', 'http://[fe80::1]/x', 'http://[::ffff:169.254.1.1]/x',
      'http://localhost:80/api/integration/webhook/list', 'file:///etc/passwd']) {
      const res = await save({ url, events: ['*'], enabled: true });
      expect(res.code, url).toBe(-1);
      expect(res.msg, url).toMatch(/[\u4e00-\u9fa5]/);
    }
    for (const body of [{ url: 'not a url', events: ['*'], enabled: true }, { url: 'http://127.0.0.1:9/x', events: [], enabled: true },
      { url: 'http://127.0.0.1:9/x', events: ['trace.nope'], enabled: true }, { url: 'http://127.0.0.1:9/x', events: ['*'], enabled: true, secret: 'plain' }]) {
      const res = await save(body);
      expect(res.code, JSON.stringify(body)).toBe(-1);
      expect(res.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
    // Loopback and private addresses are a plant's own receivers.
    const ok = await save({ url: 'http://192.168.1.20:8080/hook', events: ['*'], enabled: false });
    expect(ok.code).toBe(0);
    await call('/api/integration/webhook/delete', { id: ok.data.id });
  });

  it('never writes a secret to the log output or the operation log', async () => {
    const given = `whsec_${Buffer.alloc(32, 9).toString('base64')}`;
    const res = await save({ url: 'http://127.0.0.1:9/never', events: ['*'], enabled: true, secret: given });
    expect(res.code).toBe(0);
    const all = logLines.join('\n');
    expect(all.length).toBeGreaterThan(0);
    expect(all).not.toContain(given);
    expect(all).not.toContain('whsec_');
    const ops = await a.db.selectFrom('operation_logs').selectAll().execute();
    expect(JSON.stringify(ops)).not.toContain(given);
    await call('/api/integration/webhook/delete', { id: res.data.id });
  });
});
