import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PageResult } from '../../src/shared/api/schema';
import type { MessageRow } from '../../src/shared/api/message';
import type { DeliveryRow, SavedWebhook, WebhookRow } from '../../src/shared/api/webhook';
import type { WebhookTuning } from '../../src/server/config';
import { buildTestApp, type TestApp } from './app-helper';
import { appendEvents } from './outbox-helper';

// Issue 35, 接口推送: an endpoint failing longer than failAfterMs is marked failing and administrators are told once
// (not on every retry); a later 2xx sets it back to ok. A name that resolves to a link-local (cloud metadata) address
// at delivery is never called. Timings shortened; names resolve through the engine's lookup hook (no network needed).

/** Test names: `rebind.plant.test` answers a loopback address and the metadata address (a rebinding answer). */
const NAMES: Record<string, LookupAddress[]> = {
  'metadata.plant.test': [{ address: '169.254.169.254', family: 4 }],
  'rebind.plant.test': [{ address: '127.0.0.1', family: 4 }, { address: '169.254.169.254', family: 4 }],
  'receiver.plant.test': [{ address: '127.0.0.1', family: 4 }],
};
const lookup: NonNullable<WebhookTuning['lookup']> = (hostname, options, callback) => {
  const known = NAMES[hostname];
  if (known) return process.nextTick(() => callback(null, known));
  dnsLookup(hostname, options, callback);
};

let t: TestApp;
let admin: string;
let status = 500;
let requests = 0;
let port = 0;
const server = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    requests += 1;
    res.writeHead(status).end(status === 200 ? 'ok' : 'down');
  });
});

beforeAll(async () => {
  t = await buildTestApp({ config: { webhooks: { backoffMs: 30, maxBackoffMs: 60, timeoutMs: 800, pollMs: 100, failAfterMs: 500, lookup } } });
  admin = (await t.login()).token;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t?.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function call<T>(path: string, body?: unknown) {
  const res = await t.call<T>('POST', path, { token: admin, body });
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 0 });
  return res.body.data;
}
async function row(id: number): Promise<WebhookRow> {
  const list = (await t.call<WebhookRow[]>('GET', '/api/integration/webhook/list', { token: admin })).body.data;
  return list.find((w) => w.id === id)!;
}
const log = async (id: number) => (await call<PageResult<DeliveryRow>>('/api/integration/webhook/deliveries', { id, size: 500 })).list;
async function failingMessages(): Promise<MessageRow[]> {
  const page = await call<PageResult<MessageRow>>('/api/message/listPage', { page: 1, size: 100 });
  return page.list.filter((m) => m.kind === 'webhookFailing');
}
async function until<T>(what: string, check: () => Promise<T | undefined | false>, timeoutMs = 8000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

it('failing longer than failAfterMs marks the endpoint failing and tells administrators once; a 2xx sets it back to ok', async () => {
  status = 500;
  const saved = await call<SavedWebhook>('/api/integration/webhook/save', { url: `http://receiver.plant.test:${port}/hook`, events: ['*'], enabled: true });
  await appendEvents(t.db, [{ cylinderId: 1 }]);
  const failing = await until('failing', async () => { const w = await row(saved.id); return w.state === 'failing' && w; });
  expect(failing.failingSince).toBeTruthy();
  // Retries go on after the mark, and administrators were told once, not on every retry.
  const triesAtMark = (await log(saved.id)).length;
  await until('more retries', async () => (await log(saved.id)).length >= triesAtMark + 5);
  expect(await row(saved.id)).toMatchObject({ state: 'failing' });
  const told = await failingMessages();
  expect(told).toHaveLength(1);
  expect(told[0]).toMatchObject({ title: '接口推送失败', link: '/Setting/Webhook' });
  expect(told[0]!.content).toContain(`receiver.plant.test:${port}`);
  expect(told[0]!.content).toContain('HTTP 500');

  // The receiver is back: the event arrives, the endpoint is ok again, nobody is told anything more.
  status = 200;
  const ok = await until('ok again', async () => { const w = await row(saved.id); return w.state === 'ok' && w; });
  expect(ok.failingSince).toBeFalsy();
  expect((await log(saved.id)).some((d) => d.ok)).toBe(true);
  expect(await failingMessages()).toHaveLength(1);

  // Failing again later is a new failure: told again, once.
  status = 503;
  await appendEvents(t.db, [{ cylinderId: 2 }]);
  await until('failing again', async () => (await row(saved.id)).state === 'failing');
  await until('told again', async () => (await failingMessages()).length === 2);
  const tries = (await log(saved.id)).length;
  await until('more retries', async () => (await log(saved.id)).length >= tries + 3);
  expect(await failingMessages()).toHaveLength(2);
  status = 200;
  await until('ok at last', async () => (await row(saved.id)).state === 'ok');
  await call('/api/integration/webhook/delete', { id: saved.id });
});

it('a name resolving to a link-local / metadata address at delivery is never called; the attempt is logged with why', async () => {
  status = 200;
  const before = requests;
  const ids: number[] = [];
  for (const host of ['metadata.plant.test', 'rebind.plant.test']) {
    // The name passes when saved (it is no address); the refusal comes at delivery, after DNS.
    ids.push((await call<SavedWebhook>('/api/integration/webhook/save', { url: `http://${host}:${port}/hook`, events: ['*'], enabled: true })).id);
  }
  await appendEvents(t.db, [{ cylinderId: 5 }]);
  for (const [i, host] of ['metadata.plant.test', 'rebind.plant.test'].entries()) {
    const tries = await until(`${host} tried`, async () => { const l = await log(ids[i]!); return l.length >= 2 && l; });
    for (const d of tries) {
      expect(d.ok).toBe(false);
      expect(d.status).toBeNull();
      expect(d.error).toBe(`推送地址 ${host} 解析到链路本地地址 169.254.169.254，已拒绝`);
    }
  }
  // rebind.plant.test also answers 127.0.0.1, where the receiver listens: it was never reached.
  expect(requests).toBe(before);
  for (const id of ids) await call('/api/integration/webhook/delete', { id });
});

it('refuses to save a literal link-local address or this server\'s own API, in Chinese', async () => {
  const app = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const own = new URL(app).port;
  for (const url of ['http://169.254.169.254/latest/meta-data/', 'http://[fe80::a9fe:a9fe]/x', `http://127.0.0.1:${own}/api/integration/webhook/list`]) {
    const res = await fetch(`${app}/api/integration/webhook/save`, {
      method: 'POST', headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url, events: ['*'], enabled: true }),
    });
    const body = await res.json() as { code: number; msg: string };
    expect(body.code, url).toBe(-1);
    expect(body.msg, url).toMatch(url.includes('/api/') ? /本服务器的接口/ : /链路本地或云元数据/);
  }
});
