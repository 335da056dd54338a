import { createHash } from 'node:crypto';
import {
  chownSync, copyFileSync, createReadStream, createWriteStream, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync,
  renameSync, rmSync, statfsSync, statSync, writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { join, relative } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import pg from 'pg';
import { archiveSettings, confString, EMBEDDED_DATABASE, EMBEDDED_SUPERUSER, prepareArchiveDir, writeEmbeddedConf } from '../../db/embedded';
import { ensureTraversable, resolvePgBinaries, resolveRunAs, runPg, type PgBinaries, type RunAs } from '../../db/pg-process';
import { acquirePidLock, isProcessAlive } from '../../pid-lock';
import { readSecrets, secretsFile } from '../../secrets';
import * as q from './backup.queries';
import type { TraceMark } from './backup.queries';

/**
 * Base backups of the embedded cluster with PostgreSQL's own mechanism (the low-level backup API, the files of the
 * data folder and the backup_label it returns), their verification by a restore into a scratch cluster, the restore
 * of DATA_DIR/pg from a base backup plus the archived WAL (to the end, or to a moment), and the pruning of old ones.
 *
 * BACKUP_DIR/wal/        the archived WAL (basic_archive)
 * BACKUP_DIR/base/<id>/  data/ (the cluster's files with backup_label), secrets.json, manifest.json, backup.json
 */

export interface Verification {
  at: string;
  ok: boolean;
  durationMs: number;
  error?: string;
}

export interface BackupInfo {
  id: string;
  startedAt: string;
  finishedAt: string;
  durationMs: number;
  /** The first WAL file a restore of this backup needs. */
  startWalFile: string;
  stopLsn: string;
  sizeBytes: number;
  /** The newest trace event when the backup started: a restore of it must hold it. */
  newestTrace: TraceMark | null;
  verification?: Verification;
}

interface ManifestEntry {
  path: string;
  size: number;
  sha256: string;
}

export const walDir = (backupDir: string): string => join(backupDir, 'wal');
export const baseDir = (backupDir: string): string => join(backupDir, 'base');
const backupPath = (backupDir: string, id: string): string => join(baseDir(backupDir), id);

/** Files and folders of a data folder a base backup leaves out (PostgreSQL's "Backing Up the Data Directory"). */
const SKIP_FILES = new Set(['postmaster.pid', 'postmaster.opts', 'backup_label', 'tablespace_map', 'postgres.log', 'pg_internal.init']);
const EMPTY_DIRS = new Set(['pg_wal', 'pg_replslot', 'pg_dynshmem', 'pg_notify', 'pg_serial', 'pg_snapshots', 'pg_stat_tmp', 'pg_subtrans']);

/** 20261127-021500-123Z: sorts by time. */
const stamp = (d: Date): string => d.toISOString().replace(/[-:]/g, '').replace('.', '-').replace('T', '-');

function chownTree(path: string, runAs: RunAs): void {
  if (runAs.uid === undefined) return;
  chownSync(path, runAs.uid, runAs.gid!);
  if (!lstatSync(path).isDirectory()) return;
  for (const name of readdirSync(path)) chownTree(join(path, name), runAs);
}

/** Copies a file, returning its size and SHA-256 as copied. A file gone meanwhile (a dropped table) is skipped. */
async function copyHashed(from: string, to: string): Promise<{ size: number; sha256: string } | null> {
  const hash = createHash('sha256');
  let size = 0;
  try {
    await pipeline(
      createReadStream(from),
      new Transform({
        transform(chunk: Buffer, _enc, done) {
          hash.update(chunk);
          size += chunk.length;
          done(null, chunk);
        },
      }),
      createWriteStream(to, { mode: 0o600 }),
    );
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  return { size, sha256: hash.digest('hex') };
}

async function hashFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(path), hash);
  return hash.digest('hex');
}

async function copyDataDir(from: string, to: string, top: string, manifest: ManifestEntry[]): Promise<void> {
  mkdirSync(to, { recursive: true, mode: 0o700 });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) {
      if (from === top && EMPTY_DIRS.has(entry.name)) {
        mkdirSync(target, { mode: 0o700 });
        if (entry.name === 'pg_wal') mkdirSync(join(target, 'archive_status'), { mode: 0o700 });
        continue;
      }
      if (entry.name.startsWith('pgsql_tmp')) continue;
      await copyDataDir(source, target, top, manifest);
    } else if (entry.isFile()) {
      if ((from === top && SKIP_FILES.has(entry.name)) || entry.name === 'pg_internal.init' || entry.name.startsWith('pgsql_tmp')) continue;
      const copied = await copyHashed(source, target);
      if (copied) manifest.push({ path: relative(top, source), ...copied });
    }
  }
}

function superuserUrl(dataDir: string, port: number, database = EMBEDDED_DATABASE): string {
  const password = readSecrets(dataDir).pgSuperuserPassword ?? '';
  return `postgres://${EMBEDDED_SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

export interface BaseBackupOptions {
  dataDir: string;
  backupDir: string;
  /** The embedded cluster's port. */
  port: number;
  log: (line: string) => void;
  /** Longest wait for the archive at the end of the backup. */
  archiveWaitMs?: number;
}

/**
 * Takes a base backup of the running embedded cluster: pg_backup_start, a copy of the data folder's files (hashed
 * into manifest.json), pg_backup_stop (which waits until the WAL the backup needs is archived) and its backup_label.
 * The backup appears under base/ only once complete.
 */
export async function takeBaseBackup(options: BaseBackupOptions): Promise<BackupInfo> {
  const { dataDir, backupDir, port, log } = options;
  const started = new Date();
  const id = stamp(started);
  const partial = join(baseDir(backupDir), `${id}.partial`);
  const pgDir = join(dataDir, 'pg');
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true, mode: 0o700 });
  const client = new pg.Client({ connectionString: superuserUrl(dataDir, port) });
  await client.connect();
  try {
    const newest = await q.newestTrace(client);
    const startWalFile = await q.backupStart(client, `cylinder-trace ${id}`);
    const manifest: ManifestEntry[] = [];
    let stop: { lsn: string; labelfile: string; spcmapfile: string };
    try {
      await copyDataDir(pgDir, join(partial, 'data'), pgDir, manifest);
    } finally {
      await q.setStatementTimeout(client, options.archiveWaitMs ?? 600_000);
      stop = await q.backupStop(client);
    }
    const extras: Array<[string, string]> = [['backup_label', stop.labelfile]];
    if (stop.spcmapfile) extras.push(['tablespace_map', stop.spcmapfile]);
    for (const [name, text] of extras) {
      writeFileSync(join(partial, 'data', name), text, { mode: 0o600 });
      manifest.push({ path: name, size: Buffer.byteLength(text), sha256: createHash('sha256').update(text).digest('hex') });
    }
    // The superuser password the restored cluster expects (DATA_DIR may be lost with the disk).
    if (existsSync(secretsFile(dataDir))) copyFileSync(secretsFile(dataDir), join(partial, 'secrets.json'));
    writeFileSync(join(partial, 'manifest.json'), JSON.stringify({ files: manifest }));
    const finished = new Date();
    const info: BackupInfo = {
      id,
      startedAt: started.toISOString(),
      finishedAt: finished.toISOString(),
      durationMs: finished.getTime() - started.getTime(),
      startWalFile,
      stopLsn: stop.lsn,
      sizeBytes: manifest.reduce((sum, f) => sum + f.size, 0),
      newestTrace: newest,
    };
    writeFileSync(join(partial, 'backup.json'), JSON.stringify(info, null, 2));
    renameSync(partial, backupPath(backupDir, id));
    log(`Base backup ${id}: ${(info.sizeBytes / 1024 / 1024).toFixed(1)} MB in ${(info.durationMs / 1000).toFixed(1)} s`);
    return info;
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    throw error;
  } finally {
    await client.end().catch(() => {});
  }
}

/** The complete base backups, oldest first. */
export function listBackups(backupDir: string): BackupInfo[] {
  const dir = baseDir(backupDir);
  if (!existsSync(dir)) return [];
  const found: BackupInfo[] = [];
  for (const name of readdirSync(dir).sort()) {
    if (name.endsWith('.partial')) continue;
    try {
      found.push(JSON.parse(readFileSync(join(dir, name, 'backup.json'), 'utf8')) as BackupInfo);
    } catch {
      // Not a backup of ours (or its record is unreadable): left alone.
    }
  }
  return found;
}

function saveInfo(backupDir: string, info: BackupInfo): void {
  writeFileSync(join(backupPath(backupDir, info.id), 'backup.json'), JSON.stringify(info, null, 2));
}

/** Every file of the backup is there with the size and SHA-256 it had when copied; the first mismatch, or null. */
export async function checkManifest(backupDir: string, id: string): Promise<string | null> {
  const root = backupPath(backupDir, id);
  let files: ManifestEntry[];
  try {
    files = (JSON.parse(readFileSync(join(root, 'manifest.json'), 'utf8')) as { files: ManifestEntry[] }).files;
  } catch {
    return '备份清单 manifest.json 缺失或损坏';
  }
  for (const f of files) {
    const path = join(root, 'data', f.path);
    if (!existsSync(path)) return `备份文件缺失：${f.path}`;
    if (statSync(path).size !== f.size) return `备份文件大小不符：${f.path}`;
    if ((await hashFile(path)) !== f.sha256) return `备份文件内容不符：${f.path}`;
  }
  return null;
}

/** A free TCP port on 127.0.0.1 for a scratch cluster. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** restore_command fetching an archived WAL file (the shell's copy; PostgreSQL reads "not found" as the end). */
function restoreCommand(backupDir: string): string {
  const from = join(walDir(backupDir), '%f');
  return process.platform === 'win32' ? `copy "${from}" "%p"` : `cp "${from}" "%p"`;
}

interface RecoveryRun {
  dir: string;
  port: number;
  bin: PgBinaries;
  runAs: RunAs;
  cwd: string;
}

/** Lays a base backup's files into `dir` (which must not exist) for a recovery, owned by the PostgreSQL user. */
function layOut(backupDir: string, id: string, dir: string, runAs: RunAs): void {
  const source = join(backupPath(backupDir, id), 'data');
  const copy = (from: string, to: string) => {
    mkdirSync(to, { mode: 0o700 });
    for (const entry of readdirSync(from, { withFileTypes: true })) {
      if (entry.isDirectory()) copy(join(from, entry.name), join(to, entry.name));
      else copyFileSync(join(from, entry.name), join(to, entry.name));
    }
  };
  copy(source, dir);
  chownTree(dir, runAs);
}

/** Starts PostgreSQL on a laid-out copy and waits until recovery ended (promoted); throws with the log's tail. */
async function recover(run: RecoveryRun, timeoutMs: number, url: string): Promise<pg.Client> {
  const logFile = join(run.dir, 'postgres.log');
  const tail = () => (existsSync(logFile) ? readFileSync(logFile, 'utf8').trim().split('\n').slice(-6).join('\n') : '');
  const deadline = Date.now() + timeoutMs;
  try {
    await runPg(run.bin.pg_ctl, ['start', '-D', run.dir, '-l', logFile, '-w', '-t', String(Math.ceil(timeoutMs / 1000))], run.runAs, run.cwd);
  } catch (error) {
    throw new Error(`恢复的数据库未能启动：${tail() || (error as Error).message}`);
  }
  for (;;) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      if (!(await q.inRecovery(client))) return client;
      await client.end();
    } catch {
      await client.end().catch(() => {});
      if (!existsSync(join(run.dir, 'postmaster.pid'))) throw new Error(`恢复的数据库已退出：${tail()}`);
    }
    if (Date.now() > deadline) throw new Error(`恢复超时（${Math.round(timeoutMs / 1000)} 秒）：${tail()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function stopRun(run: RecoveryRun, mode: 'fast' | 'immediate'): Promise<void> {
  if (!existsSync(join(run.dir, 'postmaster.pid'))) return;
  await runPg(run.bin.pg_ctl, ['stop', '-D', run.dir, '-m', mode, '-w', '-t', '120'], run.runAs, run.cwd).catch(() => {});
}

export interface VerifyOptions {
  dataDir: string;
  backupDir: string;
  timeoutMs: number;
  log: (line: string) => void;
}

/**
 * Proves a base backup: its files match their manifest, and restored into a scratch cluster (its own folder and
 * port, no archiving) with the archived WAL up to the backup's end it starts and holds the backup's newest trace
 * event. The scratch cluster is removed whatever the outcome; the result is stored with the backup.
 */
export async function verifyBackup(id: string, options: VerifyOptions): Promise<Verification> {
  const { backupDir, timeoutMs } = options;
  const started = Date.now();
  const info = listBackups(backupDir).find((b) => b.id === id);
  if (!info) throw new Error(`没有备份 ${id}`);
  const scratch = join(backupDir, `.verify-${id}`);
  let run: RecoveryRun | undefined;
  let client: pg.Client | undefined;
  let error: string | undefined;
  try {
    error = (await checkManifest(backupDir, id)) ?? undefined;
    if (!error) {
      const free = statfsSync(backupDir);
      const needed = info.sizeBytes * 1.2 + 64 * 1024 * 1024;
      if (free.bavail * free.bsize < needed) error = `备份盘剩余空间不足以验证（需要约 ${Math.ceil(needed / 1024 / 1024)} MB）`;
    }
    if (!error) {
      const runAs = resolveRunAs(options.log);
      rmSync(scratch, { recursive: true, force: true });
      layOut(backupDir, id, scratch, runAs);
      ensureTraversable(scratch, runAs, options.log);
      run = { dir: scratch, port: await freePort(), bin: await resolvePgBinaries(), runAs, cwd: backupDir };
      writeEmbeddedConf(scratch, runAs, [
        "listen_addresses = '127.0.0.1'",
        `port = ${run.port}`,
        "unix_socket_directories = ''",
        // A scratch copy: small, never archiving into the plant's archive.
        'archive_mode = off',
        'shared_buffers = 16MB',
        `restore_command = ${confString(restoreCommand(backupDir))}`,
        "recovery_target = 'immediate'",
        "recovery_target_action = 'promote'",
      ]);
      writeFileSync(join(scratch, 'recovery.signal'), '');
      chownTree(join(scratch, 'recovery.signal'), runAs);
      const password = backupPassword(backupDir, id, options.dataDir);
      client = await recover(run, timeoutMs, `postgres://${EMBEDDED_SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${run.port}/${EMBEDDED_DATABASE}`);
      if (info.newestTrace) {
        const found = await q.traceById(client, info.newestTrace.id);
        if (!found || found.at !== info.newestTrace.at) error = `恢复的数据库缺少备份时最新的追溯记录（#${info.newestTrace.id}）`;
      }
    }
  } catch (e) {
    error = (e as Error).message;
  } finally {
    await client?.end().catch(() => {});
    if (run) await stopRun(run, 'immediate');
    rmSync(scratch, { recursive: true, force: true });
  }
  const verification: Verification = { at: new Date().toISOString(), ok: !error, durationMs: Date.now() - started, ...(error ? { error } : {}) };
  saveInfo(backupDir, { ...info, verification });
  options.log(error ? `Verification of base backup ${id} FAILED: ${error}` : `Base backup ${id} verified by a restore in ${(verification.durationMs / 1000).toFixed(1)} s`);
  return verification;
}

/** The superuser password the backup's cluster has (kept with the backup), else the current one. */
function backupPassword(backupDir: string, id: string, dataDir: string): string {
  const kept = join(backupPath(backupDir, id), 'secrets.json');
  try {
    const secrets = JSON.parse(readFileSync(kept, 'utf8')) as { pgSuperuserPassword?: string };
    if (secrets.pgSuperuserPassword) return secrets.pgSuperuserPassword;
  } catch {
    // Fall back to the data folder's.
  }
  return readSecrets(dataDir).pgSuperuserPassword ?? '';
}

/**
 * Keeps the newest verified backup of each of the last `daily` days, `weekly` weeks and `monthly` months, and any
 * backup newer than the newest verified one (not proved yet, so nothing older goes because of it); removes the
 * others and the archived WAL no kept backup needs. Nothing is pruned before one backup is verified.
 */
export function pruneBackups(backupDir: string, keep: { daily: number; weekly: number; monthly: number }, log: (line: string) => void): string[] {
  const all = listBackups(backupDir);
  const verified = all.filter((b) => b.verification?.ok);
  const newestVerified = verified.at(-1);
  if (!newestVerified) return [];
  const kept = new Set<string>(all.filter((b) => b.id > newestVerified.id).map((b) => b.id));
  const pick = (count: number, bucket: (d: Date) => string) => {
    const seen = new Set<string>();
    for (const b of [...verified].reverse()) {
      const key = bucket(new Date(b.startedAt));
      if (seen.has(key)) continue;
      if (seen.size >= count) break;
      seen.add(key);
      kept.add(b.id);
    }
  };
  pick(keep.daily, (d) => d.toISOString().slice(0, 10));
  pick(keep.weekly, (d) => {
    const monday = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - ((d.getUTCDay() + 6) % 7)));
    return monday.toISOString().slice(0, 10);
  });
  pick(keep.monthly, (d) => d.toISOString().slice(0, 7));
  const removed: string[] = [];
  for (const b of all) {
    if (kept.has(b.id)) continue;
    rmSync(backupPath(backupDir, b.id), { recursive: true, force: true });
    removed.push(b.id);
  }
  // The WAL before the oldest kept backup's start is needed by no restore (as pg_archivecleanup: timeline ignored).
  const oldest = all.filter((b) => kept.has(b.id)).map((b) => b.startWalFile.slice(8)).sort()[0];
  const wal = walDir(backupDir);
  if (oldest && existsSync(wal)) {
    for (const name of readdirSync(wal)) {
      if (/^[0-9A-F]{24}(\.partial)?$/.test(name) && name.slice(8, 24) < oldest) rmSync(join(wal, name), { force: true });
    }
  }
  if (removed.length > 0) log(`Pruned base backups ${removed.join(', ')} (kept ${[...kept].sort().join(', ')})`);
  return removed;
}

/* ---------------------------------------------------------------- restore */

export interface RestoreOptions {
  dataDir: string;
  backupDir: string;
  /** Where the restored cluster is started for its recovery (the server's EMBEDDED_PG_PORT: nothing else uses it). */
  port: number;
  /** Restore to this moment; absent → to the end of the archived WAL. */
  to?: Date;
  /** Archive again as the server does (the new timeline must reach the archive). */
  archiveTimeoutSeconds: number;
  timeoutMs: number;
  log: (line: string) => void;
}

export interface RestoreResult {
  backupId: string;
  /** Where the folder that was replaced now is (never deleted); null when there was none. */
  movedAside: string | null;
  newestTrace: TraceMark | null;
}

export class RestoreRefused extends Error {
  override name = 'RestoreRefused';
}

/**
 * The restored cluster expects the superuser password it had when backed up. A data folder without one (lost, or
 * recreated since) takes the backup's secrets whole, so the sessions of the time stay valid too.
 */
function restoreSecrets(kept: string, dataDir: string): void {
  if (!existsSync(kept)) return;
  const saved = JSON.parse(readFileSync(kept, 'utf8')) as Record<string, string>;
  const current = readSecrets(dataDir) as Record<string, string>;
  const merged = current.pgSuperuserPassword ? { ...current, pgSuperuserPassword: saved.pgSuperuserPassword } : { ...current, ...saved };
  writeFileSync(secretsFile(dataDir), JSON.stringify(merged, null, 2) + '\n', { mode: 0o600 });
}

function livePostmaster(pgDir: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[0] ?? '', 10);
    return isProcessAlive(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Rebuilds DATA_DIR/pg from the newest suitable base backup and the archived WAL: refuses while a server or a
 * PostgreSQL runs on the folder, moves the folder it replaces aside (DATA_DIR/pg.replaced-<time>), replays to the
 * end or to `to`, and reports the newest trace event of the restored database.
 */
export async function restoreCluster(options: RestoreOptions): Promise<RestoreResult> {
  const { dataDir, backupDir, to, log } = options;
  const pgDir = join(dataDir, 'pg');
  mkdirSync(dataDir, { recursive: true });
  let lock: { release(): void };
  try {
    lock = acquirePidLock(join(dataDir, 'server.pid'));
  } catch (error) {
    throw new RestoreRefused(`${(error as Error).message}。恢复前请先停止服务器。`);
  }
  try {
    const pid = livePostmaster(pgDir);
    if (pid !== undefined) throw new RestoreRefused(`PostgreSQL (pid ${pid}) 仍在使用 ${pgDir}：恢复前请先停止服务器。`);
    const candidates = listBackups(backupDir)
      .filter((b) => b.verification?.ok !== false)
      .filter((b) => !to || new Date(b.finishedAt).getTime() <= to.getTime())
      .reverse();
    let chosen: BackupInfo | undefined;
    for (const b of candidates) {
      const problem = await checkManifest(backupDir, b.id);
      if (!problem) {
        chosen = b;
        break;
      }
      log(`Base backup ${b.id} is damaged (${problem}); trying an older one`);
    }
    if (!chosen) throw new RestoreRefused(to ? `没有在 ${to.toISOString()} 之前完成的可用基础备份` : `${baseDir(backupDir)} 中没有可用的基础备份`);

    let movedAside: string | null = null;
    if (existsSync(pgDir)) {
      movedAside = `${pgDir}.replaced-${stamp(new Date())}`;
      renameSync(pgDir, movedAside);
      log(`The folder being replaced is kept as ${movedAside}`);
    }
    // DATA_DIR lost with the disk: the secrets the restored cluster and the sessions expect come back too.
    restoreSecrets(join(backupPath(backupDir, chosen.id), 'secrets.json'), dataDir);

    const runAs = resolveRunAs(log);
    ensureTraversable(pgDir, runAs, log);
    layOut(backupDir, chosen.id, pgDir, runAs);
    prepareArchiveDir(walDir(backupDir), runAs, log);
    const run: RecoveryRun = { dir: pgDir, port: options.port, bin: await resolvePgBinaries(), runAs, cwd: dataDir };
    writeEmbeddedConf(pgDir, runAs, [
      "listen_addresses = '127.0.0.1'",
      `port = ${run.port}`,
      "unix_socket_directories = ''",
      ...archiveSettings({ dir: walDir(backupDir), timeoutSeconds: options.archiveTimeoutSeconds }),
      `restore_command = ${confString(restoreCommand(backupDir))}`,
      "recovery_target_timeline = 'latest'",
      ...(to ? [`recovery_target_time = ${confString(to.toISOString().replace('T', ' ').replace('Z', '+00'))}`] : []),
      "recovery_target_action = 'promote'",
    ]);
    writeFileSync(join(pgDir, 'recovery.signal'), '');
    chownTree(join(pgDir, 'recovery.signal'), runAs);
    log(`Restoring base backup ${chosen.id} and the archived WAL${to ? ` up to ${to.toISOString()}` : ''} into ${pgDir}`);
    const client = await recover(run, options.timeoutMs, superuserUrl(dataDir, run.port));
    let newest: TraceMark | null;
    try {
      newest = await q.newestTrace(client);
    } finally {
      await client.end().catch(() => {});
      await stopRun(run, 'fast');
    }
    return { backupId: chosen.id, movedAside, newestTrace: newest };
  } finally {
    lock.release();
  }
}
