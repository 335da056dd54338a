import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import pg from 'pg';
import type { BackupStatus } from '@shared/api/backup';
import type { AppConfig, BackupConfig } from '../../config';
import { EMBEDDED_DATABASE, EMBEDDED_SUPERUSER } from '../../db/embedded';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../lib/errors';
import { readSecrets } from '../../secrets';
import { postMessages, templateRecipients } from '../message';
import { listBackups, pruneBackups, takeBaseBackup, verifyBackup } from './backup.engine';
import * as q from './backup.queries';

/** What the backup job remembers between runs, beside the backups (BACKUP_DIR/job.json). */
interface JobState {
  lastError: string | null;
  lastFailureAt: string | null;
}

const stateFile = (b: BackupConfig) => join(b.dir, 'job.json');

function readState(b: BackupConfig): JobState {
  try {
    return JSON.parse(readFileSync(stateFile(b), 'utf8')) as JobState;
  } catch {
    return { lastError: null, lastFailureAt: null };
  }
}

function writeState(b: BackupConfig, state: JobState): void {
  mkdirSync(b.dir, { recursive: true });
  writeFileSync(stateFile(b), JSON.stringify(state, null, 2));
}

function folderSize(path: string): number {
  if (!existsSync(path)) return 0;
  const s = statSync(path);
  if (!s.isDirectory()) return s.size;
  return readdirSync(path).reduce((sum, name) => sum + folderSize(join(path, name)), 0);
}

/** The job runs in this process now (one process of a plant holds the advisory lock while it runs). */
let running: Promise<void> | null = null;

/** 数据备份's status: the backups in BACKUP_DIR and what PostgreSQL reports of its archive. */
export async function backupStatus(db: Kysely<DB>, config: AppConfig): Promise<BackupStatus> {
  const archiver = await q.archiverState(db);
  const backlog = await q.archiveBacklog(db);
  const archive = {
    mode: archiver.archiveMode,
    lastArchivedWal: archiver.lastArchivedWal,
    lastArchivedTime: archiver.lastArchivedTime,
    failedCount: archiver.failedCount,
    lastFailedWal: archiver.lastFailedWal,
    lastFailedTime: archiver.lastFailedTime,
    waiting: backlog?.waiting ?? null,
    lagMinutes: backlog ? (backlog.oldestSince ? Math.round((Date.now() - Date.parse(backlog.oldestSince)) / 6000) / 10 : 0) : null,
  };
  const b = config.backup;
  if (!b) {
    return {
      mode: config.databaseUrl ? 'external' : 'off', dir: null, lastBackup: null, lastVerification: null, lastVerifiedRestore: null,
      backupCount: 0, spaceUsedBytes: null, running: false, lastError: null, archive,
    };
  }
  const backups = listBackups(b.dir);
  const last = backups.at(-1);
  const verified = backups.filter((x) => x.verification);
  const lastVerified = [...verified].sort((x, y) => x.verification!.at.localeCompare(y.verification!.at)).at(-1);
  const lastOk = backups.filter((x) => x.verification?.ok).at(-1);
  return {
    mode: 'embedded',
    dir: b.dir,
    lastBackup: last ? { id: last.id, finishedAt: last.finishedAt, sizeBytes: last.sizeBytes, durationMs: last.durationMs } : null,
    lastVerification: lastVerified
      ? { backupId: lastVerified.id, at: lastVerified.verification!.at, ok: lastVerified.verification!.ok, error: lastVerified.verification!.error ?? null }
      : null,
    lastVerifiedRestore: lastOk ? { backupId: lastOk.id, at: lastOk.verification!.at } : null,
    backupCount: backups.length,
    spaceUsedBytes: folderSize(join(b.dir, 'base')) + folderSize(join(b.dir, 'wal')),
    running: running !== null,
    lastError: readState(b).lastError,
    archive,
  };
}

/** Alerts to administrators in 消息中心, once per cause until it clears (alert_marks, cause 'backup'). */
async function raise(db: Kysely<DB>, key: string, reason: string): Promise<void> {
  if (!(await q.markAlert(db, key))) return;
  const users = await templateRecipients(db, 'backup');
  await postMessages(db, users.map((userId) => ({ userId, kind: 'backup', title: '数据备份异常', content: reason.slice(0, 1900), link: '/Setting/Backup', subjectKey: key })));
}

export interface JobDeps {
  db: Kysely<DB>;
  config: AppConfig;
  log: (line: string) => void;
}

function superuserUrl(config: AppConfig): string {
  const password = readSecrets(config.dataDir).pgSuperuserPassword ?? '';
  return `postgres://${EMBEDDED_SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${config.embeddedPgPort}/${EMBEDDED_DATABASE}`;
}

/**
 * One run of the backup job: a base backup, its verification, then the pruning of what a newer verified backup
 * replaces. A failure is kept (job.json) and reaches administrators once; a later success clears it.
 */
export async function runBackupJob({ db, config, log }: JobDeps): Promise<void> {
  const b = config.backup;
  if (!b) throw new BusinessError('没有启用内置数据库的备份（外部数据库的备份由数据库管理员负责）');
  if (running) return running;
  running = (async () => {
    // One process of a plant at a time: a session advisory lock held for the run.
    const lockClient = new pg.Client({ connectionString: superuserUrl(config) });
    await lockClient.connect();
    try {
      if (!(await q.tryJobLock(lockClient))) return;
      let info;
      try {
        info = await takeBaseBackup({ dataDir: config.dataDir, backupDir: b.dir, port: config.embeddedPgPort, log });
      } catch (error) {
        const reason = `基础备份失败：${(error as Error).message}`;
        writeState(b, { lastError: reason, lastFailureAt: new Date().toISOString() });
        log(reason);
        await raise(db, 'backup-failed', reason);
        return;
      }
      await q.clearAlert(db, 'backup-failed');
      await verifyAndReport({ db, config, log }, info.id);
    } finally {
      await lockClient.end().catch(() => {});
    }
  })().finally(() => {
    running = null;
  });
  return running;
}

/**
 * Verifies a base backup by a restore into a scratch cluster: a failure is kept (job.json) and reaches the
 * administrators once; a pass clears it and lets the backups a newer verified one replaces be pruned.
 */
export async function verifyAndReport({ db, config, log }: JobDeps, id: string): Promise<boolean> {
  const b = config.backup!;
  const verification = await verifyBackup(id, { dataDir: config.dataDir, backupDir: b.dir, timeoutMs: b.verifyTimeoutSeconds * 1000, log });
  if (!verification.ok) {
    const reason = `基础备份 ${id} 的恢复验证失败：${verification.error ?? ''}`;
    writeState(b, { lastError: reason, lastFailureAt: new Date().toISOString() });
    await raise(db, 'verify-failed', reason);
    return false;
  }
  await q.clearAlert(db, 'verify-failed');
  writeState(b, { lastError: null, lastFailureAt: null });
  pruneBackups(b.dir, { daily: b.keepDaily, weekly: b.keepWeekly, monthly: b.keepMonthly }, log);
  return true;
}

/** Starts a run in the background (立即备份): the screen follows it through the status. */
export function startBackupJob(deps: JobDeps): void {
  void runBackupJob(deps).catch((error: unknown) => deps.log(`The backup job failed: ${(error as Error).message}`));
}

/** Whether the nightly base backup is due: none yet (first start), or none since today's BACKUP_HOUR. */
export function backupDue(b: BackupConfig, now = new Date()): boolean {
  const state = readState(b);
  // A failed run is tried again an hour later, not at every tick.
  if (state.lastFailureAt && now.getTime() - Date.parse(state.lastFailureAt) < 3_600_000) return false;
  const last = listBackups(b.dir).at(-1);
  if (!last) return true;
  const mark = new Date(now.getFullYear(), now.getMonth(), now.getDate(), b.hour);
  return now >= mark && Date.parse(last.startedAt) < mark.getTime();
}

/** The WAL file the previous tick saw being written. */
let lastSeen: { file: string; since: number } | null = null;

/**
 * archive_timeout normally sends a written segment out; should one segment still be the current one a whole tick
 * later (seen once, after a restore), the job closes it itself, so what the archive lacks stays within a tick or two.
 * pg_switch_wal does nothing when nothing was written since the last switch.
 */
export async function pushStaleSegment(db: Kysely<DB>, archiveTimeoutSeconds: number): Promise<void> {
  const now = await q.currentWal(db);
  if (lastSeen?.file !== now.file) {
    lastSeen = { file: now.file, since: Date.now() };
  } else if (Date.now() - lastSeen.since >= archiveTimeoutSeconds * 1000) {
    await q.switchWal(db);
    lastSeen = null;
  }
}

/** The archive falling behind by more than BACKUP_LAG_ALERT_MINUTES raises a message; catching up clears it. */
export async function checkArchiveLag({ db, config }: JobDeps): Promise<void> {
  const b = config.backup;
  if (!b) return;
  await pushStaleSegment(db, b.archiveTimeoutSeconds);
  const status = await backupStatus(db, config);
  const lag = status.archive.lagMinutes;
  if (lag !== null && lag > b.lagAlertMinutes) {
    await raise(db, 'archive-lag', `WAL 归档落后 ${Math.round(lag)} 分钟（${status.archive.waiting ?? 0} 个文件等待归档，最近失败：${status.archive.lastFailedWal ?? '无'}）。请检查备份目录 ${b.dir} 是否可写、空间是否充足。`);
  } else if (lag !== null) {
    await q.clearAlert(db, 'archive-lag');
  }
}
