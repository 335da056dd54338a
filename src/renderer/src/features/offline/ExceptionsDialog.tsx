import { useState } from 'react';
import dayjs from 'dayjs';
import {
  Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography,
} from '@mui/material';
import { useT } from '@renderer/i18n/useT';
import type { MessageKey } from '@renderer/i18n/messages';
import { failureOf } from '@renderer/stations/scan';
import { notify } from '@renderer/notify/toast';
import { EXCEPTION_ACTIONS as ACTIONS, type ExceptionAction as Action, type ExceptionRow as Row } from '@shared/api/offline';
import { usePermission } from '@renderer/permission/permission';
import { offlineApi } from './offlineApi';
const STATIONS = ['pick', 'fill', 'inspect', 'metage', 'vacuum', 'inStock', 'outbound', 'recover'];
const stationKey = (s: string): MessageKey | null => (STATIONS.includes(s) ? (`offline.station.${s}` as MessageKey) : null);

function ResolveForm({ row, onDone }: { row: Row; onDone: () => void }) {
  const t = useT();
  // A notice: the scan was recorded, there is nothing to run again or withdraw; it is acknowledged (忽略).
  const actions: readonly Action[] = row.kind === 'notice' ? ['dismiss'] : ACTIONS;
  const [action, setAction] = useState<Action>(actions[0]!);
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [resolve, { isLoading }] = offlineApi.useResolveOfflineExceptionMutation();
  const missing = !reason.trim();
  const submit = async () => {
    setTouched(true);
    if (missing) return;
    try {
      await resolve({ id: row.id, action, reason: reason.trim() }).unwrap();
      notify(t('offline.resolved'), 'success');
      onDone();
    } catch (e) {
      notify(failureOf(e).message || t('production.refused'));
    }
  };
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', pt: 1 }} role="form" aria-label={t('offline.resolve')}>
      <TextField select size="small" label={t('offline.resolve')} value={action} onChange={(e) => setAction(e.target.value as Action)} sx={{ minWidth: 120 }}>
        {actions.map((a) => <MenuItem key={a} value={a}>{t(`offline.action.${a}`)}</MenuItem>)}
      </TextField>
      <TextField size="small" label={t('offline.resolveReason')} value={reason} onChange={(e) => setReason(e.target.value)} sx={{ flex: 1 }}
        error={touched && missing} helperText={touched && missing ? t('offline.resolveReasonRequired') : undefined}
        slotProps={{ htmlInput: { maxLength: 200 } }} />
      <Button variant="contained" disabled={isLoading} onClick={() => void submit()}>{t('common.ok')}</Button>
    </Stack>
  );
}

/**
 * 待处理异常: the replayed scans the server refused (the cylinder was scrapped meanwhile, an order filled up),
 * each with the server's reason, to be resolved by a supervisor: 重新扫描, 回退, 报废 or 忽略, always with a reason;
 * and the ones it recorded with a notice (a station time outside the plant's bounds, a step another scan had
 * done first), acknowledged with 忽略. A station user sees their own; a supervisor everyone's.
 */
export function ExceptionsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const { data } = offlineApi.useOfflineExceptionsQuery({ page: 1, size: 100, status: 'open' }, { skip: !open });
  const [resolving, setResolving] = useState<number | null>(null);
  const canResolve = usePermission(['offline:resolve']);
  const rows = data?.list ?? [];
  return (
    <Dialog open={open} onClose={onClose} maxWidth="lg" fullWidth>
      <DialogTitle>{t('offline.exceptionsTitle')}</DialogTitle>
      <DialogContent>
        {rows.length === 0 ? <Typography color="text.secondary">{t('offline.noExceptions')}</Typography> : (
          <Table size="small" aria-label={t('offline.exceptionsTitle')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('offline.exception.code')}</TableCell>
                <TableCell>{t('offline.exception.station')}</TableCell>
                <TableCell>{t('offline.exception.stationAt')}</TableCell>
                <TableCell>{t('offline.exception.message')}</TableCell>
                <TableCell>{t('offline.exception.operator')}</TableCell>
                <TableCell>{t('offline.exception.workstation')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => {
                const key = stationKey(row.station);
                return [
                  <TableRow key={row.id} data-testid="offline-exception">
                    <TableCell>{row.code}</TableCell>
                    <TableCell>{key ? t(key) : row.station}</TableCell>
                    <TableCell>{row.stationAt ? dayjs(row.stationAt).format('YYYY-MM-DD HH:mm:ss') : '—'}</TableCell>
                    <TableCell sx={{ color: row.kind === 'notice' ? 'warning.dark' : 'error.main' }} data-kind={row.kind}>
                      {row.kind === 'notice' && t('offline.exception.notice')}{row.message}
                    </TableCell>
                    <TableCell>{row.operator ?? '—'}</TableCell>
                    <TableCell>{row.workstation ?? '—'}</TableCell>
                    <TableCell>
                      {canResolve && <Button size="small" onClick={() => setResolving(resolving === row.id ? null : row.id)}>{t('offline.resolve')}</Button>}
                    </TableCell>
                  </TableRow>,
                  resolving === row.id && (
                    <TableRow key={`${row.id}-resolve`}>
                      <TableCell colSpan={7}><ResolveForm row={row} onDone={() => setResolving(null)} /></TableCell>
                    </TableRow>
                  ),
                ];
              })}
            </TableBody>
          </Table>
        )}
      </DialogContent>
      <DialogActions><Button onClick={onClose}>{t('common.close')}</Button></DialogActions>
    </Dialog>
  );
}
