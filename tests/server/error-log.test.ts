import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './app-helper';

let t: TestApp;

interface LogEntry {
  level: number;
  reqId?: string;
  msg?: string;
  err?: { message: string; stack: string };
}
/** Every line the server logged, as start-server configures it (pino, JSON lines, level warn). */
const lines: string[] = [];

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  t = await buildTestApp({
    logger: { level: 'warn', stream },
    extend: (app) => {
      app.post('/api/test/explode', { config: { permission: 'public' } }, async () => {
        throw new Error('disk on fire at sector 42');
      });
    },
  });
});
afterAll(async () => { await t?.close(); });

it('answers an unexpected failure with 500 and the request id, and logs its cause under that id', async () => {
  const res = await t.call('POST', '/api/test/explode', { body: { a: 1 } });
  expect(res.status).toBe(500);
  const requestId = res.body.requestId;
  expect(requestId).toMatch(/^[0-9a-f]{16}$/);
  expect(res.body).toEqual({ code: 500, msg: `服务器内部错误，请联系管理员（请求编号 ${requestId}）`, data: null, requestId });
  expect(JSON.stringify(res.body)).not.toContain('sector 42');

  const logged = lines.map((line) => JSON.parse(line) as LogEntry).filter((entry) => entry.reqId === requestId);
  const fault = logged.find((entry) => entry.level === 50);
  expect(fault, lines.join('\n')).toBeDefined();
  expect(fault).toMatchObject({ msg: 'unexpected error', method: 'POST', path: '/api/test/explode', err: { message: 'disk on fire at sector 42' } });
  expect(fault?.err?.stack).toContain('error-log.test.ts');
});

it('logs nothing at level warn for an ordinary refusal', async () => {
  const before = lines.length;
  const res = await t.call('POST', '/api/home/login', { body: { username: 'admin', password: 'wrong-password' } });
  expect(res.body.code).toBe(-1);
  expect(lines.slice(before)).toEqual([]);
});
