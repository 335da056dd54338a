import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from './endpoint';

const Text = Type.Union([Type.String(), Type.Null()]);
const Num = Type.Union([Type.Number(), Type.Null()]);

/**
 * 数据备份 (issue 33): what the server knows of the database's backups. `embedded`: the server archives the WAL and
 * takes a verified base backup every night; `external` (DATABASE_URL): backups are the DBA's, the screen shows what
 * PostgreSQL reports of its archive; `off`: BACKUP=off.
 */
export const BackupStatus = Type.Object({
  mode: Type.Union([Type.Literal('embedded'), Type.Literal('external'), Type.Literal('off')]),
  /** BACKUP_DIR (embedded). */
  dir: Text,
  lastBackup: Type.Union([Type.Null(), Type.Object({
    id: Type.String(), finishedAt: Type.String(), sizeBytes: Type.Number(), durationMs: Type.Number(),
  })]),
  /** The last verification (a restore into a scratch cluster) of any backup, passed or failed. */
  lastVerification: Type.Union([Type.Null(), Type.Object({
    backupId: Type.String(), at: Type.String(), ok: Type.Boolean(), error: Text,
  })]),
  /** The newest backup whose restore was proved. */
  lastVerifiedRestore: Type.Union([Type.Null(), Type.Object({ backupId: Type.String(), at: Type.String() })]),
  backupCount: Type.Integer(),
  /** Bytes the backup folder holds (base backups and archived WAL). */
  spaceUsedBytes: Num,
  /** A backup or verification runs now. */
  running: Type.Boolean(),
  /** The last failure of the backup job (null once a later run succeeded). */
  lastError: Text,
  archive: Type.Object({
    mode: Type.String(),
    lastArchivedWal: Text,
    lastArchivedTime: Text,
    failedCount: Type.Integer(),
    lastFailedWal: Text,
    lastFailedTime: Text,
    /** Finished WAL segments not archived yet (null where the server may not see it). */
    waiting: Type.Union([Type.Integer(), Type.Null()]),
    /** Minutes the oldest of them has waited: the archive's lag. */
    lagMinutes: Num,
  }),
});
export type BackupStatus = Static<typeof BackupStatus>;

/** Screen /Setting/Backup. */
export const BACKUP = {
  status: endpoint({
    method: 'GET', path: '/api/backup/status', summary: '数据备份状态', permission: 'backup:view', data: BackupStatus,
  }),
  run: endpoint({
    method: 'POST', path: '/api/backup/run', summary: '立即备份（基础备份并验证恢复）', permission: 'backup:run', data: BackupStatus,
  }),
};
