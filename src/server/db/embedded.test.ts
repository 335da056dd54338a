import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildForNode } from '../../../tests/server/build-for-node';
import { freePort } from '../../../tests/server/free-port';
import { isProcessAlive } from '../pid-lock';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded';

let dataDir: string;
let port: number;
const logs: string[] = [];
const log = (line: string) => logs.push(line);

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

function postmasterPid(): number {
  return Number.parseInt(readFileSync(join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]!, 10);
}

async function startChild(script: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [script, dataDir, String(port)], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((done, fail) => {
    child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('"ready"') && done());
    child.on('exit', (code) => fail(new Error(`child exited with ${code}`)));
  });
  return child;
}

beforeAll(async () => {
  dataDir = mkdtempSync(resolve('.tmp', 'embedded-test-'));
  port = await freePort();
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('startEmbeddedPostgres', () => {
  let server: EmbeddedPostgres | undefined;
  afterAll(async () => server?.stop());

  it('creates the cluster on first start: 127.0.0.1 only, no unix socket, password auth, UTF8', async () => {
    server = await startEmbeddedPostgres({ dataDir, port, log });
    expect(logs.join('\n')).toContain('Creating the embedded PostgreSQL cluster');
    const [settings] = await query<Record<string, string>>(
      server.connectionString,
      `SELECT current_setting('listen_addresses') AS listen, current_setting('unix_socket_directories') AS sockets,
              current_setting('server_encoding') AS encoding, current_setting('password_encryption') AS pw`,
    );
    expect(settings).toEqual({ listen: '127.0.0.1', sockets: '', encoding: 'UTF8', pw: 'scram-sha-256' });
    const wrong = server.connectionString.replace(/:[^:@/]+@/, ':wrong@');
    await expect(query(wrong, 'SELECT 1')).rejects.toThrow(/password authentication failed/);
    await query(server.connectionString, 'CREATE TABLE kept_across_restarts (id int)');
  });

  it('stops cleanly and reuses the cluster on the next start', async () => {
    const pid = postmasterPid();
    await server!.stop();
    expect(isProcessAlive(pid)).toBe(false);
    await expect(query(server!.connectionString, 'SELECT 1')).rejects.toThrow();
    logs.length = 0;
    server = await startEmbeddedPostgres({ dataDir, port, log });
    expect(logs.join('\n')).not.toContain('Creating');
    const rows = await query(server.connectionString, "SELECT to_regclass('kept_across_restarts') AS t");
    expect(rows).toEqual([{ t: 'kept_across_restarts' }]);
    await server.stop();
    server = undefined;
  });

  it('refuses a second live server on the same DATA_DIR and recovers after that server is killed -9', async () => {
    const child = await startChild(await buildForNode('tests/server/fixtures/embedded-child.ts'));
    const orphan = postmasterPid();
    await expect(startEmbeddedPostgres({ dataDir, port, log })).rejects.toThrow(
      `held by another running server (pid ${child.pid})`,
    );

    child.kill('SIGKILL');
    await new Promise((done) => child.once('exit', done));
    // The PostgreSQL it started outlives it and still holds the cluster: the case we must handle.
    expect(isProcessAlive(orphan)).toBe(true);

    logs.length = 0;
    server = await startEmbeddedPostgres({ dataDir, port, log });
    expect(logs.join('\n')).toContain(`earlier run (pid ${orphan})`);
    expect(isProcessAlive(orphan)).toBe(false);
    expect(await query(server.connectionString, 'SELECT 1 AS ok')).toEqual([{ ok: 1 }]);
  });

  it('removes a postmaster.pid whose process is gone (e.g. after a power cut) and starts', async () => {
    await server!.stop();
    const gone = spawn(process.execPath, ['-e', '']);
    await new Promise((done) => gone.once('exit', done));
    const pidFile = join(dataDir, 'pg', 'postmaster.pid');
    writeFileSync(pidFile, `${gone.pid}\n${join(dataDir, 'pg')}\n`);
    server = await startEmbeddedPostgres({ dataDir, port, log });
    expect(postmasterPid()).not.toBe(gone.pid);
    expect(await query(server.connectionString, 'SELECT 1 AS ok')).toEqual([{ ok: 1 }]);
  });
});
