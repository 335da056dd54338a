import { useState, useSyncExternalStore } from 'react';
import { Alert, Button, Snackbar } from '@mui/material';
import { useT } from '@renderer/i18n/useT';
import { getUpdateOffer, subscribeUpdateOffer } from './updateOffer';

/**
 * 新版本可用 — 刷新: a small notice in a corner, out of the way of a station's scan field. It stays until the
 * operator refreshes (nothing reloads by itself: register.ts); the queue of kept scans survives the reload.
 */
export function UpdateNotice() {
  const apply = useSyncExternalStore(subscribeUpdateOffer, getUpdateOffer);
  const [applying, setApplying] = useState(false);
  const t = useT();
  if (!apply) return null;
  return (
    <Snackbar open anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}>
      <Alert
        severity="info"
        variant="filled"
        data-testid="update-notice"
        action={
          <Button
            color="inherit"
            size="small"
            disabled={applying}
            onClick={() => {
              setApplying(true);
              void apply().finally(() => setApplying(false));
            }}
          >
            {t('pwa.updateReload')}
          </Button>
        }
      >
        {t('pwa.updateReady')}
      </Alert>
    </Snackbar>
  );
}
