import { useEffect } from 'react';
import { Chip } from '@mui/material';
import CloudDoneIcon from '@mui/icons-material/CloudDone';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import SyncIcon from '@mui/icons-material/Sync';
import { useT } from '@renderer/i18n/useT';
import { connectivity, useConnectivity } from '@renderer/stations/connectivity';
import { useQueueSummary } from './queue';
import { kickSync, startSync } from './sync';

/**
 * The field app's connection and queue (issue 37), small enough for a phone's app bar: 在线 / 离线 / 同步中 and the acts
 * waiting on the device. Mounting it starts the stations' sync loop (the one engine that sends kept acts again); the
 * browser's own offline / online events count too (a phone knows it lost the network before a call finds out).
 */
export function FieldStatus() {
  const t = useT();
  const { online, syncing } = useConnectivity();
  const { waiting } = useQueueSummary();
  useEffect(() => {
    startSync();
    const lost = () => connectivity.lost();
    if (typeof navigator !== 'undefined' && navigator.onLine === false) lost();
    // The network is back: send what waits now rather than at the next backoff (a failed round marks it lost again).
    const back = () => {
      connectivity.answered();
      kickSync();
    };
    window.addEventListener('offline', lost);
    window.addEventListener('online', back);
    return () => {
      window.removeEventListener('offline', lost);
      window.removeEventListener('online', back);
    };
  }, []);
  const state = !online
    ? { label: t('offline.offline'), color: 'error' as const, icon: <CloudOffIcon /> }
    : syncing
      ? { label: t('offline.syncing'), color: 'info' as const, icon: <SyncIcon /> }
      : { label: t('offline.online'), color: 'success' as const, icon: <CloudDoneIcon /> };
  return (
    <>
      <Chip size="small" data-testid="connection" data-online={online ? 'true' : 'false'} color={state.color} icon={state.icon} label={state.label}
        sx={{ bgcolor: online && !syncing ? 'success.light' : undefined }} />
      <Chip size="small" data-testid="waiting" data-count={waiting} color={waiting ? 'warning' : 'default'}
        label={t('offline.waiting', { count: waiting })} sx={{ bgcolor: waiting ? undefined : 'grey.100' }} />
    </>
  );
}
