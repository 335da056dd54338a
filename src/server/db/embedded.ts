import { chownSync, existsSync, mkdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { acquirePidLock, isProcessAlive } from '../pid-lock';
import { getOrCreateSecret } from '../secrets';
import { ensureTraversable, resolvePgBinaries, resolveRunAs, runPg, type PgBinaries, type RunAs } from './pg-process';
import { watch } from './watchdog';

export interface EmbeddedPostgresOptions {
  /** DATA_DIR: the cluster lives in DATA_DIR/pg, the app lock is DATA_DIR/server.pid. */
  dataDir: string;
  port: number;
  log: (line: string) => void;
  /** Continuous archiving of the WAL into `dir` (basic_archive), a segment at least every `timeoutSeconds`. */
  archive?: { dir: string; timeoutSeconds: number };
  /**
   * More postgresql.conf lines, written after ours. Tests only (tests/server/global-setup.ts): a throw-away cluster
   * that need not survive a crash turns off fsync; the product never passes any.
   */
  extraSettings?: string[];
}

export interface EmbeddedPostgres {
  connectionString: string;
  /** Stops PostgreSQL (fast shutdown) and releases the DATA_DIR lock. Safe to call twice. */
  stop(): Promise<void>;
}

/** How often the server checks that its PostgreSQL still runs; a failed restart waits longer, up to WATCH_MAX_DELAY_MS. */
export const WATCH_INTERVAL_MS = 2000;
const WATCH_MAX_DELAY_MS = 60_000;

export const EMBEDDED_SUPERUSER = 'postgres';
export const EMBEDDED_DATABASE = 'cylinder_trace';

interface Cluster {
  dir: string;
  bin: PgBinaries;
  runAs: RunAs;
  cwd: string;
}

/**
 * Starts the PostgreSQL shipped with the app on 127.0.0.1:port with its cluster in DATA_DIR/pg:
 * created on the first run, reused after. A server of ours killed earlier (kill -9) leaves PostgreSQL
 * running on our cluster; it is stopped before we start our own. A live server on the same DATA_DIR is refused.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const { dataDir, port, log } = options;
  mkdirSync(dataDir, { recursive: true });
  const lock = acquirePidLock(join(dataDir, 'server.pid'));
  let cluster: Cluster | undefined;
  try {
    const runAs = resolveRunAs(log);
    cluster = { dir: join(dataDir, 'pg'), bin: await resolvePgBinaries(), runAs, cwd: dataDir };
    ensureTraversable(cluster.dir, runAs, log);
    const password = getOrCreateSecret(dataDir, 'pgSuperuserPassword');
    if (!existsSync(join(cluster.dir, 'PG_VERSION'))) await initCluster(cluster, password, log);
    await clearStalePostmaster(cluster, log);
    if (options.archive) prepareArchiveDir(options.archive.dir, runAs, log);
    writeSettings(cluster, port, options.archive, options.extraSettings);
    await startCluster(cluster, port);
    const connectionString = await ensureDatabase(port, password);
    log(`Embedded PostgreSQL running on 127.0.0.1:${port} (data in ${cluster.dir})`);
    const running = cluster;
    // PostgreSQL may die (the OOM killer, a crash) or be stopped under the server: start it again, so the
    // stations are answered again as soon as it is back (meanwhile they get 数据库连接中断，请稍后重试).
    const watchdog = watch({
      name: 'The embedded PostgreSQL',
      isRunning: () => postmasterRunning(running),
      restart: async () => {
        await clearStalePostmaster(running, log);
        writeSettings(running, port, options.archive, options.extraSettings);
        await startCluster(running, port);
      },
      log,
      intervalMs: WATCH_INTERVAL_MS,
      maxDelayMs: WATCH_MAX_DELAY_MS,
    });
    let stopped = false;
    return {
      connectionString,
      async stop() {
        if (stopped) return;
        stopped = true;
        try {
          await watchdog.stop();
          const pid = postmasterPid(running);
          const start = pid !== undefined && postmasterRunning(running) ? processStart(pid) : undefined;
          if (postmasterRunning(running)) {
            await runPg(running.bin.pg_ctl, ['stop', '-D', running.dir, '-m', 'fast', '-w', '-t', '60'], running.runAs, running.cwd);
          }
          // pg_ctl returns once postmaster.pid is gone; the process itself may still be exiting. Whoever stops
          // the server next (a new start on the same folder, the desktop app quitting) must find it gone.
          if (pid !== undefined) await exited(pid, start, 15_000);
        } finally {
          lock.release();
        }
      },
    };
  } catch (error) {
    if (cluster && existsSync(join(cluster.dir, 'postmaster.pid'))) {
      await runPg(cluster.bin.pg_ctl, ['stop', '-D', cluster.dir, '-m', 'fast', '-w'], cluster.runAs, cluster.cwd).catch(() => {});
    }
    lock.release();
    throw error;
  }
}

async function initCluster(cluster: Cluster, password: string, log: (line: string) => void): Promise<void> {
  log(`Creating the embedded PostgreSQL cluster in ${cluster.dir}`);
  // A directory without PG_VERSION is the remains of an interrupted initdb: start over.
  rmSync(cluster.dir, { recursive: true, force: true });
  mkdirSync(cluster.dir, { recursive: true, mode: 0o700 });
  const pwFile = join(cluster.cwd, `.pg-pwfile-${process.pid}`);
  writeFileSync(pwFile, `${password}\n`, { mode: 0o600 });
  if (cluster.runAs.uid !== undefined) {
    chownSync(cluster.dir, cluster.runAs.uid, cluster.runAs.gid!);
    chownSync(pwFile, cluster.runAs.uid, cluster.runAs.gid!);
  }
  try {
    await runPg(
      cluster.bin.initdb,
      [
        `--pgdata=${cluster.dir}`,
        `--username=${EMBEDDED_SUPERUSER}`,
        `--pwfile=${pwFile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        '--locale=C',
        // 1 MB WAL segments (16 MB by default): with archive_timeout forcing a segment out every minute of
        // writes, the archive grows by at most 1.4 GB a day of light use rather than 23 GB.
        '--wal-segsize=1',
      ],
      cluster.runAs,
      cluster.cwd,
    );
  } catch (error) {
    rmSync(cluster.dir, { recursive: true, force: true });
    throw error;
  } finally {
    unlinkSync(pwFile);
  }
  writeFileSync(join(cluster.dir, 'postgresql.conf'), "\ninclude_if_exists = 'embedded.conf'\n", { flag: 'a' });
}

/** A value quoted for postgresql.conf. */
export const confString = (value: string): string => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/** The settings that archive every WAL segment into `dir` with the shipped basic_archive module (no shell command). */
export function archiveSettings(archive: { dir: string; timeoutSeconds: number }): string[] {
  return [
    'archive_mode = on',
    "archive_library = 'basic_archive'",
    `basic_archive.archive_directory = ${confString(archive.dir)}`,
    `archive_timeout = ${archive.timeoutSeconds}`,
  ];
}

/** The archive folder exists and PostgreSQL (another OS user when we run as root) may write into it. */
export function prepareArchiveDir(dir: string, runAs: RunAs, log: (line: string) => void): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (runAs.uid !== undefined) {
    chownSync(dir, runAs.uid, runAs.gid!);
    ensureTraversable(dir, runAs, log);
  }
}

/** Our settings, rewritten at every start because EMBEDDED_PG_PORT or the backup settings may have changed. */
function writeSettings(cluster: Cluster, port: number, archive: EmbeddedPostgresOptions['archive'], extra: string[] = []): void {
  writeEmbeddedConf(cluster.dir, cluster.runAs, [
    "listen_addresses = '127.0.0.1'",
    `port = ${port}`,
    // No unix socket: nothing outside our TCP port can reach the cluster, and no clash with /var/run.
    "unix_socket_directories = ''",
    ...(archive ? archiveSettings(archive) : []),
    ...extra,
  ]);
}

/** Writes the cluster's embedded.conf (included by its postgresql.conf), owned by the PostgreSQL user. */
export function writeEmbeddedConf(dir: string, runAs: RunAs, settings: string[]): void {
  const file = join(dir, 'embedded.conf');
  writeFileSync(file, ['# Written by the server at every start; edits are overwritten.', ...settings].join('\n') + '\n');
  if (runAs.uid !== undefined) chownSync(file, runAs.uid, runAs.gid!);
}

function isPostgresProcess(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgres');
  } catch {
    // No /proc (macOS, Windows): trust the pid file.
    return process.platform !== 'linux';
  }
}

/** When the process began (clock ticks after boot, /proc/<pid>/stat field 22): with the pid, one process. Linux only. */
function processStart(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

/**
 * Waits until the process is gone (polling), at most `ms`. The process is known by its pid and start time, not by its
 * command line: an exiting process's /proc/<pid>/cmdline already reads empty while it still runs (a full test run once
 * saw the postmaster alive after stop() had returned).
 */
async function exited(pid: number, start: string | undefined, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  const same = () => (start === undefined ? isPostgresProcess(pid) : processStart(pid) === start);
  while (isProcessAlive(pid) && same() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
}

/** The pid in the cluster's postmaster.pid, when the file is there. */
function postmasterPid(cluster: Cluster): number | undefined {
  try {
    return Number.parseInt(readFileSync(join(cluster.dir, 'postmaster.pid'), 'utf8').split('\n')[0] ?? '', 10);
  } catch {
    return undefined;
  }
}

/** Whether a PostgreSQL runs on the cluster (its postmaster.pid names a live postgres process). */
function postmasterRunning(cluster: Cluster): boolean {
  const pid = postmasterPid(cluster);
  return pid !== undefined && isProcessAlive(pid) && isPostgresProcess(pid);
}

/** postmaster.pid with a live PostgreSQL → stop it; with a dead or reused pid → remove the file. */
async function clearStalePostmaster(cluster: Cluster, log: (line: string) => void): Promise<void> {
  const pidFile = join(cluster.dir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number.parseInt(readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
  if (isProcessAlive(pid) && isPostgresProcess(pid)) {
    log(`A PostgreSQL left by an earlier run (pid ${pid}) still holds ${cluster.dir}: stopping it`);
    await runPg(cluster.bin.pg_ctl, ['stop', '-D', cluster.dir, '-m', 'fast', '-w', '-t', '60'], cluster.runAs, cluster.cwd);
    return;
  }
  log(`Removing the stale ${pidFile} (pid ${pid} is gone)`);
  unlinkSync(pidFile);
}

async function startCluster(cluster: Cluster, port: number): Promise<void> {
  const logFile = join(cluster.dir, 'postgres.log');
  try {
    await runPg(cluster.bin.pg_ctl, ['start', '-D', cluster.dir, '-l', logFile, '-w', '-t', '60'], cluster.runAs, cluster.cwd);
  } catch (error) {
    const tail = existsSync(logFile) ? readFileSync(logFile, 'utf8').trim().split('\n').slice(-5).join('\n') : '';
    throw new Error(
      `The embedded PostgreSQL did not start on 127.0.0.1:${port} (is EMBEDDED_PG_PORT in use?).\n${tail || (error as Error).message}`,
    );
  }
}

/** Creates the application database on first run; returns its URL. */
async function ensureDatabase(port: number, password: string): Promise<string> {
  const base = `postgres://${EMBEDDED_SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}`;
  const client = new pg.Client({ connectionString: `${base}/postgres` });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [EMBEDDED_DATABASE]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${EMBEDDED_DATABASE}`);
  } finally {
    await client.end();
  }
  return `${base}/${EMBEDDED_DATABASE}`;
}
