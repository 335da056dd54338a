import dayjs from 'dayjs';
import { Paper, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useT } from '@renderer/i18n/useT';
import { usePermission } from '@renderer/permission/permission';
import { offlineApi } from './offlineApi';

const at = (iso: string | null | undefined) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm:ss') : '—');

/** 设备设置 for administrators: per workstation, how many scans wait on it and since when (as each last reported). */
function Queues() {
  const t = useT();
  const { data } = offlineApi.useWorkstationQueuesQuery(undefined, { pollingInterval: 30_000 });
  const rows = (data ?? []).filter((r) => r.waiting > 0);
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="subtitle1" sx={{ mb: 1 }}>{t('offline.queueTitle')}</Typography>
      {rows.length === 0 ? <Typography color="text.secondary">{t('offline.queueNone')}</Typography> : (
        <Table size="small" aria-label={t('offline.queueTitle')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('offline.queueWorkstation')}</TableCell>
              <TableCell>{t('offline.queueWaiting')}</TableCell>
              <TableCell>{t('offline.queueOldest')}</TableCell>
              <TableCell>{t('offline.queueReported')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.workstation}>
                <TableCell>{r.workstation}</TableCell>
                <TableCell>{r.waiting}</TableCell>
                <TableCell>{at(r.oldestAt)}</TableCell>
                <TableCell>{at(r.reportedAt)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
}

export function QueuesSection() {
  const admin = usePermission(['machine:view']);
  return admin ? <Queues /> : null;
}
