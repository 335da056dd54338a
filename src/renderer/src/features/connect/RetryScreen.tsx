import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useT } from '@renderer/i18n/useT';
import type { StartupStatus } from './startup';

interface RetryScreenProps {
  status: Extract<StartupStatus, { kind: 'unreachable' }>;
  busy: boolean;
  /** Seconds until the automatic retry; 0 or less: none planned. */
  seconds: number;
  onRetry(): void;
  onSettings(): void;
  /** The stations can work offline on this PC (it has a local copy): enter without the server. */
  onOffline?: () => void;
}

/** 无法连接服务器: where the app tried and why it failed, instead of a blank window. */
export function RetryScreen({ status, busy, seconds, onRetry, onSettings, onOffline }: RetryScreenProps) {
  const t = useT();
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'grey.100' }}>
      <Paper sx={{ p: 4, width: 480 }} elevation={3} role="alert" aria-labelledby="unreachable-title">
        <Stack spacing={2}>
          <Typography variant="h6" component="h1" id="unreachable-title">
            {t('connect.unreachable')}
          </Typography>
          <Typography data-testid="unreachable-address">
            {t('connect.unreachableAddress', { url: status.url ?? t('connect.localServer') })}
          </Typography>
          <Alert severity="error" data-testid="unreachable-reason">
            {t('connect.unreachableReason', { reason: status.reason ?? t('connect.localServerDown') })}
          </Alert>
          {onOffline && <Typography variant="body2" color="text.secondary">{t('connect.workOfflineHint')}</Typography>}
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            {onOffline && <Button onClick={onOffline} disabled={busy}>{t('connect.workOffline')}</Button>}
            <Button onClick={onSettings} disabled={busy}>
              {t('connect.title')}
            </Button>
            <Button variant="contained" onClick={onRetry} disabled={busy}>
              {busy ? t('connect.retrying') : t('connect.retry')}
            </Button>
          </Stack>
          {!busy && seconds > 0 && (
            <Typography variant="body2" sx={{ color: 'text.secondary', textAlign: 'right' }}>
              {t('connect.autoRetry', { seconds })}
            </Typography>
          )}
        </Stack>
      </Paper>
    </Box>
  );
}
