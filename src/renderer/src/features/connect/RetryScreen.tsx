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
}

/** 无法连接服务器: where the app tried and why it failed, instead of a blank window. */
export function RetryScreen({ status, busy, seconds, onRetry, onSettings }: RetryScreenProps) {
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
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
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
