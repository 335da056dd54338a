import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import type { BackupStatus } from '@shared/api/backup';
import { PageLoading } from '@renderer/components/PageLoading';
import { useT } from '@renderer/i18n/useT';
import { notify } from '@renderer/notify/toast';
import { usePermission } from '@renderer/permission/permission';
import { backupApi } from './backupApi';

const time = (iso: string | null | undefined): string => (iso ? new Date(iso).toLocaleString() : '');
const size = (bytes: number | null): string => (bytes === null ? '' : bytes >= 1024 ** 3 ? `${(bytes / 1024 ** 3).toFixed(2)} GB` : `${(bytes / 1024 ** 2).toFixed(1)} MB`);

function Row({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Stack direction="row" spacing={2} sx={{ py: 0.5 }}>
      <Typography sx={{ width: 180, color: 'text.secondary' }}>{label}</Typography>
      <Typography data-testid={testId}>{value}</Typography>
    </Stack>
  );
}

/** 数据备份: last base backup, last verified restore, the WAL archive's state and lag, space used; 立即备份. */
export default function BackupPage() {
  const t = useT();
  const { data, isLoading } = backupApi.useBackupStatusQuery(undefined, { pollingInterval: 5_000 });
  const [run, { isLoading: starting }] = backupApi.useRunBackupMutation();
  const canRun = usePermission(['backup:run']);
  if (isLoading || !data) return <PageLoading />;
  const s: BackupStatus = data;
  const none = t('backup.none');
  const start = async () => {
    try {
      await run().unwrap();
      notify(t('backup.started'), 'success');
    } catch {
      // The envelope's message is shown by the http layer.
    }
  };
  return (
    <Box sx={{ p: 2 }}>
      <Stack spacing={2} sx={{ maxWidth: 900 }}>
        <Alert severity={s.mode === 'embedded' ? 'info' : 'warning'}>{t(`backup.${s.mode}`)}</Alert>
        {s.mode === 'embedded' && (
          <Paper sx={{ p: 2 }}>
            <Row label={t('backup.dir')} value={s.dir ?? ''} />
            <Row label={t('backup.lastBackup')} testId="backup-last"
              value={s.lastBackup ? `${time(s.lastBackup.finishedAt)}（${size(s.lastBackup.sizeBytes)}，${(s.lastBackup.durationMs / 1000).toFixed(1)} s）` : none} />
            <Row label={t('backup.lastVerification')} testId="backup-verification"
              value={s.lastVerification ? `${time(s.lastVerification.at)} ${t(s.lastVerification.ok ? 'backup.passed' : 'backup.failed')}${s.lastVerification.error ? `：${s.lastVerification.error}` : ''}` : none} />
            <Row label={t('backup.lastVerifiedRestore')} value={s.lastVerifiedRestore ? time(s.lastVerifiedRestore.at) : none} />
            <Row label={t('backup.count')} value={String(s.backupCount)} />
            <Row label={t('backup.space')} value={size(s.spaceUsedBytes)} />
            {s.lastError && <Alert severity="error" sx={{ mt: 1 }}>{t('backup.lastError')}：{s.lastError}</Alert>}
            <Stack direction="row" spacing={2} sx={{ mt: 2, alignItems: 'center' }}>
              {canRun && <Button variant="contained" disabled={s.running || starting} onClick={() => void start()}>{t('backup.runNow')}</Button>}
              {s.running && <Typography color="text.secondary">{t('backup.running')}</Typography>}
            </Stack>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>{t('backup.restoreHint')}</Typography>
          </Paper>
        )}
        <Paper sx={{ p: 2 }}>
          <Row label={t('backup.archiveMode')} value={s.archive.mode} />
          <Row label={t('backup.lastArchived')} value={s.archive.lastArchivedWal ? `${s.archive.lastArchivedWal}（${time(s.archive.lastArchivedTime)}）` : none} />
          <Row label={t('backup.archiveFailures')} value={String(s.archive.failedCount)} />
          <Row label={t('backup.lastFailed')} value={s.archive.lastFailedWal ? `${s.archive.lastFailedWal}（${time(s.archive.lastFailedTime)}）` : none} />
          <Row label={t('backup.lag')}
            value={s.archive.lagMinutes === null ? '' : t('backup.lagValue', { minutes: s.archive.lagMinutes, waiting: s.archive.waiting ?? 0 })} />
        </Paper>
      </Stack>
    </Box>
  );
}
