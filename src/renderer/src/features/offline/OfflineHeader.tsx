import { useEffect, useState, type ReactNode } from 'react';
import dayjs from 'dayjs';
import { Chip, Stack } from '@mui/material';
import CloudDoneIcon from '@mui/icons-material/CloudDone';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import SyncIcon from '@mui/icons-material/Sync';
import { useT } from '@renderer/i18n/useT';
import { useConnectivity } from '@renderer/stations/connectivity';
import { ExceptionsDialog } from './ExceptionsDialog';
import { offlineApi } from './offlineApi';
import { useQueueSummary } from './queue';
import { api } from '@renderer/store/api';
import { useAppDispatch } from '@renderer/store/hooks';
import { onReplayed, startSync } from './sync';

/** What replayed scans make stale: the lists, counts and orders of every screen (as a scan online does). */
const REPLAYED_TAGS = ['Produce', 'Trace', 'Product', 'StatusCount', 'StationCount', 'StorageOrder', 'Stock', 'Recovery', 'OfflineException'] as const;

/**
 * The station's header: 在线 / 离线（自 HH:mm） / 同步中, and 待同步 N (the scans kept on this PC). Mounting it
 * starts the sync loop, which goes on while the app is open.
 */
export function OfflineHeader({ children }: { children?: ReactNode }) {
  const t = useT();
  const { online, since, syncing } = useConnectivity();
  const { waiting, copy } = useQueueSummary();
  const dispatch = useAppDispatch();
  const [showExceptions, setShowExceptions] = useState(false);
  // Open exceptions of the plant: refreshed after each replay round and every minute while online.
  const { data: exceptions } = offlineApi.useOfflineExceptionsQuery({ page: 1, size: 1, status: 'open' }, { pollingInterval: online ? 60_000 : 0 });
  const open = exceptions?.total ?? 0;
  useEffect(() => startSync(), []);
  useEffect(() => onReplayed(() => dispatch(api.util.invalidateTags([...REPLAYED_TAGS]))), [dispatch]);
  const state = !online
    ? { label: t('offline.offlineSince', { time: dayjs(since ?? Date.now()).format('HH:mm') }), color: 'error' as const, icon: <CloudOffIcon /> }
    : syncing
      ? { label: t('offline.syncing'), color: 'info' as const, icon: <SyncIcon /> }
      : { label: t('offline.online'), color: 'success' as const, icon: <CloudDoneIcon /> };
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} data-testid="station-header">
      <Chip size="small" data-testid="connection" data-online={online ? 'true' : 'false'} color={state.color} icon={state.icon} label={state.label} />
      <Chip size="small" data-testid="waiting" variant={waiting ? 'filled' : 'outlined'} color={waiting ? 'warning' : 'default'}
        label={t('offline.waiting', { count: waiting })} />
      <Chip size="small" data-testid="copy" variant="outlined" label={t('offline.copy', { count: copy })} />
      <Chip size="small" data-testid="exceptions" variant={open ? 'filled' : 'outlined'} color={open ? 'error' : 'default'}
        label={t('offline.exceptions', { count: open })} onClick={() => setShowExceptions(true)} />
      {children}
      {showExceptions && <ExceptionsDialog open onClose={() => setShowExceptions(false)} />}
    </Stack>
  );
}
