import { Alert, Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import type { UpdateState } from '@shared/updates';
import type { MessageKey } from '@renderer/i18n/messages';
import { useT } from '@renderer/i18n/useT';
import type { UpdateControls } from './useUpdateState';

function statusText(state: UpdateState, t: ReturnType<typeof useT>): string {
  const version = state.availableVersion ?? '';
  if (!state.enabled) return t('about.status.disabled');
  if (state.status === 'none') return t(state.checkedAt ? 'about.status.none' : 'about.status.unchecked');
  if (state.status === 'error') return t('about.status.error', { error: state.error ?? '' });
  return t(`about.status.${state.status}` as MessageKey, { version, percent: state.percent ?? 0 });
}

/** The update state with its progress, 检查更新, and 立即重启安装 once a release is downloaded. */
export function UpdatePanel({ controls }: { controls: UpdateControls & { state: UpdateState } }) {
  const t = useT();
  const { state } = controls;
  const busy = state.status === 'checking' || state.status === 'downloading';
  return (
    <Stack spacing={1} data-testid="update-panel">
      <Alert severity={state.status === 'error' ? 'error' : state.status === 'downloaded' ? 'success' : 'info'} data-testid="update-status">
        {statusText(state, t)}
      </Alert>
      {(state.status === 'downloading' || state.status === 'available') && (
        <LinearProgress variant="determinate" value={state.percent ?? 0} aria-label={t('about.check')} />
      )}
      {state.checkedAt && (
        <Typography variant="caption" color="text.secondary">
          {t('about.checkedAt', { time: new Date(state.checkedAt).toLocaleString() })}
        </Typography>
      )}
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button variant="outlined" onClick={() => void controls.check()} disabled={busy}>
          {t('about.check')}
        </Button>
        {state.status === 'downloaded' && (
          <Button variant="contained" onClick={() => void controls.install()}>
            {t('about.restart')}
          </Button>
        )}
      </Box>
    </Stack>
  );
}
