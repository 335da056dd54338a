import { sql, type Kysely } from 'kysely';
import type pg from 'pg';
import type { DB } from '../../db/schema';

/**
 * The statements of backups: the low-level backup API on one session (pg_backup_start and pg_backup_stop must be
 * called on the same connection), the newest trace event a backup must hold, and what pg_stat_archiver shows.
 */

export interface TraceMark {
  id: number;
  /** ISO time of the event. */
  at: string;
}

/** The newest event of the trace (cylinder_traces), the one a restored copy must still hold. */
export async function newestTrace(client: pg.ClientBase): Promise<TraceMark | null> {
  const r = await client.query<{ id: string; at: Date }>('SELECT t.id::text AS id, t.at FROM cylinder_traces t ORDER BY t.id DESC LIMIT 1');
  const row = r.rows[0];
  return row ? { id: Number(row.id), at: row.at.toISOString() } : null;
}

/** The trace event with this id, when the database holds it. */
export async function traceById(client: pg.ClientBase, id: number): Promise<TraceMark | null> {
  const r = await client.query<{ id: string; at: Date }>('SELECT id::text AS id, at FROM cylinder_traces WHERE id = $1', [id]);
  const row = r.rows[0];
  return row ? { id: Number(row.id), at: row.at.toISOString() } : null;
}

/** Starts a base backup (with an immediate checkpoint); the WAL file the restore starts from. */
export async function backupStart(client: pg.ClientBase, label: string): Promise<string> {
  const r = await client.query<{ file: string }>('SELECT pg_walfile_name(pg_backup_start($1, true)) AS file', [label]);
  return r.rows[0]!.file;
}

/** Ends the base backup once the WAL it needs is archived: the backup_label (and tablespace_map) to store with it. */
export async function backupStop(client: pg.ClientBase): Promise<{ lsn: string; labelfile: string; spcmapfile: string }> {
  const r = await client.query<{ lsn: string; labelfile: string; spcmapfile: string }>(
    'SELECT lsn::text AS lsn, labelfile, spcmapfile FROM pg_backup_stop(true)',
  );
  return r.rows[0]!;
}

/** Whether the cluster is still replaying WAL (a restore or a verification in progress). */
export async function inRecovery(client: pg.ClientBase): Promise<boolean> {
  const r = await client.query<{ r: boolean }>('SELECT pg_is_in_recovery() AS r');
  return r.rows[0]!.r;
}

/** Sets how long a statement of this session may run (the wait for the archive at the end of a backup). */
export async function setStatementTimeout(client: pg.ClientBase, ms: number): Promise<void> {
  await client.query(`SELECT set_config('statement_timeout', $1, false)`, [String(ms)]);
}

/** Takes a session advisory lock without waiting: one process of a plant runs the backup job. */
export async function tryJobLock(client: pg.ClientBase): Promise<boolean> {
  const r = await client.query<{ ok: boolean }>(`SELECT pg_try_advisory_lock(hashtext('backup-job')) AS ok`);
  return r.rows[0]!.ok;
}

export interface ArchiverState {
  archiveMode: string;
  archivedCount: number;
  lastArchivedWal: string | null;
  lastArchivedTime: string | null;
  failedCount: number;
  lastFailedWal: string | null;
  lastFailedTime: string | null;
}

/** What pg_stat_archiver and the settings show of the archive, on any PostgreSQL. */
export async function archiverState(db: Kysely<DB>): Promise<ArchiverState> {
  const r = await sql<{
    archive_mode: string; archived_count: string; last_archived_wal: string | null; last_archived_time: Date | null;
    failed_count: string; last_failed_wal: string | null; last_failed_time: Date | null;
  }>`SELECT current_setting('archive_mode') AS archive_mode, archived_count::text, last_archived_wal, last_archived_time,
      failed_count::text, last_failed_wal, last_failed_time FROM pg_stat_archiver`.execute(db);
  const row = r.rows[0]!;
  return {
    archiveMode: row.archive_mode,
    archivedCount: Number(row.archived_count),
    lastArchivedWal: row.last_archived_wal,
    lastArchivedTime: row.last_archived_time?.toISOString() ?? null,
    failedCount: Number(row.failed_count),
    lastFailedWal: row.last_failed_wal,
    lastFailedTime: row.last_failed_time?.toISOString() ?? null,
  };
}

/**
 * The archive's lag: WAL segments finished but not yet archived (their .ready marks) and since when the oldest
 * waits. Needs the superuser (the embedded server's own connection); null where it may not be read.
 */
export async function archiveBacklog(db: Kysely<DB>): Promise<{ waiting: number; oldestSince: string | null } | null> {
  try {
    const r = await sql<{ waiting: string; oldest: Date | null }>`SELECT count(*)::text AS waiting, min(modification) AS oldest
      FROM pg_ls_archive_statusdir() WHERE name LIKE '%.ready'`.execute(db);
    const row = r.rows[0]!;
    return { waiting: Number(row.waiting), oldestSince: row.oldest?.toISOString() ?? null };
  } catch {
    return null;
  }
}

/** Opens the mark of a backup alert; false when it is already open (the administrators were told already). */
export async function markAlert(db: Kysely<DB>, key: string): Promise<boolean> {
  const r = await sql<{ id: string }>`insert into alert_marks (cause, subject_key) values ('backup', ${key})
    on conflict (cause, subject_key) where cleared_at is null do nothing returning id::text as id`.execute(db);
  return r.rows.length > 0;
}

/** Closes the mark once its cause is gone, so a recurrence is told again. */
export async function clearAlert(db: Kysely<DB>, key: string): Promise<void> {
  await sql`update alert_marks set cleared_at = now() where cause = 'backup' and subject_key = ${key} and cleared_at is null`.execute(db);
}

/** The WAL file being written now and the position in it. */
export async function currentWal(db: Kysely<DB>): Promise<{ file: string; lsn: string }> {
  const r = await sql<{ file: string; lsn: string }>`SELECT pg_walfile_name(pg_current_wal_lsn()) AS file, pg_current_wal_lsn()::text AS lsn`.execute(db);
  return r.rows[0]!;
}

/** Closes the current WAL segment so the archive receives it (a no-op when nothing was written since the last switch). */
export async function switchWal(db: Kysely<DB>): Promise<void> {
  await sql`SELECT pg_switch_wal()`.execute(db);
}
