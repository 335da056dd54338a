import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useT } from '@renderer/i18n/useT';
import { reloadPromptClosed } from '@renderer/store/appSlice';
import { useAppDispatch, useAppSelector } from '@renderer/store/hooks';

export function reloadApp(): void {
  if (window.api) window.api.windowReload();
  else window.location.reload();
}

/** 检测到系统更新，是否立即刷新？ — one dialog however many chunks fail while it is open. */
export function ReloadPrompt() {
  const open = useAppSelector((s) => s.app.reloadPromptOpen);
  const dispatch = useAppDispatch();
  const t = useT();
  const close = () => dispatch(reloadPromptClosed());
  return (
    <Dialog open={open} onClose={close} aria-labelledby="reload-prompt-title">
      <DialogTitle id="reload-prompt-title">{t('reload.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('reload.text')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('common.cancel')}</Button>
        <Button
          variant="contained"
          onClick={() => {
            close();
            reloadApp();
          }}
        >
          {t('common.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
