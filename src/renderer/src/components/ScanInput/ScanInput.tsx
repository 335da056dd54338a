import { memo, useEffect, useMemo, useRef, useState, type ChangeEvent, type KeyboardEvent, type RefObject } from 'react';
import { Box, IconButton, InputAdornment, TextField, Tooltip, type TextFieldProps } from '@mui/material';
import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import { useWidgetT } from '@renderer/hooks/useWidgetT';
import { beep, warmBeep } from './beep';
import { classifyScan, SCANNER_MAX_INTERVAL_MS, SCANNER_MIN_LENGTH, type ScanSource } from './scanTiming';
import { CameraScan } from '@renderer/stations/CameraScan';

export interface ScanInfo {
  /** A wedge scanner's keystrokes, a person typing, or the camera button's dialog. */
  source: ScanSource | 'camera';
}

/** getUserMedia exists only where the browser offers a camera at all (HTTPS or a local page, and the desktop app). */
const hasCamera = (): boolean => typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';

export type ScanFeedback = { kind: 'ok' | 'refused'; message: string } | null;

export interface ScanInputProps {
  /** Called once per scan with the trimmed code. Resolve (optionally with a message) → ok; reject (with an Error) → refused. */
  onScan: (code: string, info: ScanInfo) => unknown;
  /** Checked before onScan: return a message (or false) to refuse the code without sending it. */
  accept?: (code: string) => string | boolean | null | undefined;
  /** Take the focus back after a blur unless another input or a dialog took it (default true). */
  keepFocus?: boolean;
  /** Play a beep for ok and refused (default true). */
  sound?: boolean;
  label?: string;
  placeholder?: string;
  disabled?: boolean;
  autoFocus?: boolean;
  maxInterval?: number;
  minLength?: number;
  size?: TextFieldProps['size'];
  fullWidth?: boolean;
  /** Offer the camera button where the browser has a camera API (default true). */
  camera?: boolean;
  /**
   * What the page came to after the scan (a form submitted, a retry): shown under the field in place of the
   * scan's own words, which no longer hold. A new `id` shows it; the one present at mount is not shown.
   */
  notice?: { id: number; kind: 'ok' | 'refused'; message: string } | null;
}

/** Whether focus went somewhere on purpose: another field, or anything inside a dialog or menu. */
function focusTakenDeliberately(el: Element | null): boolean {
  if (!el || el === document.body) return false;
  if (el.closest('[role="dialog"],[role="menu"],[role="listbox"],.MuiPopover-root,.MuiModal-root')) return true;
  return el.matches('input, textarea, select, [contenteditable="true"]');
}

/**
 * How the field shows the last verdict: green for ok, red for refused (label, outline), drawn by CSS from the
 * wrapper's data-kind so that a verdict does not render the field again (see ScanInput).
 */
const VERDICT_COLORS = {
  '&[data-kind="ok"] .MuiOutlinedInput-notchedOutline': { borderColor: 'success.main', borderWidth: 2 },
  '&[data-kind="ok"] .MuiInputLabel-root': { color: 'success.main' },
  '&[data-kind="refused"] .MuiOutlinedInput-notchedOutline': { borderColor: 'error.main', borderWidth: 2 },
  '&[data-kind="refused"] .MuiInputLabel-root': { color: 'error.main' },
} as const;

/**
 * The input for keyboard-wedge barcode scanners (issue 3 item 10): keeps focus, lets Chinese input methods
 * finish (a scan ending inside a composition is acted on at compositionend), ends a scan on Enter or Tab,
 * tells a scan from typing by key timing, and shows and sounds ok / refused from what onScan returns.
 *
 * A scan renders once, for its verdict, and only the line under the field: the input is uncontrolled (a scanner's
 * keystrokes and the emptying after Enter render nothing), its busy and invalid states are attributes set on it
 * directly, and the field itself is memoized on its label and settings (a MUI TextField is the heaviest part).
 */
export function ScanInput({ onScan, accept, keepFocus = true, sound = true, label, placeholder, disabled, autoFocus = true, maxInterval = SCANNER_MAX_INTERVAL_MS, minLength = SCANNER_MIN_LENGTH, size = 'small', fullWidth = true, camera = true, notice }: ScanInputProps) {
  const t = useWidgetT();
  const input = useRef<HTMLInputElement>(null);
  const [feedback, setFeedback] = useState<ScanFeedback>(null);
  const [cameraOpen, setCameraOpen] = useState(false);
  const keyTimes = useRef<number[]>([]);
  const composing = useRef(false);
  const endedInComposition = useRef(false);
  const inFlight = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    // Mounted, or shown again with its tab (keep-alive runs effects again): the field takes the focus
    // unless something took it on purpose. A hidden field has no effects, so it never takes the focus.
    if (autoFocus && keepFocus && input.current && !input.current.disabled && !focusTakenDeliberately(document.activeElement)) input.current.focus();
    // The beep's audio context, made while the page is idle rather than by the first scan.
    const idle = sound && typeof requestIdleCallback === 'function' ? requestIdleCallback(warmBeep, { timeout: 2000 }) : null;
    return () => {
      mounted.current = false;
      if (idle !== null) cancelIdleCallback(idle);
    };
    // Only when mounted or shown again, not on each change of the props.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const noticed = useRef(notice?.id);
  useEffect(() => {
    if (!notice || notice.id === noticed.current) return;
    noticed.current = notice.id;
    setFeedback({ kind: notice.kind, message: notice.message });
  }, [notice]);

  // The verdict's invalid state on the input itself (for assistive technology), without rendering the field.
  useEffect(() => {
    input.current?.setAttribute('aria-invalid', String(feedback?.kind === 'refused'));
  }, [feedback]);

  const setBusy = (busy: boolean) => input.current?.setAttribute('aria-busy', String(busy));

  const show = (kind: 'ok' | 'refused', message: string) => {
    if (!mounted.current) return;
    setFeedback({ kind, message });
    if (sound) beep(kind);
  };

  const finish = (raw: string, from?: 'camera') => {
    const times = keyTimes.current;
    keyTimes.current = [];
    if (input.current) input.current.value = '';
    const code = raw.trim();
    // One scan at a time: a code arriving while the last is still being handled is dropped, never sent twice.
    if (!code || inFlight.current) return;
    const source = from ?? classifyScan(times, code.length, maxInterval, minLength);
    const verdict = accept?.(code);
    if (verdict === false || typeof verdict === 'string') return show('refused', typeof verdict === 'string' ? verdict : t('widget.scanRefused'));
    let result: unknown;
    try {
      result = onScan(code, { source });
    } catch (e) {
      return show('refused', (e as Error)?.message || t('widget.scanRefused'));
    }
    inFlight.current = true;
    setBusy(true);
    Promise.resolve(result)
      .then(
        (value) => show('ok', typeof value === 'string' && value ? value : `${t('widget.scanOk')}：${code}`),
        (e: unknown) => show('refused', (e as Error)?.message || (typeof e === 'string' ? e : t('widget.scanRefused'))),
      )
      .finally(() => {
        inFlight.current = false;
        if (mounted.current) setBusy(false);
      });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const isEnd = e.key === 'Enter' || e.key === 'Tab';
    if (composing.current || e.nativeEvent.isComposing) {
      // The input method owns this key; remember that the scan ended here and act at compositionend.
      if (isEnd) endedInComposition.current = true;
      else keyTimes.current.push(Date.now());
      return;
    }
    if (isEnd) {
      e.preventDefault();
      finish(input.current?.value ?? '');
    } else if (e.key.length === 1) {
      keyTimes.current.push(Date.now());
    }
  };

  const onCompositionEnd = () => {
    composing.current = false;
    const value = input.current?.value ?? '';
    if (endedInComposition.current) {
      endedInComposition.current = false;
      finish(value);
    }
  };

  const onBlur = () => {
    if (!keepFocus || disabled) return;
    // Wait for the focus to land, then take it back unless it landed somewhere on purpose.
    setTimeout(() => {
      if (!mounted.current || !input.current || input.current.disabled) return;
      if (!focusTakenDeliberately(document.activeElement)) input.current.focus();
    }, 0);
  };

  // The field's handlers are stable (the memoized field never renders for them) and call this render's versions.
  const latest = useRef({ onKeyDown, onCompositionEnd, onBlur });
  latest.current = { onKeyDown, onCompositionEnd, onBlur };
  const handlers = useMemo<FieldHandlers>(() => ({
    onChange: (e) => {
      if (e.target.value === '') keyTimes.current = [];
    },
    onKeyDown: (e) => latest.current.onKeyDown(e),
    onCompositionStart: () => (composing.current = true),
    onCompositionEnd: () => latest.current.onCompositionEnd(),
    onBlur: () => latest.current.onBlur(),
    onCamera: () => setCameraOpen(true),
  }), []);

  const color = feedback?.kind === 'ok' ? 'success.main' : feedback?.kind === 'refused' ? 'error.main' : 'text.secondary';
  return (
    <Box data-kind={feedback?.kind ?? ''} sx={VERDICT_COLORS}>
      <ScanTextField inputRef={input} handlers={handlers} label={label} placeholder={placeholder ?? t('widget.scanPlaceholder')}
        disabled={disabled} autoFocus={autoFocus} size={size} fullWidth={fullWidth}
        cameraLabel={camera && !disabled && hasCamera() ? t('camera.open') : null} />
      {cameraOpen && <CameraScan open onCode={(code) => finish(code, 'camera')} onClose={() => setCameraOpen(false)} />}
      <Box role="status" aria-live="polite" data-kind={feedback?.kind ?? ''} sx={{ minHeight: 22, mt: 0.5, fontSize: 14, fontWeight: feedback ? 600 : 400, color }}>
        {feedback?.message ?? ''}
      </Box>
    </Box>
  );
}

interface FieldHandlers {
  onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  onKeyDown: (e: KeyboardEvent<HTMLDivElement>) => void;
  onCompositionStart: () => void;
  onCompositionEnd: () => void;
  onBlur: () => void;
  onCamera: () => void;
}

interface ScanTextFieldProps {
  inputRef: RefObject<HTMLInputElement | null>;
  handlers: FieldHandlers;
  label?: string;
  placeholder: string;
  disabled?: boolean;
  autoFocus: boolean;
  size: TextFieldProps['size'];
  fullWidth: boolean;
  /** The camera button's name, or null for no button. */
  cameraLabel: string | null;
}

/** The scan field itself: uncontrolled, rendered again only when its label or settings change. */
const ScanTextField = memo(function ScanTextField({ inputRef, handlers, label, placeholder, disabled, autoFocus, size, fullWidth, cameraLabel }: ScanTextFieldProps) {
  return (
    <TextField
      inputRef={inputRef}
      defaultValue=""
      onChange={handlers.onChange}
      onKeyDown={handlers.onKeyDown}
      onCompositionStart={handlers.onCompositionStart}
      onCompositionEnd={handlers.onCompositionEnd}
      onBlur={handlers.onBlur}
      label={label}
      placeholder={placeholder}
      disabled={disabled}
      autoFocus={autoFocus}
      size={size}
      fullWidth={fullWidth}
      slotProps={{
        input: cameraLabel ? {
          endAdornment: (
            <InputAdornment position="end">
              <Tooltip title={cameraLabel}>
                {/* Not focusable by a click: the field keeps the focus, and the dialog gives it back to it. */}
                <IconButton edge="end" size="small" aria-label={cameraLabel}
                  onMouseDown={(e) => e.preventDefault()} onClick={handlers.onCamera}>
                  <QrCodeScannerIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </InputAdornment>
          ),
        } : undefined,
        htmlInput: { 'aria-busy': false, autoComplete: 'off', spellCheck: false },
      }}
    />
  );
});
