import type { RouteOptions } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_BODY_LIMIT } from '../../src/shared/api/endpoint';
import { BODY_SHAPE } from '../../src/server/plugins/json-body';
import { buildTestApp, createLimitedUser, type TestApp } from './app-helper';

/**
 * Issue 31 item 8: a signed-in user with no permission at all stalled the server with a 10 MB JSON body (a
 * five-million-deep array: 28 s and 1.8 GB; 560 000 keys: 59 s). Each route now reads a body only up to what
 * its schema can take, and a body's depth and keys are counted on its text before it is parsed.
 */

interface Schema {
  type?: string;
  pattern?: string;
  maxLength?: number;
  maxItems?: number;
  const?: unknown;
  enum?: unknown[];
  items?: Schema;
  properties?: Record<string, Schema>;
  anyOf?: Schema[];
}

/**
 * The largest JSON text a schema admits, in bytes: text at its maximum length in Chinese (3 bytes a character in
 * UTF-8) unless its pattern refuses Chinese (codes, data URLs: 1 byte), numbers of 22 characters, every optional
 * field present, every list full.
 */
function largestBody(schema: Schema): number {
  if (schema.anyOf) return Math.max(...schema.anyOf.map(largestBody));
  if (schema.const !== undefined) return JSON.stringify(schema.const).length;
  if (schema.enum) return Math.max(...schema.enum.map((v) => JSON.stringify(v).length));
  switch (schema.type) {
    case 'string': {
      const ascii = schema.pattern !== undefined && !new RegExp(schema.pattern, 'u').test('中');
      return (schema.maxLength ?? Infinity) * (ascii ? 1 : 3) + 2;
    }
    case 'integer':
    case 'number':
      return 22;
    case 'boolean':
      return 5;
    case 'null':
      return 4;
    case 'array':
      return 2 + (schema.maxItems ?? Infinity) * (largestBody(schema.items ?? {}) + 1);
    case 'object':
      return 2 + Object.entries(schema.properties ?? {}).reduce((sum, [key, value]) => sum + key.length + 4 + largestBody(value), 0);
    default:
      return 0;
  }
}

/** The most keys and list items a body of this schema holds (as the shape bound counts them: one more per list). */
function mostMembers(schema: Schema): number {
  if (schema.anyOf) return Math.max(...schema.anyOf.map(mostMembers));
  if (schema.type === 'array') return 1 + (schema.maxItems ?? Infinity) * (1 + mostMembers(schema.items ?? {}));
  if (schema.type === 'object') return Object.values(schema.properties ?? {}).reduce((sum, value) => sum + 1 + mostMembers(value), 0);
  return 0;
}

/**
 * Where the schema admits more than the route's service accepts. The offline module's exception, for as long as
 * stations send it (engineer scan-times has the server record them instead), keeps a call's body of at most 4 000
 * characters as JSON (exceptions.service.ts): with its other fields in Chinese at their bounds, under 16 KB.
 */
const BOUNDED_BY_SERVICE: Record<string, number> = { 'POST /api/offline/exception/add': 4000 * 3 + 1000 * 3 + 512 };

/** Where the caller sends more than the schema keeps: ONLYOFFICE's callback carries its change history and users. */
const SENT_BEYOND_SCHEMA: Record<string, number> = { 'POST /api/only/office/upload': 256 * 1024 };

let t: TestApp;
let adminToken: string;
/** A user holding no key at all: every signed-in user may report a queue. */
let nobodyToken: string;
const routes: RouteOptions[] = [];

beforeAll(async () => {
  t = await buildTestApp({ onRoute: (route) => void routes.push(route) });
  adminToken = (await t.login()).token;
  const nobody = await createLimitedUser(t, adminToken, 'no_keys', []);
  nobodyToken = (await t.login(nobody.username, nobody.password)).token;
});
afterAll(async () => { await t?.close(); });
afterEach(() => { vi.restoreAllMocks(); });

const post = (url: string, payload: string, token = adminToken) => t.app.inject({
  method: 'POST', url, payload, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
});

/** Whether JSON.parse was handed a text of at least `length` characters while `run` ran. */
async function parsedTextOf(length: number, run: () => Promise<unknown>): Promise<boolean> {
  const parse = vi.spyOn(JSON, 'parse');
  await run();
  const parsed = parse.mock.calls.some(([text]) => typeof text === 'string' && text.length >= length);
  parse.mockRestore();
  return parsed;
}

describe('body limits per route', () => {
  it('let every route read the largest body its schema admits, and raise the 16 KB default only where that needs it', () => {
    const problems: string[] = [];
    const withBody = routes.filter((r) => r.url.startsWith('/api') && (r.schema as { body?: Schema } | undefined)?.body);
    expect(withBody.length).toBeGreaterThan(100);
    for (const route of withBody) {
      const name = `${[route.method].flat().join(',')} ${route.url}`;
      const largest = SENT_BEYOND_SCHEMA[name] ?? BOUNDED_BY_SERVICE[name] ?? largestBody((route.schema as { body: Schema }).body);
      const limit = route.bodyLimit ?? 0;
      if (limit < largest) problems.push(`${name}: limit ${limit} under the ${largest} bytes its schema admits`);
      if (limit > DEFAULT_BODY_LIMIT && largest <= DEFAULT_BODY_LIMIT) problems.push(`${name}: raised to ${limit} without needing it (${largest})`);
      if (limit > DEFAULT_BODY_LIMIT && limit > 1.25 * largest + 4096) problems.push(`${name}: limit ${limit} far above the ${largest} bytes it needs`);
    }
    expect(problems).toEqual([]);
  });

  it('hold every body a schema admits within the bounds of its shape', () => {
    const over = routes
      .filter((r) => r.url.startsWith('/api') && (r.schema as { body?: Schema } | undefined)?.body)
      .map((r) => [`${[r.method].flat().join(',')} ${r.url}`, mostMembers((r.schema as { body: Schema }).body)] as const)
      .filter(([, members]) => members > BODY_SHAPE.maxMembers);
    expect(over).toEqual([]);
  });

  it('refuse a body past the route limit before reading it, for a user without any key as for everyone', async () => {
    const big = JSON.stringify({ waiting: 1, oldestAt: null, pad: 'x'.repeat(1024 * 1024) });
    const res = await post('/api/offline/queueReport', big, nobodyToken);
    expect(res.json()).toEqual({ code: -1, msg: '请求内容过大（此接口最多接受 16 KB）', data: null });
    // The same body within the limit gets past the size check to the route's own permission check (a station key).
    expect((await post('/api/offline/queueReport', JSON.stringify({ waiting: 1, oldestAt: null, pad: 'x' }), nobodyToken)).json()).toMatchObject({ code: 403 });
  });

  it('take the largest legitimate body of a route that needs more: a label design of 200 elements', async () => {
    const details = Array.from({ length: 200 }, (_, i) => ({ type: 'FONT', x: i, y: i, fontSize: 3, content: `{company.name} 气瓶标签第 ${i} 行`.padEnd(1000, '字') }));
    const body = JSON.stringify({ kind: 'LABEL', name: '大标签', settingKey: 'BIG_LABEL', dataSource: 'CYLINDER', content: { width: 80, height: 50, dpi: 203, direction: 0, lang: 'tspl', details } });
    expect(Buffer.byteLength(body)).toBeGreaterThan(500 * 1024);
    const saved = (await post('/api/setting/save', body)).json();
    expect(saved, saved.msg).toMatchObject({ code: 0 });
  });
});

describe('the shape of a JSON body', () => {
  it('is refused by depth before the body is parsed, on the route with the largest limit', async () => {
    const deep = `{"kind":"LABEL","content":${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}}`;
    let res: Awaited<ReturnType<typeof post>> | undefined;
    expect(await parsedTextOf(deep.length, async () => { res = await post('/api/setting/save', deep); })).toBe(false);
    expect(res!.json()).toEqual({ code: -1, msg: '参数错误：请求内容的嵌套层级过多（最多 32 层）', data: null });
  });

  it('is refused by the keys of one object and by the keys and items of the whole body, before parsing', async () => {
    const wide = JSON.stringify(Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`k${i}`, i])));
    let res: Awaited<ReturnType<typeof post>> | undefined;
    expect(await parsedTextOf(wide.length, async () => { res = await post('/api/setting/save', wide); })).toBe(false);
    expect(res!.json()).toEqual({ code: -1, msg: '参数错误：请求内容中一个对象的字段过多（最多 256 个）', data: null });

    const many = JSON.stringify({ kind: 'LABEL', content: { details: Array.from({ length: 12_000 }, () => 0) } });
    expect(await parsedTextOf(many.length, async () => { res = await post('/api/setting/save', many); })).toBe(false);
    expect(res!.json()).toEqual({ code: -1, msg: '参数错误：请求内容的字段和列表项过多（最多 10000 个）', data: null });
  });

  it('counts nothing inside strings: brackets, colons and commas in text are plain text', async () => {
    const remark = '[{:,'.repeat(60);
    const res = await post('/api/wdwarehouse/saveAndEditWare', JSON.stringify({ warehouseName: '括号库', warehouseCode: 'BRK1', kind: 'finished', remark }));
    expect(res.json()).toMatchObject({ code: 0 });
  });
});
