import { Backdrop, CircularProgress, Stack, Typography } from '@mui/material';
import { useT } from '@renderer/i18n/useT';
import { useAppSelector } from '@renderer/store/hooks';

/** Full overlay while the menu loads after sign-in. */
export function MenuLoadingOverlay() {
  const open = useAppSelector((s) => s.app.menuLoading);
  const t = useT();
  if (!open) return null;
  return (
    <Backdrop open sx={{ zIndex: (theme) => theme.zIndex.modal + 1, color: '#fff' }} data-testid="menu-loading">
      <Stack spacing={2} sx={{ alignItems: 'center' }} role="status" aria-live="polite">
        <CircularProgress color="inherit" />
        <Typography variant="h6">{t('app.loadingMenu')}</Typography>
        <Typography variant="body2">{t('app.loadingMenuNote')}</Typography>
      </Stack>
    </Backdrop>
  );
}
