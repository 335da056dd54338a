import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildServer } from '../../scripts/build-server.mjs';
import { RESTART_POLICY, supervise } from '../../scripts/supervise.mjs';
import { resolvePgBinaries, resolveRunAs, runPg } from '../../src/server/db/pg-process';
import { isProcessAlive } from '../../src/server/pid-lock';
import { spawnBuilt, stopBuilt, untilListening, type BuiltServer } from './built-server';
import { freePort } from './free-port';

const OWN_PASSWORD = 'Plant-Own-Pass-2026';
const ADMIN_PASSWORD_LINE = /首次启动：管理员账号 admin，初始密码 (\S+)（请登录后立即修改）/g;

let bundle: string;
let dataDir: string;
let env: NodeJS.ProcessEnv;
let baseUrl: string;
const children: BuiltServer[] = [];

type Run = BuiltServer;

/** The built server; `ipc`: with the channel `npm start`'s supervisor gives it. */
function launch(extraEnv: NodeJS.ProcessEnv = {}, ipc = false): Run {
  const run = spawnBuilt(bundle, { ...env, ...extraEnv }, { ipc });
  children.push(run);
  return run;
}

async function login(password: string): Promise<{ code: number; msg: string; data: { token: string } }> {
  const response = await fetch(`${baseUrl}/api/home/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password }),
  });
  return (await response.json()) as { code: number; msg: string; data: { token: string } };
}

async function until<T>(attempt: () => Promise<T | undefined>, what: string, run: Run): Promise<T> {
  // A hang bound (see built-server.ts): PostgreSQL started again at nice 19 beside the browser lane.
  const deadline = Date.now() + 120_000;
  for (;;) {
    const result = await attempt();
    if (result !== undefined) return result;
    if (run.child.exitCode !== null) throw new Error(`server exited while waiting for ${what}:\n${run.output()}`);
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}:\n${run.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function postmasterPid(): number {
  return Number.parseInt(readFileSync(join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]!, 10);
}

beforeAll(async () => {
  bundle = await buildServer(resolve('.tmp/test-build', `server-${randomBytes(4).toString('hex')}.mjs`));
  dataDir = mkdtempSync(resolve('.tmp', 'boot-test-'));
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  env = {
    PATH: process.env.PATH,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: String(port),
    EMBEDDED_PG_PORT: String(await freePort()),
  };
}, 120_000);

// A test that failed with its server still running would leave it holding the data folder and the port for the next.
afterEach(async () => {
  await Promise.all(children.map((run) => stopBuilt(run)));
});

afterAll(() => {
  for (const { child } of children) if (child.exitCode === null) child.kill('SIGKILL');
  const pidFile = join(dataDir, 'pg', 'postmaster.pid');
  if (existsSync(pidFile) && isProcessAlive(postmasterPid())) process.kill(postmasterPid(), 'SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
  // Backups are on by default: the embedded database's archive and base backups beside DATA_DIR.
  rmSync(`${dataDir}-backups`, { recursive: true, force: true });
  rmSync(bundle, { force: true });
  rmSync(`${bundle}.map`, { force: true });
});

// Hang bounds, not speed checks (built-server.ts): each test starts server processes (and PostgreSQL clusters), which
// in CI share two cores with other server suites and, at a lower priority, the Playwright run.
describe('the built server (node out/server/index.mjs)', { timeout: 300_000 }, () => {
  let generatedPassword: string;

  it('first start: embedded PostgreSQL, prints the generated admin password once, serves the API', async () => {
    const run = launch();
    await untilListening(run);
    const lines = [...run.output().matchAll(ADMIN_PASSWORD_LINE)];
    expect(lines).toHaveLength(1);
    generatedPassword = lines[0]![1]!;
    expect(run.output().split(generatedPassword)).toHaveLength(2);

    const docs = await fetch(`${baseUrl}/api/docs/json`);
    expect(docs.status).toBe(200);
    expect(await docs.json()).toHaveProperty('openapi');
    expect(await login(generatedPassword)).toMatchObject({ code: 0 });

    const secrets = JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8')) as Record<string, string>;
    for (const secret of Object.values(secrets)) expect(run.output()).not.toContain(secret);

    const pgPid = postmasterPid();
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    expect(isProcessAlive(pgPid)).toBe(false);
    expect(existsSync(join(dataDir, 'server.pid'))).toBe(false);
  });

  it('second start reuses the data: no new password, the first one still signs in', async () => {
    const run = launch();
    await untilListening(run);
    expect(run.output()).not.toMatch(ADMIN_PASSWORD_LINE);
    expect(await login(generatedPassword)).toMatchObject({ code: 0 });
    run.child.kill('SIGINT');
    expect(await run.exited).toBe(0);
  });

  it('keeps answering when its PostgreSQL dies or is stopped, starts it again and goes on', async () => {
    const run = launch();
    try {
      await keepsAnswering(run);
    } finally {
      if (run.child.exitCode === null) run.child.kill('SIGTERM');
    }
    expect(await run.exited).toBe(0);
  });

  async function keepsAnswering(run: Run) {
    await untilListening(run);
    // The generated password must be changed before anything else is allowed: a password of our own.
    const first = await login(generatedPassword);
    expect(first).toMatchObject({ code: 0 });
    const changed = await fetch(`${baseUrl}/api/home/resetPassWord`, {
      method: 'POST', headers: { authorization: `Bearer ${first.data.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ oldPassword: generatedPassword, newPassword: OWN_PASSWORD }),
    });
    expect(await changed.json()).toMatchObject({ code: 0 });
    const { pid } = run.child;


    const token = (await login(OWN_PASSWORD)).data.token;
    const api = async (path: string, body?: object) => {
      const res = await fetch(`${baseUrl}${path}`, {
        method: body ? 'POST' : 'GET',
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      return { requestId: res.headers.get('x-request-id'), body: (await res.json()) as { code: number; msg: string; data: unknown } };
    };

    const outages: Array<[string, () => Promise<unknown>]> = [
      ['killed', async () => process.kill(postmasterPid(), 'SIGKILL')],
      // -W: pg_ctl would otherwise wait for a postmaster.pid to go that the server's restart brings back.
      ['stopped', async () => runPg((await resolvePgBinaries()).pg_ctl, ['stop', '-D', join(dataDir, 'pg'), '-m', 'fast', '-W'], resolveRunAs(() => {}), dataDir)],
    ];
    for (const [how, outage] of outages) {
      const before = postmasterPid();
      await outage();
      await until(async () => (isProcessAlive(before) ? undefined : true), `PostgreSQL ${how}`, run);
      // A change tried while the database is away (a sign-in is recorded in the operation log).
      const attempt = await api('/api/home/login', { username: 'admin', password: OWN_PASSWORD });
      // Until it is back, every request is answered, in the envelope: the database's absence, then success.
      const answers: Array<{ code: number; msg: string }> = [];
      await until(async () => {
        const { body } = await api('/api/user/pageList');
        answers.push(body);
        return body.code === 0 ? true : undefined;
      }, `the API after PostgreSQL was ${how}`, run);
      for (const answer of answers.slice(0, -1)) expect(answer, `${how}: ${JSON.stringify(answer)}`).toMatchObject({ code: -1, msg: '数据库连接中断，请稍后重试' });
      expect(run.child.pid).toBe(pid);
      expect(run.child.exitCode).toBeNull();
      expect(postmasterPid()).not.toBe(before);
      expect(await login(OWN_PASSWORD)).toMatchObject({ code: 0 });
      if (attempt.body.code !== 0) {
        // (Unless the watchdog was quicker than the sign-in.) Refused for the database's absence, and still
        // in the operation log once the database is back.
        expect(attempt.body).toMatchObject({ code: -1, msg: '数据库连接中断，请稍后重试' });
        await until(async () => {
          const { body } = await api('/api/log/listPage', { path: '/api/home/login', result: 'failure', size: 500 });
          const rows = (body.data as { list: Array<{ requestId: string }> }).list;
          return rows.some((r) => r.requestId === attempt.requestId) ? true : undefined;
        }, 'the refused sign-in in the operation log', run);
      }
    }
    expect(run.output()).toContain('The embedded PostgreSQL is running again');
    const pgPid = postmasterPid();
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    expect(isProcessAlive(pgPid)).toBe(false);
  }

  it("under npm start's supervisor: a killed server is started again, a wrong setting is not", async () => {
    const runs: Run[] = [];
    const pauses: number[] = [];
    const lines: string[] = [];
    const supervisor = supervise({
      spawnServer: () => {
        runs.push(launch({}, true));
        return runs.at(-1)!.child;
      },
      log: (line) => lines.push(line),
      wait: async (ms) => void pauses.push(ms),
    });
    try {
      await untilListening(runs[0]!);
      expect(await login(OWN_PASSWORD)).toMatchObject({ code: 0 });
      runs[0]!.child.kill('SIGKILL');
      const second = await until(async () => runs[1], 'the restart', runs[0]!);
      await untilListening(second);
      expect(await login(OWN_PASSWORD)).toMatchObject({ code: 0 });
      const pgPid = postmasterPid();
      supervisor.stop('SIGTERM');
      expect(await supervisor.done).toBe(0);
      expect(isProcessAlive(pgPid)).toBe(false);
    } finally {
      supervisor.stop('SIGTERM');
      await supervisor.done;
    }
    expect(runs).toHaveLength(2);
    expect(pauses).toEqual([RESTART_POLICY.firstDelayMs]);
    expect(lines).toEqual([expect.stringMatching(/^The server stopped unexpectedly after \d+ s \(signal SIGKILL\): restarting in 2 s$/)]);

    let attempts = 0;
    const refused: string[] = [];
    const wrong = supervise({
      spawnServer: () => {
        attempts += 1;
        return launch({ PORT: 'eighty' }, true).child;
      },
      log: (line) => refused.push(line),
      wait: async () => {},
    });
    expect(await wrong.done).toBe(1);
    expect(attempts).toBe(1);
    expect(refused).toEqual(['The server cannot start with this configuration: not restarting (correct it, then run npm start again)']);
  });

  it('a failure after PostgreSQL started (HTTP port taken) exits 1 and stops that PostgreSQL', async () => {
    const blocker = createServer();
    await new Promise<void>((done) => blocker.listen(Number(env.PORT), '127.0.0.1', done));
    try {
      const run = launch();
      expect(await run.exited).toBe(1);
      expect(run.output()).toContain('Server failed to start');
      expect(run.output()).toContain('EADDRINUSE');
      expect(existsSync(join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
      expect(existsSync(join(dataDir, 'server.pid'))).toBe(false);
    } finally {
      blocker.close();
    }
  });

  it('refuses an invalid setting with exit code 1 and a message naming it', async () => {
    const run = launch({ PORT: 'eighty' });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain('PORT');
    expect(run.output()).not.toMatch(/\n\s+at /);
  });
});

describe('the built server on an external PostgreSQL (DATABASE_URL)', { timeout: 300_000 }, () => {
  it('migrates an empty database, seeds the admin from INITIAL_ADMIN_PASSWORD and starts no embedded cluster', async () => {
    const adminUrl = inject('pgAdminUrl');
    const name = `boot_external_${randomBytes(4).toString('hex')}`;
    const query = async (sql: string, url = adminUrl) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        return await client.query(sql);
      } finally {
        await client.end();
      }
    };
    await query(`CREATE DATABASE "${name}"`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const ownDataDir = mkdtempSync(resolve('.tmp', 'boot-external-'));
    try {
      const run = launch({ DATA_DIR: ownDataDir, DATABASE_URL: url.toString(), INITIAL_ADMIN_PASSWORD: 'External@12345' });
      await untilListening(run);
      expect(run.output()).not.toMatch(ADMIN_PASSWORD_LINE);
      expect(existsSync(join(ownDataDir, 'pg'))).toBe(false);
      expect(await login('External@12345')).toMatchObject({ code: 0 });
      const users = await query('SELECT username FROM users', url.toString());
      expect(users.rows).toEqual([{ username: 'admin' }]);
      run.child.kill('SIGTERM');
      expect(await run.exited).toBe(0);
    } finally {
      rmSync(ownDataDir, { recursive: true, force: true });
      await query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    }
  });
});
