import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { APP_INFO } from '@shared/app';
import { UPDATE_CHANNELS, type UpdateChannel } from '@shared/updates';
import { useT } from '@renderer/i18n/useT';
import { useRootInfoQuery } from '@renderer/store/rootInfoApi';
import { UpdatePanel } from './UpdatePanel';
import { updatesApi, useUpdateState } from './useUpdateState';

function Row({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack direction="row" spacing={2}>
      <Typography sx={{ width: 96, flexShrink: 0 }} color="text.secondary">
        {label}
      </Typography>
      <Typography data-testid={testId}>{value}</Typography>
    </Stack>
  );
}

/** 关于 (user menu): product, client and server versions; in the desktop app the update state and 检查更新. */
export function AboutDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const { data: info } = useRootInfoQuery();
  const controls = useUpdateState();
  const { state } = controls;
  const desktop = Boolean(updatesApi());

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="about-title">
      <DialogTitle id="about-title">{t('about.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={1.5} sx={{ pt: 1 }}>
          <Row label={t('about.product')} value={info?.title ?? APP_INFO.title} testId="about-product" />
          <Row label={t('about.clientVersion')} value={desktop ? (state?.currentVersion ?? '…') : t('about.browserClient')} testId="about-client-version" />
          <Row label={t('about.serverVersion')} value={info?.version || '—'} testId="about-server-version" />
          {!desktop && <Alert severity="info">{t('about.browserUpdates')}</Alert>}
          {state?.belowFloor && (
            <Alert severity="warning">{t('about.floor.message', { current: state.currentVersion, min: state.minClientVersion ?? '' })}</Alert>
          )}
          {state && (
            <TextField
              select
              size="small"
              label={t('about.channel')}
              value={state.channel}
              onChange={(e) => void controls.setChannel(e.target.value as UpdateChannel)}
            >
              {UPDATE_CHANNELS.map((c) => (
                <MenuItem key={c} value={c}>
                  {t(`about.channel.${c}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
          {state && <UpdatePanel controls={{ ...controls, state }} />}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('about.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
