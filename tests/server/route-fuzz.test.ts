import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenData } from '../../src/shared/api/auth';
import { buildTestApp, type TestApp } from './app-helper';
import { createEnterprise, createGas, createWarehouse } from './master-data-helper';

/**
 * Every route of the OpenAPI document is sent its request with each field replaced in turn by a malformed
 * value, and the whole body replaced by each of them. Nothing may answer 5xx, fail to answer, or reach
 * PostgreSQL as a data exception (class 22: the schemas should have refused it first).
 */

interface Schema {
  type?: string;
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
}
interface Operation {
  parameters?: Array<{ in: string; name: string; schema: Schema }>;
  requestBody?: { content: Record<string, { schema?: Schema }> };
}
interface OpenApi { paths: Record<string, Record<string, Operation>> }

const BIG_ARRAY = Array.from({ length: 70_000 }, () => 1);
/** The malformed values, by name: each replaces one field, then the whole body. */
const MALFORMED: Record<string, unknown> = {
  nul: 'a\u0000b',
  int4Overflow: 2_147_483_648,
  huge: 1e20,
  impossibleDate: '2024-02-30',
  bigArray: BIG_ARRAY,
  /** Not in the issue: text columns take it as U+FFFD, jsonb refuses it. */
  loneSurrogate: 'a\ud800b',
};

/* ------------------------------------------------------------ plausible values from a schema */

/** Text tried in turn for a string field until one fits its pattern and length. */
const TEXT_CANDIDATES = ['A1', '2024-01-15', '110101', '13800000000', '91350100M000100Y43', 'productStatus', 'a'];

function plausible(schema: Schema | undefined): unknown {
  if (!schema) return undefined;
  const members = schema.anyOf ?? schema.oneOf;
  if (members) {
    // Prefer a real value over null or ''.
    const real = members.find((m) => !(m.enum?.length === 1 && (m.enum[0] === null || m.enum[0] === '')));
    return plausible(real ?? members[0]);
  }
  if (schema.allOf) return plausible(schema.allOf[0]);
  if (schema.enum) return schema.enum[0];
  if (schema.const !== undefined) return schema.const;
  switch (schema.type) {
    case 'string': {
      if (schema.format === 'date') return '2024-01-15';
      const pattern = schema.pattern ? new RegExp(schema.pattern, 'u') : undefined;
      for (const base of TEXT_CANDIDATES) {
        const text = base.padEnd(schema.minLength ?? 0, '9');
        if (text.length <= (schema.maxLength ?? Infinity) && (!pattern || pattern.test(text))) return text;
      }
      return 'a';
    }
    case 'integer':
    case 'number':
      return Math.min(Math.max(1, schema.minimum ?? 1), schema.maximum ?? 1);
    case 'boolean':
      return false;
    case 'array': {
      const item = plausible(schema.items);
      return Array.from({ length: Math.max(1, schema.minItems ?? 0) }, () => item);
    }
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, s]) => [k, plausible(s)]));
    default:
      return undefined;
  }
}

/** Paths (keys, and 0 for the first array item) of every field at any depth. */
function fieldPaths(value: unknown, prefix: Array<string | number> = [], depth = 0): Array<Array<string | number>> {
  if (depth > 4) return [];
  if (Array.isArray(value)) {
    return value.length ? [[...prefix, 0], ...fieldPaths(value[0], [...prefix, 0], depth + 1)] : [];
  }
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => [[...prefix, k], ...fieldPaths(v, [...prefix, k], depth + 1)]);
  }
  return [];
}

function replaced<T>(value: T, path: Array<string | number>, by: unknown): T {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path.at(-1)!] = by;
  return copy as T;
}

/**
 * encodeURIComponent, except that an unpaired surrogate (which it refuses) is sent as the bytes UTF-8
 * would give it (ED A0 80 for U+D800): not valid UTF-8, as a broken client might send.
 */
function encode(text: string): string {
  return text.split(/([\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff])/).map((part) => {
    if (!/^[\ud800-\udfff]$/.test(part)) return part ? encodeURIComponent(part) : '';
    const c = part.charCodeAt(0);
    return [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
  }).join('');
}

/** A query string from field values; arrays repeat the name, as browsers and qs send them. */
function queryString(query: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined) continue;
    for (const item of Array.isArray(v) ? v : [v]) parts.push(`${encode(k)}=${encode(String(item))}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

/* ------------------------------------------------------------ the app under test */

let t: TestApp;
let doc: OpenApi;
let adminToken: string;
/** Warnings and errors the server logged: unexpected errors, database refusals, failed log writes. */
const logged: Array<{ level: number; msg: string; code?: string; reqId?: string }> = [];
/** Which case each request id was, to name the case of a logged error. */
const caseOf = new Map<string, string>();

beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        const entry = JSON.parse(line) as { level: number; msg: string; err?: { code?: string }; reqId?: string };
        logged.push({ level: entry.level, msg: entry.msg, code: entry.err?.code, reqId: entry.reqId });
      }
      done();
    },
  });
  t = await buildTestApp({ logger: { level: 'warn', stream } });
  adminToken = (await t.login()).token;
  doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  // Rows with id 1 for the routes that take one.
  await createGas(t, adminToken, { code: 'FUZZN2' });
  await createWarehouse(t, adminToken, { warehouseCode: 'FUZZW1' });
  await createEnterprise(t, adminToken, { enterpriseCode: 'FUZZE1' });
  const product = await t.call('POST', '/api/product/addProduct', { token: adminToken, body: { code: 'FUZZC1', materialId: 1 } });
  expect(product.body.code, product.body.msg).toBe(0);
});
afterAll(async () => { await t?.close(); });

/** Path parameter values that name something real. */
const PARAMS: Record<string, string> = { id: '1', name: 'productStatus' };

/**
 * Routes that act on the caller's own sign-in or password get a throw-away user for each request, so the
 * fuzz never signs admin out or changes admin's password; the admin reset targets a throw-away user too.
 */
const OWN_SESSION = new Set(['POST /api/home/logout', 'POST /api/home/resetPassWord']);
const OTHER_USER = new Set(['POST /api/home/adminResetPassWd/{id}']);
let spareUsers = 0;
async function spareUser(): Promise<{ id: number; token: string }> {
  const username = `spare${++spareUsers}`;
  const password = 'Spare-Passw0rd';
  const saved = await t.call<{ id: number }>('POST', '/api/user/save', { token: adminToken, body: { username, name: username, password } });
  expect(saved.body.code, saved.body.msg).toBe(0);
  const login = await t.call<TokenData>('POST', '/api/home/login', { body: { username, password } });
  return { id: saved.body.data.id, token: login.body.data.token };
}

/**
 * Where the generated body would stop at a business rule before the fields are used, a base that the
 * service accepts, so each malformed value is the only thing wrong with its request.
 */
type Body = Record<string, unknown>;
const BASES: Record<string, (body: Body) => Body> = {
  // A range (not a code as well), numbering steel stamps from a prefix.
  'POST /api/product/addProduct': ({ code: _code, steelStamp: _stamp, ...rest }) => rest,
  'POST /api/role/saveRole': (b) => ({ ...b, menuNos: ['home'], buttonKeys: ['home:view'] }),
  'POST /api/user/save': (b) => ({ ...b, deptId: null }),
  'POST /api/enterprise/save': (b) => ({ ...b, phone: '13800000000', provinceCode: '110000', cityCode: '110100', districtCode: '110101' }),
  'POST /api/detect/record': (b) => ({ ...b, nextDate: '2030-01-15', failReason: null }),
  'POST /api/produce/saveTestProject': (b) => ({ ...b, projects: (b.projects as Body[]).map(({ id: _id, ...p }) => p) }),
};

/** Calls that remove or scrap the rows with id 1 run last, so the others find them; sign-in after them. */
const rank = (path: string) => (path === '/api/home/login' ? 2 : /delete|delAll|scrap$/i.test(path) ? 1 : 0);

interface Case { route: string; variant: string; url: string; body?: unknown }

function casesOf(method: string, path: string, op: Operation): Case[] {
  const route = `${method} ${path}`;
  const params = (op.parameters ?? []).filter((p) => p.in === 'path');
  const queryParams = (op.parameters ?? []).filter((p) => p.in === 'query');
  const jsonSchema = op.requestBody?.content['application/json']?.schema;

  const pathValues = Object.fromEntries(params.map((p) => [p.name, PARAMS[p.name] ?? '1']));
  const query = Object.fromEntries(queryParams.map((p) => [p.name, plausible(p.schema)]));
  const generated = jsonSchema ? plausible(jsonSchema) : method === 'POST' ? {} : undefined;
  const body = BASES[route] ? BASES[route](generated as Body) : generated;
  const url = (pv: Record<string, string>, q: Record<string, unknown>) =>
    path.replace(/\{(\w+)\}/g, (_m, n: string) => encode(pv[n]!)) + queryString(q);

  const cases: Case[] = [{ route, variant: 'plausible', url: url(pathValues, query), body }];
  for (const [valueName, value] of Object.entries(MALFORMED)) {
    for (const p of params) {
      if (Array.isArray(value)) continue; // a path segment cannot be a list
      cases.push({ route, variant: `params.${p.name}=${valueName}`, url: url({ ...pathValues, [p.name]: String(value) }, query), body });
    }
    for (const p of queryParams) {
      cases.push({ route, variant: `query.${p.name}=${valueName}`, url: url(pathValues, { ...query, [p.name]: value }), body });
    }
    // GET takes no body. Uploads (multipart) declare no JSON body: they get {} and the whole-body
    // variants as JSON, which they refuse.
    if (method === 'GET') continue;
    for (const field of fieldPaths(body)) {
      cases.push({ route, variant: `body.${field.join('.')}=${valueName}`, url: url(pathValues, query), body: replaced(body, field, value) });
    }
    cases.push({ route, variant: `body=${valueName}`, url: url(pathValues, query), body: value });
  }
  return cases;
}

async function send(method: string, c: Case): Promise<{ status: number; payload: string; reqId: string }> {
  let token = adminToken;
  let url = c.url;
  if (OWN_SESSION.has(c.route)) token = (await spareUser()).token;
  if (OTHER_USER.has(c.route) && !c.variant.startsWith('params.')) url = url.replace(/\/1(?=$|\?)/, `/${(await spareUser()).id}`);
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (c.body !== undefined) headers['content-type'] = 'application/json';
  // Sign-in attempts come from another address, so the fuzz does not throttle admin's own sign-ins.
  const remoteAddress = c.route === 'POST /api/home/login' ? '10.9.9.9' : undefined;
  const res = await t.app.inject({
    method: method as 'POST', url, headers, remoteAddress,
    ...(c.body !== undefined ? { payload: JSON.stringify(c.body) } : {}),
  });
  return { status: res.statusCode, payload: res.body, reqId: String(res.headers['x-request-id']) };
}

describe('malformed values on every route', () => {
  it('never answers 5xx, always answers, and never lets bad data reach PostgreSQL', async () => {
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ method: method.toUpperCase(), path, op })));
    operations.sort((a, b) => rank(a.path) - rank(b.path));
    const failures: string[] = [];
    let sent = 0;
    const check = async (method: string, c: Case) => {
      sent++;
      try {
        const { status, payload, reqId } = await send(method, c);
        caseOf.set(reqId, `${c.route} ${c.variant}`);
        if (status >= 500) failures.push(`${c.route} ${c.variant}: HTTP ${status} ${payload.slice(0, 200)}`);
        if (status === 401 && !c.route.includes('refreshToken')) failures.push(`${c.route} ${c.variant}: 401 (the fuzz lost its sign-in)`);
        // A refused field is named by its Chinese title, never by its key.
        const msg = /"msg":"参数错误：([^"]*)"/.exec(payload)?.[1];
        if (msg !== undefined && !/^[\u4e00-\u9fff（]/u.test(msg)) failures.push(`${c.route} ${c.variant}: message names no title: ${msg}`);
      } catch (error) {
        failures.push(`${c.route} ${c.variant}: no answer (${String(error)})`);
      }
    };
    // Four requests in flight within a rank (the server takes them as a plant's stations would, at once): 6,000 cases
    // one at a time took 197 s on a loaded CI run, past this test's bound. The ranks still run one after another.
    for (const r of [0, 1, 2]) {
      const queue = operations.filter((o) => o.method !== 'HEAD' && rank(o.path) === r)
        .flatMap(({ method, path, op }) => casesOf(method, path, op).map((c) => ({ method, c })));
      await Promise.all(Array.from({ length: 4 }, async () => {
        for (let next = queue.shift(); next; next = queue.shift()) await check(next.method, next.c);
      }));
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(1200);
    // Wait for the operation log writes of the last answers.
    await new Promise((r) => setTimeout(r, 200));
    const unexpected = logged
      .filter((l) => l.msg === 'unexpected error' || l.msg === 'operation log write failed' ||
        (l.msg === 'database refused the request' && l.code?.startsWith('22')))
      .map((l) => `${caseOf.get(l.reqId ?? '') ?? l.reqId}: ${l.msg} (${l.code ?? '-'})`);
    expect(unexpected).toEqual([]);
    // A hang bound: issue 37 added 38 routes (trips, audits, households), some 8,000 cases, 130 s alone on CI's load.
  }, 300_000);
});

describe('the classes of the issue, by hand', () => {
  it('refuses an unknown sort key, including inherited property names (was HTTP 500)', async () => {
    for (const sidx of ['constructor', '__proto__', 'toString', 'password_hash']) {
      const res = await t.call('GET', `/api/user/pageList?sidx=${sidx}`, { token: adminToken });
      expect({ sidx, status: res.status, body: res.body }).toEqual({ sidx, status: 200, body: { code: -1, msg: '参数错误：排序字段取值无效', data: null } });
    }
    const body = await t.call('POST', '/api/wdwarehouse/listPage', { token: adminToken, body: { sidx: 'constructor' } });
    expect(body.body).toEqual({ code: -1, msg: '参数错误：排序字段取值无效', data: null });
  });

  it('caps page and size', async () => {
    const page = await t.call('GET', '/api/user/pageList?page=100001', { token: adminToken });
    expect(page.body).toEqual({ code: -1, msg: '参数错误：页码不能大于 100000', data: null });
    const size = await t.call('POST', '/api/product/listPage', { token: adminToken, body: { size: 501 } });
    expect(size.body).toEqual({ code: -1, msg: '参数错误：每页条数不能大于 500', data: null });
    const zero = await t.call('POST', '/api/product/listPage', { token: adminToken, body: { page: 0 } });
    expect(zero.body).toEqual({ code: -1, msg: '参数错误：页码不能小于 1', data: null });
    const last = await t.call('GET', '/api/user/pageList?page=100000&size=500', { token: adminToken });
    expect(last.body).toMatchObject({ code: 0, data: { list: [] } });
  });

  it('refuses dates that do not exist, naming the field in Chinese', async () => {
    for (const date of ['2024-13-45', '0000-00-00', '2024-02-30', '2023-02-29', '99999-01-01', '2024-1-5']) {
      const res = await t.call('POST', '/api/detect/record', { token: adminToken, body: { cylinderId: 1, inspectedOn: date, result: 1 } });
      expect({ date, body: res.body }).toEqual({ date, body: { code: -1, msg: '参数错误：检验日期不是有效日期（yyyy-MM-dd）', data: null } });
      const filter = await t.call('POST', '/api/product/listPage', { token: adminToken, body: { manufactureDateStart: date } });
      expect({ date, body: filter.body }).toEqual({ date, body: { code: -1, msg: '参数错误：制造日期起不是有效日期（yyyy-MM-dd）', data: null } });
    }
    const leap = await t.call('POST', '/api/product/listPage', { token: adminToken, body: { manufactureDateStart: '2024-02-29' } });
    expect(leap.body.code).toBe(0);
  });

  it('names the field of a NUL, an id past integer and an oversized list in Chinese', async () => {
    const nul = await t.call('POST', '/api/wdwarehouse/listPage', { token: adminToken, body: { warehouseName: 'a\u0000b' } });
    expect(nul.body).toEqual({ code: -1, msg: '参数错误：仓库名称不能包含空字符（U+0000）', data: null });
    const id = await t.call('GET', '/api/user/info/2147483648', { token: adminToken });
    expect(id.body).toEqual({ code: -1, msg: '参数错误：编号不能大于 2147483647', data: null });
    const list = await t.call('POST', '/api/role/saveRole', { token: adminToken, body: { roleName: '大', roleCode: 'big', buttonKeys: Array.from({ length: 1001 }, () => 'x') } });
    expect(list.body).toEqual({ code: -1, msg: '参数错误：按钮权限不能超过 1000 项', data: null });
  });
});

describe('the operation log', () => {
  it('records a call that carried NUL or a broken surrogate (PostgreSQL stores neither)', async () => {
    const res = await t.call('POST', '/api/wdwarehouse/saveAndEditWare', {
      token: adminToken, body: { warehouseName: 'a\u0000b', warehouseCode: 'LOG1', kind: 'empty', address: 'x\ud800y' },
    });
    expect(res.body).toMatchObject({ code: -1, msg: '参数错误：仓库名称不能包含空字符（U+0000）' });
    const requestId = String(res.headers['x-request-id']);
    let row: { params: unknown; code: number | null } | undefined;
    for (let i = 0; i < 100 && !row; i++) {
      row = await t.db.selectFrom('operation_logs').select(['params', 'code']).where('request_id', '=', requestId).executeTakeFirst();
      if (!row) await new Promise((r) => setTimeout(r, 20));
    }
    expect(row).toEqual({ code: -1, params: { body: { warehouseName: 'a\uFFFDb', warehouseCode: 'LOG1', kind: 'empty', address: 'x\uFFFDy' } } });
  });
});
