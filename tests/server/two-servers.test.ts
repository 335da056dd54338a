/**
 * Two built servers (out/server's bundle, as `npm start` runs it) on one PostgreSQL database and one
 * S3-compatible bucket: server A with two API processes (WORKERS=2), server B with one, each with a data
 * folder of its own. What one process does, every other must see at its next request.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../scripts/build-server.mjs';
import { addYears, today } from '../../src/server/lib/dates';
import { createTestDatabase, TEST_ADMIN_PASSWORD, type TestDatabase } from './db-helper';
import { spawnBuilt, START_BOUND_MS, untilListening, type BuiltServer } from './built-server';
import { freePort } from './free-port';
import { startS3Server } from './s3-server';

interface Server extends BuiltServer {
  name: string;
  url: string;
  dataDir: string;
}

let database: TestDatabase;
let s3: Awaited<ReturnType<typeof startS3Server>>;
let a: Server;
let b: Server;
let admin: string;
const cleanup: string[] = [];

async function launch(name: string, bundle: string, workers: number): Promise<Server> {
  const port = await freePort();
  const dataDir = mkdtempSync(resolve('.tmp', `two-servers-${name}-`));
  cleanup.push(dataDir);
  const { config } = s3;
  const server = spawnBuilt(bundle, {
    PATH: process.env.PATH, TZ: process.env.TZ, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: database.url,
    ACCESS_TOKEN_SECRET: 'two-servers-secret-two-servers-secret-0001', WORKERS: String(workers), ALERT_INTERVAL_SECONDS: '3600',
    FILE_STORAGE: 's3', S3_ENDPOINT: config.endpoint, S3_BUCKET: config.bucket, S3_REGION: config.region, S3_PREFIX: config.prefix,
    S3_ACCESS_KEY_ID: config.accessKeyId, S3_SECRET_ACCESS_KEY: config.secretAccessKey,
  });
  return { ...server, name, url: `http://127.0.0.1:${port}`, dataDir };
}

async function until<T>(what: string, attempt: () => Promise<T | undefined> | T | undefined, server?: Server): Promise<T> {
  // A hang bound: a server's start took over 60 s beside CI's other two lanes.
  const deadline = Date.now() + 120_000;
  for (;;) {
    const result = await attempt();
    if (result !== undefined) return result;
    if (server && server.child.exitCode !== null) throw new Error(`${server.name} exited while waiting for ${what}:\n${server.output()}`);
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${server ? `:\n${server.output()}` : ''}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const listening = (server: Server) => untilListening(server, START_BOUND_MS, server.name);

interface Envelope<T = unknown> { code: number; msg: string; data: T }

async function call<T = unknown>(server: Server, method: string, path: string, opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...opts.headers,
    },
    body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as Envelope<T> };
}

const ok = <T>(res: { body: Envelope<T> }): T => {
  expect(res.body, res.body.msg).toMatchObject({ code: 0 });
  return res.body.data;
};
const login = (server: Server, username: string, password: string) => call<{ token: string }>(server, 'POST', '/api/home/login', { body: { username, password } });

/** The PIDs of a server's API processes (its children under WORKERS > 1). */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc').filter((d) => /^\d+$/.test(d)).flatMap((d) => {
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid ? [Number(d)] : [];
    } catch {
      return [];
    }
  });
}

beforeAll(async () => {
  const bundle = await buildServer(resolve('.tmp/test-build', `two-servers-${randomBytes(4).toString('hex')}.mjs`));
  database = await createTestDatabase();
  s3 = await startS3Server();
  // A licence running out: the alert job has exactly one thing to announce when the servers start.
  const licence = { licence_no: 'TS-TWO', licence_expiry: today() };
  await database.db.insertInto('company').values({ id: 1, ...licence }).onConflict((oc) => oc.column('id').doUpdateSet(licence)).execute();
  [a, b] = await Promise.all([launch('A', bundle, 2), launch('B', bundle, 1)]);
  await Promise.all([listening(a), listening(b)]);
  admin = ok(await login(a, 'admin', TEST_ADMIN_PASSWORD)).token;
}, 300_000);

afterAll(async () => {
  for (const server of [a, b]) if (server?.child.exitCode === null) server.child.kill('SIGKILL');
  await s3?.close();
  await database?.destroy();
  for (const dir of cleanup) rmSync(dir, { recursive: true, force: true });
});

describe('two servers, one database', () => {
  let gas: number;
  const WS = { 'x-workstation': encodeURIComponent('领瓶台') };
  const register = async (prefix: string, n: number) => {
    ok(await call(a, 'POST', '/api/product/addProduct', {
      token: admin, body: { range: { prefix, start: 1, end: n }, materialId: gas, nextInspectionDate: addYears(today(), 1), manufactureDate: addYears(today(), -1) },
    }));
    return (await database.db.selectFrom('cylinders').select('code').where('code', 'like', `${prefix}%`).execute()).map((c) => c.code);
  };
  const pick = (server: Server, code: string) =>
    call<{ repeated: boolean; toStatus: number }>(server, 'POST', '/api/produce/addPicking', { token: admin, body: { code, scanId: randomUUID() }, headers: WS });
  const picks = (codes: string[]) => database.db.selectFrom('cylinder_traces as e').innerJoin('cylinders as c', 'c.id', 'e.cylinder_id')
    .select(['c.code', 'e.workstation']).where('c.code', 'in', codes).where('e.action', '=', 'pick').execute();

  beforeAll(async () => {
    gas = ok(await call<{ id: number }>(a, 'POST', '/api/material/save', { token: admin, body: { materialName: '氮气', code: 'N2TWO', category: 'compressed' } })).id;
  });

  it('takes scans through both servers, each acted on once, and both count them alike', async () => {
    const codes = await register('TWOS', 12);
    const answers = await Promise.all(codes.map((code, i) => pick(i % 2 ? b : a, code)));
    for (const answer of answers) expect(ok(answer)).toMatchObject({ repeated: false, toStatus: 3 });
    expect((await picks(codes)).map((p) => p.code).sort()).toEqual([...codes].sort());
    const counted = async (server: Server) => ok(await call<Array<{ status: number; count: number }>>(server, 'GET', '/api/product/statusCount', { token: admin }))
      .find((s) => s.status === 3)?.count;
    expect(await counted(a)).toBe(12);
    expect(await counted(b)).toBe(12);
  });

  it('lets exactly one of two concurrent scans of a cylinder through the two servers win', async () => {
    const codes = await register('TWOC', 6);
    for (const code of codes) {
      const both = await Promise.all([pick(a, code), pick(b, code)]);
      const won = both.filter((r) => r.body.code === 0 && !r.body.data.repeated);
      expect(won, JSON.stringify(both.map((r) => r.body))).toHaveLength(1);
    }
    const events = await picks(codes);
    expect(events.map((e) => e.code).sort()).toEqual([...codes].sort());
  });

  it('refuses on B, at its next request, a permission removed through A', async () => {
    const role = ok(await call<{ id: number }>(a, 'POST', '/api/role/saveRole', {
      token: admin, body: { roleName: '两台服务器', roleCode: 'two_servers', buttonKeys: ['product:view'] },
    })).id;
    ok(await call(a, 'POST', '/api/user/save', { token: admin, body: { username: 'twoview', name: '查看', password: 'Passw0rd!x', roleIds: [role], mustChangePassword: false } }));
    const viewer = ok(await login(b, 'twoview', 'Passw0rd!x')).token;
    const list = () => call(b, 'POST', '/api/product/listPage', { token: viewer, body: { page: 1, size: 5 } });
    expect((await list()).body.code).toBe(0);
    ok(await call(a, 'POST', '/api/role/updateRole', { token: admin, body: { id: role, menuNos: [], buttonKeys: [] } }));
    expect(await list()).toMatchObject({ status: 403, body: { code: 403 } });
  });

  it('applies on B a system rule saved through A', async () => {
    const user = ok(await call<{ id: number }>(a, 'POST', '/api/user/save', {
      token: admin, body: { username: 'tworule', name: '规则', password: 'Passw0rd!x', roleIds: [], mustChangePassword: false },
    })).id;
    const reset = () => call(b, 'POST', `/api/home/adminResetPassWd/${user}`, { token: admin, body: { newPassword: 'Tw0-Rule!x' } });
    expect((await reset()).body.code).toBe(0);
    ok(await call(a, 'POST', '/api/setting/rule/save', { token: admin, body: { passwordMinLength: 12 } }));
    expect((await reset()).body).toMatchObject({ code: -1, msg: expect.stringContaining('12') });
    ok(await call(a, 'POST', '/api/setting/rule/save', { token: admin, body: { passwordMinLength: 8 } }));
  });

  it('counts wrong passwords across both servers: the fifth locks the name on both', async () => {
    ok(await call(a, 'POST', '/api/user/save', { token: admin, body: { username: 'twolock', name: '锁定', password: 'Passw0rd!x', roleIds: [], mustChangePassword: false } }));
    const answers: string[] = [];
    for (const server of [a, b, a, b]) answers.push((await login(server, 'twolock', 'wrong-password')).body.msg);
    expect(answers).toEqual([4, 3, 2, 1].map((n) => `用户名或密码错误，还可尝试 ${n} 次`));
    expect((await login(a, 'twolock', 'wrong-password')).body.msg).toBe('登录失败次数过多，请 1 分钟后再试');
    expect((await login(b, 'twolock', 'Passw0rd!x')).body).toMatchObject({ code: -1, msg: '登录失败次数过多，请 1 分钟后再试' });
  });

  it('downloads through B a file uploaded through A: it is in the bucket, on neither server disk', async () => {
    const bytes = Buffer.from(`合格证 ${randomUUID()} `.repeat(2000));
    const form = new FormData();
    form.append('file', new Blob([bytes]), '合格证.pdf');
    const uploaded = await fetch(`${a.url}/api/file/upload`, { method: 'POST', headers: { authorization: `Bearer ${admin}` }, body: form });
    const { path } = ok({ body: (await uploaded.json()) as Envelope<{ path: string }> });
    const download = await fetch(`${b.url}/objectStorage/file/download?path=${encodeURIComponent(path)}`, { headers: { authorization: `Bearer ${admin}` } });
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);
    for (const server of [a, b]) expect(existsSync(join(server.dataDir, 'files'))).toBe(false);
  });

  it('replaces an API process of A that dies', async () => {
    const workers = childrenOf(a.child.pid!);
    expect(workers).toHaveLength(2);
    process.kill(workers[0]!, 'SIGKILL');
    await until('a new API process', () => (a.output().includes('The new API process is serving') ? true : undefined), a);
    expect(a.output()).toContain('An API process stopped unexpectedly (SIGKILL)');
    expect(childrenOf(a.child.pid!)).toHaveLength(2);
    expect(childrenOf(a.child.pid!)).not.toContain(workers[0]);
    for (let i = 0; i < 4; i++) expect((await login(a, 'admin', TEST_ADMIN_PASSWORD)).body.code).toBe(0);
  });

  it('runs the scheduled alert job once between the servers (both ran their start-up tick)', async () => {
    for (const server of [a, b]) server.child.kill('SIGTERM');
    for (const server of [a, b]) expect(await server.exited, server.output()).toBe(0);
    const runs = await database.db.selectFrom('job_runs').select('runs').where('job', '=', 'alerts').executeTakeFirstOrThrow();
    expect(runs.runs).toBe(1);
    const messages = await database.db.selectFrom('messages').select(['user_id', 'title']).where('kind', '=', 'licenceExpiring').execute();
    expect(messages).toHaveLength(1);
  }, 90_000);
});
