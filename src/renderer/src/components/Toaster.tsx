import { useSyncExternalStore } from 'react';
import { Alert, Snackbar } from '@mui/material';
import { dismissToast, getToasts, subscribeToasts } from '@renderer/notify/toast';

/** Shows queued toasts one after another. */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts);
  const current = toasts[0];
  if (!current) return null;
  const close = () => dismissToast(current.id);
  return (
    <Snackbar
      key={current.id}
      open
      autoHideDuration={current.severity === 'error' ? 5000 : 3000}
      onClose={(_e, reason) => reason !== 'clickaway' && close()}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
    >
      <Alert severity={current.severity} onClose={close} variant="filled" data-testid="toast">
        {current.message}
      </Alert>
    </Snackbar>
  );
}
