import { useCallback, useEffect, useId, useImperativeHandle, useMemo, useRef, useState, type ReactNode, type Ref } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Stack } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { UnsavedPartsContext } from '@renderer/hooks/unsavedParts';
import { useUnsavedChanges } from '@renderer/hooks/useUnsavedChanges';
import { useWidgetT } from '@renderer/hooks/useWidgetT';
import { useOverlayHost } from './overlayHost';

/** Dialog width of SPEC 9. */
export const DEFAULT_DIALOG_WIDTH = '61.8%';
/** How long 保存 shows loading after a click (SPEC 9). */
export const SUBMIT_LOADING_MS = 1000;

export interface AppDialogProps {
  open: boolean;
  title?: ReactNode;
  /** CSS width; 61.8% by default. */
  width?: string | number;
  /** The 关闭 icon, 取消, Escape and the backdrop. */
  onClose?: () => void;
  /** 保存. Called once per click; the button stays loading for 1 s (and until a returned promise settles). */
  onSubmit?: () => void | Promise<unknown>;
  submitText?: string;
  cancelText?: string;
  submitDisabled?: boolean;
  /** true: the 取消 / 保存 footer; false: none; a node: that footer. Default: the footer when onSubmit is given. */
  footer?: boolean | ReactNode;
  /** Red 保存 button: the action cannot be undone. */
  danger?: boolean;
  /**
   * Whether closing (×, 取消, Escape, the backdrop) first asks 放弃未保存的内容？. Not given: it asks while a form
   * inside reports unsaved input (useUnsavedChanges: the Form kit does for a form with saved values); true / false
   * decide for a dialog whose inputs are its own state.
   */
  unsaved?: boolean;
  children?: ReactNode;
  ref?: Ref<AppDialogHandle>;
}

export interface AppDialogHandle {
  /** Runs onSubmit as the 保存 button would (Enter in a form field), loading state included. */
  submit(): Promise<void>;
}

/**
 * Within a screen of the tabbed shell the dialog covers that screen only (see overlayHost): the focus may
 * leave it for the tabs or the menu, and it stays open with its tab.
 */
const inScreen = (host: HTMLElement) => ({ container: host, disableEnforceFocus: true, disableScrollLock: true, sx: { position: 'absolute', pointerEvents: 'auto' } as const });

/** The shared dialog (SPEC 2): title with a 关闭 icon, content, optional 取消 / 保存 footer. */
export function AppDialog({ open, title, width = DEFAULT_DIALOG_WIDTH, onClose, onSubmit, submitText, cancelText, submitDisabled, footer, danger, unsaved, children, ref }: AppDialogProps) {
  const t = useWidgetT();
  const host = useOverlayHost();
  const titleId = useId();
  const [dirtyParts, setDirtyParts] = useState<ReadonlySet<string>>(() => new Set());
  const report = useCallback((part: string, dirty: boolean) => setDirtyParts((prev) => {
    if (prev.has(part) === dirty) return prev;
    const next = new Set(prev);
    if (dirty) next.add(part);
    else next.delete(part);
    return next;
  }), []);
  const parts = useMemo(() => ({ report }), [report]);
  // The dialog's own input counts for its tab too (a form inside reports itself).
  useUnsavedChanges(open && unsaved === true);
  const [asking, setAsking] = useState(false);
  const requestClose = () => {
    if (!onClose) return;
    if (open && (unsaved ?? dirtyParts.size > 0)) setAsking(true);
    else onClose();
  };
  const [loading, setLoading] = useState(false);
  const busy = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => void (mounted.current = false);
  }, []);

  const submit = async () => {
    // A second click while loading must not save twice (the ref, because state lags a render).
    if (busy.current || !onSubmit) return;
    busy.current = true;
    setLoading(true);
    const minimum = new Promise((r) => setTimeout(r, SUBMIT_LOADING_MS));
    try {
      await Promise.all([minimum, Promise.resolve(onSubmit()).catch(() => undefined)]);
    } finally {
      busy.current = false;
      if (mounted.current) setLoading(false);
    }
  };

  useImperativeHandle(ref, () => ({ submit }));

  const showFooter = footer === undefined ? !!onSubmit : footer !== false;
  const defaultFooter = (
    <>
      <Button onClick={requestClose}>{cancelText ?? t('common.cancel')}</Button>
      <Button variant="contained" color={danger ? 'error' : 'primary'} onClick={() => void submit()} loading={loading} disabled={submitDisabled}>
        {submitText ?? t('common.save')}
      </Button>
    </>
  );

  return (
    <UnsavedPartsContext.Provider value={parts}>
      <Dialog open={open} onClose={requestClose} aria-labelledby={titleId} {...(host ? inScreen(host) : {})}
        slotProps={{ ...(host ? { backdrop: { sx: { position: 'absolute' } } } : {}), paper: { sx: { width, maxWidth: host ? 'calc(100% - 32px)' : 'calc(100vw - 32px)' } } }}>
        <DialogTitle id={titleId} component="div" sx={{ fontSize: 16, pr: 6 }}>
          <Stack direction="row" sx={{ alignItems: 'center' }}>
            <span style={{ flex: 1 }}>{title}</span>
            <IconButton aria-label={t('common.close')} size="small" onClick={requestClose} sx={{ position: 'absolute', right: 12, top: 12 }}>
              <CloseIcon fontSize="small" />
            </IconButton>
          </Stack>
        </DialogTitle>
        <DialogContent dividers>{children}</DialogContent>
        {showFooter && <DialogActions>{footer === undefined || footer === true ? defaultFooter : footer}</DialogActions>}
      </Dialog>
      {asking && (
        <AppDialog open width={420} title={t('common.discardTitle')} unsaved={false} danger submitText={t('common.discard')} cancelText={t('common.keepEditing')}
          onClose={() => setAsking(false)} onSubmit={() => { setAsking(false); onClose?.(); }}>
          {t('common.discardText')}
        </AppDialog>
      )}
    </UnsavedPartsContext.Provider>
  );
}
