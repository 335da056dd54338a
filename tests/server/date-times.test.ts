import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestValidatorCompiler } from '../../src/server/lib/validator';
import { buildTestApp, type TestApp } from './app-helper';

/**
 * Issue 31 item 12: `2025-02-29T25:61` reached PostgreSQL before being refused, and a queue report's oldestAt took
 * years 0001 and 9999. Every date-time a request carries is now checked by the server's validator to exist, in
 * years 1900–2199, whichever route declares it and however its pattern is written.
 */

interface Schema {
  $ref?: string;
  type?: string;
  pattern?: string;
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

/** Date-times in the shapes the API takes. */
const SAMPLES = ['2024-01-02 03:04', '2024-01-02 03:04:05', '2024-01-02T03:04', '2024-01-02T03:04:05Z', '2024-01-02T03:04:05.678+08:00'];

/** A sample made impossible, each way a date-time can fail to exist. */
const IMPOSSIBLE: Array<[string, (sample: string) => string]> = [
  ['29 February of a common year', (s) => s.replace('2024-01-02', '2025-02-29')],
  ['31 April', (s) => s.replace('2024-01-02', '2024-04-31')],
  ['hour 25, minute 61', (s) => s.replace(/03:04/, '25:61')],
  ['minute 61', (s) => s.replace(/03:04/, '03:61')],
  ['second 60', (s) => s.replace(/03:04:05/, '03:04:60')],
  ['year 0001', (s) => s.replace('2024', '0001')],
  ['year 9999', (s) => s.replace('2024', '9999')],
];

let t: TestApp;
let token: string;
let doc: { paths: Record<string, Record<string, Operation>> };
/** What PostgreSQL refused (the error plugin logs it): a refused date must never get there. */
const refusedByDatabase: string[] = [];

beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        const entry = JSON.parse(line) as { msg: string; err?: { message?: string } };
        if (entry.msg === 'database refused the request') refusedByDatabase.push(entry.err?.message ?? '');
      }
      done();
    },
  });
  t = await buildTestApp({ logger: { level: 'warn', stream } });
  token = (await t.login()).token;
  doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
});
afterAll(async () => { await t?.close(); });

/** Every text field of a request whose pattern takes a date and time (and refuses plain text), by where it is. */
function dateTimeFields(): Array<{ where: string; schema: Schema; samples: string[] }> {
  const found: Array<{ where: string; schema: Schema; samples: string[] }> = [];
  const walk = (schema: Schema | undefined, where: string, depth = 0): void => {
    if (!schema || depth > 20) return;
    for (const member of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) walk(member, where, depth + 1);
    if (schema.items) walk(schema.items, `${where}[]`, depth + 1);
    for (const [name, child] of Object.entries(schema.properties ?? {})) walk(child, `${where}.${name}`, depth + 1);
    if (schema.type === 'string' && schema.pattern) {
      const re = new RegExp(schema.pattern, 'u');
      const samples = SAMPLES.filter((s) => re.test(s));
      if (samples.length && !re.test('x')) found.push({ where, schema, samples });
    }
  };
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      for (const p of op.parameters ?? []) walk(p.schema, `${method.toUpperCase()} ${path} ${p.in}.${p.name}`);
      walk(op.requestBody?.content['application/json']?.schema, `${method.toUpperCase()} ${path} body`);
    }
  }
  return found;
}

describe('date-times in every request', () => {
  it('are checked by the server to exist, in years 1900–2199, whatever pattern their route declares', () => {
    const fields = dateTimeFields();
    const names = fields.map((f) => f.where);
    // The known ones: the log's and the recall's filters, a fill's times, a station's queue report.
    for (const known of ['/api/log/listPage body.start', '/api/qualityCenter/recall body.from', '/api/produce/filling body.startedAt', '/api/offline/queueReport body.oldestAt']) {
      expect(names.some((n) => n.endsWith(known)), known).toBe(true);
    }
    const compile = requestValidatorCompiler();
    const problems: string[] = [];
    for (const field of fields) {
      const check = compile({ schema: { type: 'object', properties: { v: field.schema } }, httpPart: 'body', url: '', method: 'POST' }) as (v: unknown) => boolean;
      for (const sample of field.samples) {
        if (!check({ v: sample })) problems.push(`${field.where}: refuses ${sample}`);
        for (const [why, make] of IMPOSSIBLE) {
          const bad = make(sample);
          if (bad !== sample && check({ v: bad })) problems.push(`${field.where}: takes ${bad} (${why})`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('that do not exist are refused with a message naming the field, and never reach PostgreSQL', async () => {
    const before = refusedByDatabase.length;
    const log = await t.call('POST', '/api/log/listPage', { token, body: { start: '2025-02-29 10:00' } });
    expect(log.body).toEqual({ code: -1, msg: '参数错误：开始时间不是有效时间（1900–2199 年内真实存在的日期和时刻）', data: null });
    const recall = await t.call('POST', '/api/qualityCenter/recall', { token, body: { materialId: 1, from: '2024-04-31 00:00', to: '2024-05-01 00:00' } });
    expect(recall.body).toMatchObject({ code: -1, msg: '参数错误：开始时间不是有效时间（1900–2199 年内真实存在的日期和时刻）' });

    for (const oldestAt of ['2025-02-29T25:61Z', '0001-01-01T00:00:00Z', '9999-12-31T00:00:00Z']) {
      const report = await t.call('POST', '/api/offline/queueReport', { token, body: { waiting: 1, oldestAt } });
      expect(report.body, oldestAt).toMatchObject({ code: -1, msg: expect.stringContaining('不是有效时间') });
    }
    const fill = await t.call('POST', '/api/produce/filling', {
      token, body: { code: 'DT-1', scanId: randomUUID(), materialId: 1, filledPressure: 15, startedAt: '2025-02-29 08:00', endedAt: '2025-02-29 08:30' },
    });
    expect(fill.body).toMatchObject({ code: -1, msg: '参数错误：开始时间不是有效时间（1900–2199 年内真实存在的日期和时刻）' });
    expect(refusedByDatabase.slice(before)).toEqual([]);
  });

  it('that exist are taken, the last day of February of a leap year included', async () => {
    expect((await t.call('POST', '/api/log/listPage', { token, body: { start: '2024-02-29 23:59:59', end: '2199-12-31' } })).body).toMatchObject({ code: 0 });
    // queueReport takes only the past year: a real moment an hour ago, with fractions and an offset.
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString().replace(/\.(\d{3})Z$/, '.$1+00:00');
    expect((await t.call('POST', '/api/offline/queueReport', { token, body: { waiting: 1, oldestAt: hourAgo } })).body).toMatchObject({ code: 0 });
  });
});
