import { useState, type ReactNode } from 'react';
import { Box, Button, Divider, Drawer, IconButton, Stack, Typography, type DrawerProps } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useWidgetT } from '@renderer/hooks/useWidgetT';

/** Drawer width of SPEC 9. */
export const DEFAULT_DRAWER_WIDTH = '30%';

export interface AppDrawerProps {
  open: boolean;
  title?: ReactNode;
  /** CSS width; 30% by default. */
  width?: string | number;
  anchor?: DrawerProps['anchor'];
  /** 取消, the header close icon, Escape and the backdrop. */
  onCancel?: () => void;
  /** 确认. A returned promise keeps the button loading until it settles. */
  onConfirm?: () => void | Promise<unknown>;
  confirmText?: string;
  cancelText?: string;
  confirmDisabled?: boolean;
  /** Replaces the 取消 / 确认 footer; `null` removes the footer. */
  footer?: ReactNode;
  children?: ReactNode;
}

/** The shared drawer (SPEC 2): a title, the content, and a 取消 / 确认 footer. */
export function AppDrawer({ open, title, width = DEFAULT_DRAWER_WIDTH, anchor = 'right', onCancel, onConfirm, confirmText, cancelText, confirmDisabled, footer, children }: AppDrawerProps) {
  const t = useWidgetT();
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (busy || !onConfirm) return;
    const result = onConfirm();
    if (!(result instanceof Promise)) return;
    setBusy(true);
    try {
      await result;
    } catch {
      // The caller shows its own error; the drawer only stops loading.
    } finally {
      setBusy(false);
    }
  };

  const defaultFooter = (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
      <Button onClick={onCancel}>{cancelText ?? t('common.cancel')}</Button>
      <Button variant="contained" onClick={() => void confirm()} loading={busy} disabled={confirmDisabled}>
        {confirmText ?? t('widget.confirm')}
      </Button>
    </Stack>
  );

  return (
    <Drawer
      open={open}
      anchor={anchor}
      onClose={onCancel}
      // Above the fixed app bar (drawer + 1), which would otherwise cover the title and the close button.
      sx={{ zIndex: (theme) => theme.zIndex.modal }}
      slotProps={{ paper: { sx: { width, maxWidth: '100vw', display: 'flex', flexDirection: 'column' }, role: 'dialog', 'aria-label': typeof title === 'string' ? title : undefined } as object }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', px: 2, py: 1.5 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1, fontSize: 16 }}>
          {title}
        </Typography>
        <IconButton aria-label={t('common.close')} size="small" onClick={onCancel}>
          <CloseIcon fontSize="small" />
        </IconButton>
      </Stack>
      <Divider />
      <Box sx={{ flex: 1, overflow: 'auto', p: 2 }}>{children}</Box>
      {footer !== null && (
        <>
          <Divider />
          <Box sx={{ px: 2, py: 1.5 }}>{footer === undefined ? defaultFooter : footer}</Box>
        </>
      )}
    </Drawer>
  );
}
