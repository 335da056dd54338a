import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, truncateSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restoreCluster, RestoreRefused, takeBaseBackup, verifyBackup } from '../../src/server/modules/backup';
import { isProcessAlive } from '../../src/server/pid-lock';
import { buildForNode } from './build-for-node';
import { freePort } from './free-port';

// The embedded PostgreSQL archiving into a backup folder; a server stands in a child process that gets kill -9'd.
let dataDir: string;
let backupDir: string;
let port: number;
let script: string;
let child: ChildProcess | undefined;
let url: string;
const logs: string[] = [];
const log = (line: string) => logs.push(line);

async function startChild(): Promise<void> {
  const started = spawn(process.execPath, [script, dataDir, String(port), join(backupDir, 'wal')], { stdio: ['ignore', 'pipe', 'inherit'] });
  url = await new Promise<string>((done, fail) => {
    let out = '';
    started.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((l) => l.includes('"ready"'));
      if (line) done((JSON.parse(line) as { connectionString: string }).connectionString);
    });
    started.on('exit', (code) => fail(new Error(`child exited with ${code}`)));
  });
  child = started;
}

async function sql<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** A scan the server acknowledged: its trace event committed. */
async function scan(note: string): Promise<number> {
  const [row] = await sql<{ id: string }>('INSERT INTO cylinder_traces (note) VALUES ($1) RETURNING id::text', [note]);
  return Number(row!.id);
}

const notes = async () => (await sql<{ note: string }>('SELECT note FROM cylinder_traces ORDER BY id')).map((r) => r.note);

/** Waits until the WAL holding everything committed so far is in the archive (archive_timeout is 1 s here). */
async function untilArchived(): Promise<void> {
  const [{ file }] = (await sql<{ file: string }>('SELECT pg_walfile_name(pg_current_wal_lsn()) AS file')) as [{ file: string }];
  const deadline = Date.now() + 60_000;
  for (;;) {
    const [row] = await sql<{ last: string | null; failed: string | null }>('SELECT last_archived_wal AS last, last_failed_wal AS failed FROM pg_stat_archiver');
    if (row!.last && row!.last.slice(8) >= file.slice(8)) return;
    // archive_timeout (1 s here) sends the segment out; past 5 s, force it as the server's backup job does.
    if (Date.now() > deadline - 55_000) await sql('SELECT pg_switch_wal()');
    if (Date.now() > deadline) {
      const tail = readFileSync(join(dataDir, 'pg', 'postgres.log'), 'utf8').split('\n').slice(-15).join('\n');
      throw new Error(`WAL ${file} not archived (last ${row!.last}, failed ${row!.failed}):\n${tail}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** kill -9 of the server and of its PostgreSQL. */
async function killAll(): Promise<void> {
  const postmaster = Number.parseInt(readFileSync(join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]!, 10);
  child!.kill('SIGKILL');
  process.kill(postmaster, 'SIGKILL');
  const deadline = Date.now() + 15_000;
  while ((isProcessAlive(postmaster) || child!.exitCode === null && child!.signalCode === null) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
  }
  // The postmaster's children notice it is gone within a moment.
  await new Promise((r) => setTimeout(r, 500));
  child = undefined;
}

const restore = (to?: Date) =>
  restoreCluster({ dataDir, backupDir, port, to, archiveTimeoutSeconds: 1, timeoutMs: 120_000, log });

beforeAll(async () => {
  dataDir = mkdtempSync(resolve('.tmp', 'backup-test-data-'));
  backupDir = mkdtempSync(resolve('.tmp', 'backup-test-backups-'));
  port = await freePort();
  script = await buildForNode('tests/server/fixtures/backup-child.ts');
  await startChild();
  await sql('CREATE TABLE cylinder_traces (id bigserial PRIMARY KEY, at timestamptz NOT NULL DEFAULT clock_timestamp(), note text)');
});

afterAll(async () => {
  if (child) await killAll().catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(backupDir, { recursive: true, force: true });
});

describe('backups of the embedded database', { timeout: 180_000 }, () => {
  it('archives continuously, and a base backup passes its verification (a restore into a scratch cluster)', async () => {
    const [settings] = await sql<{ mode: string; library: string }>(
      "SELECT current_setting('archive_mode') AS mode, current_setting('archive_library') AS library",
    );
    expect(settings).toEqual({ mode: 'on', library: 'basic_archive' });
    for (const n of ['a1', 'a2', 'a3']) await scan(n);
    const backup = await takeBaseBackup({ dataDir, backupDir, port, log });
    expect(backup.newestTrace?.id).toBe(3);
    expect(readFileSync(join(backupDir, 'base', backup.id, 'data', 'backup_label'), 'utf8')).toContain('START WAL LOCATION');
    const verification = await verifyBackup(backup.id, { dataDir, backupDir, timeoutMs: 120_000, log });
    expect(verification.error).toBeUndefined();
    expect(verification.ok).toBe(true);
    // The scratch cluster is gone.
    expect(readdirSync(backupDir).filter((n) => n.startsWith('.verify'))).toEqual([]);
  });

  it('restore refuses while a server runs on the folder, and leaves the folder as it was', async () => {
    const before = readdirSync(join(dataDir, 'pg')).sort();
    await expect(restore()).rejects.toBeInstanceOf(RestoreRefused);
    expect(readdirSync(join(dataDir, 'pg')).sort()).toEqual(before);
    expect(await notes()).toEqual(['a1', 'a2', 'a3']);
  });

  it('after kill -9 and the data folder deleted, the restore brings back every acknowledged scan and nothing else', async () => {
    for (const n of ['b1', 'b2', 'b3']) await scan(n);
    await untilArchived();
    await killAll();
    rmSync(dataDir, { recursive: true, force: true });
    const result = await restore();
    expect(result.movedAside).toBeNull();
    expect(result.newestTrace?.id).toBe(6);
    await startChild();
    expect(await notes()).toEqual(['a1', 'a2', 'a3', 'b1', 'b2', 'b3']);
  });

  it('a point-in-time restore to a moment between two scans holds exactly the first; the replaced folder is kept', async () => {
    const c1 = await scan('c1');
    await new Promise((r) => setTimeout(r, 1200));
    const between = new Date();
    await new Promise((r) => setTimeout(r, 1200));
    await scan('c2');
    await untilArchived();
    await killAll();
    const result = await restore(between);
    expect(result.movedAside).not.toBeNull();
    // The folder it replaced is kept whole, c2 and all.
    expect(existsSync(join(result.movedAside!, 'PG_VERSION'))).toBe(true);
    await startChild();
    expect(await notes()).toEqual(['a1', 'a2', 'a3', 'b1', 'b2', 'b3', 'c1']);
    expect(result.newestTrace?.id).toBe(c1);
    // Scans go on after the restore, on the new timeline, and are archived.
    await scan('d1');
    await untilArchived();
  });

  it('a base backup with a truncated file fails its verification; the next healthy one passes', async () => {
    const backup = await takeBaseBackup({ dataDir, backupDir, port, log });
    const data = join(backupDir, 'base', backup.id, 'data');
    const biggest = (dir: string): string => {
      let best = '';
      let size = -1;
      const walk = (d: string) => {
        for (const e of readdirSync(d, { withFileTypes: true })) {
          const p = join(d, e.name);
          if (e.isDirectory()) walk(p);
          else if (statSync(p).size > size) [best, size] = [p, statSync(p).size];
        }
      };
      walk(dir);
      return best;
    };
    const victim = biggest(join(data, 'base'));
    truncateSync(victim, Math.floor(statSync(victim).size / 2));
    const failed = await verifyBackup(backup.id, { dataDir, backupDir, timeoutMs: 120_000, log });
    expect(failed.ok).toBe(false);
    expect(failed.error).toMatch(/备份文件大小不符/);
    const healthy = await takeBaseBackup({ dataDir, backupDir, port, log });
    expect(await verifyBackup(healthy.id, { dataDir, backupDir, timeoutMs: 120_000, log })).toMatchObject({ ok: true });
  });
});
