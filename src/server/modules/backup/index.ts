import { serverModule } from '../module';
import { backupRoutes } from './backup.routes';

/** Backups of the embedded database (issue 33): continuous WAL archiving, verified base backups, the restore. */
export const module = serverModule('backup', backupRoutes);

export {
  checkManifest, listBackups, pruneBackups, restoreCluster, RestoreRefused, takeBaseBackup, verifyBackup,
  type BackupInfo, type RestoreResult, type Verification,
} from './backup.engine';
export { verifyAndReport } from './backup.service';
