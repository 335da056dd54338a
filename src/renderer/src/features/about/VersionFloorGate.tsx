import { Alert, Dialog, DialogContent, DialogTitle, Stack } from '@mui/material';
import { useT } from '@renderer/i18n/useT';
import { UpdatePanel } from './UpdatePanel';
import { useUpdateState } from './useUpdateState';

/**
 * The server accepts no client older than its MIN_CLIENT_VERSION: such a desktop app is stopped here —
 * a dialog that cannot be closed, over every screen — with the update in progress and 检查更新, instead
 * of failing on API calls that changed. Renders nothing in a browser (the web UI is the server's own).
 */
export function VersionFloorGate() {
  const t = useT();
  const controls = useUpdateState();
  const { state } = controls;
  if (!state?.belowFloor) return null;
  return (
    // onClose ignores Escape and the backdrop: the gate closes only when the floor is met.
    <Dialog open onClose={() => {}} fullWidth maxWidth="sm" aria-labelledby="version-floor-title">
      <DialogTitle id="version-floor-title">{t('about.floor.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Alert severity="error" data-testid="version-floor-message">
            {t('about.floor.message', { current: state.currentVersion, min: state.minClientVersion ?? '' })}
          </Alert>
          <UpdatePanel controls={{ ...controls, state }} />
        </Stack>
      </DialogContent>
    </Dialog>
  );
}
