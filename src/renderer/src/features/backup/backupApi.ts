import { BACKUP } from '@shared/api/backup';
import { api } from '@renderer/store/api';
import { mutationOf, queryOf } from '@renderer/store/endpoints';

/** 数据备份 (src/shared/api/backup.ts). */
export const backupApi = api.injectEndpoints({
  endpoints: (b) => ({
    backupStatus: queryOf(b, BACKUP.status, { keepUnusedDataFor: 0, tags: ['Backup'] }),
    runBackup: mutationOf(b, BACKUP.run, { tags: ['Backup'] }),
  }),
});
