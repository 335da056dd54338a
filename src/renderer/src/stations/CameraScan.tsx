import { useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography, useMediaQuery, useTheme } from '@mui/material';
import { keyframes } from '@mui/material/styles';
import { useWidgetT } from '@renderer/hooks/useWidgetT';
import type { MessageKey } from '@renderer/i18n/messages';
import { beep } from '@renderer/components/ScanInput/beep';
import { createDetector } from './barcodeDetector';
import { repeatGate } from './repeatGate';

/** Pause between two reads of the picture: ZXing takes tens of ms a frame on a phone; the label does not move faster. */
const READ_INTERVAL_MS = 120;

const flashFrames = keyframes`from { box-shadow: inset 0 0 0 8px rgba(46, 125, 50, 0.9); } to { box-shadow: inset 0 0 0 8px rgba(46, 125, 50, 0); }`;

/** Why getUserMedia failed, in words a driver can act on. */
export function cameraReason(e: unknown, t: (key: MessageKey) => string): string {
  const name = (e as { name?: string })?.name;
  if (name === 'NotAllowedError' || name === 'PermissionDeniedError') return t('camera.denied');
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError') return t('camera.absent');
  if (name === 'NotReadableError' || name === 'TrackStartError') return t('camera.busy');
  if (name === 'SecurityError') return t('camera.insecure');
  return (e as Error)?.message || String(e);
}

export interface CameraScanProps {
  open: boolean;
  /** Keep scanning (loading a truck): each code reported once while in view. Otherwise closes after the first code. */
  continuous?: boolean;
  /** The text a code carries, as read (what it means is the caller's: see readScan). */
  onCode(code: string): void;
  onClose(): void;
}

/**
 * The camera scanner for a device without a hardware scanner: the rear camera in a dialog (full screen on a
 * phone), its picture read every READ_INTERVAL_MS by the browser's BarcodeDetector or the ZXing ponyfill. The
 * camera is released when the dialog closes.
 */
export function CameraScan({ open, continuous = false, onCode, onClose }: CameraScanProps) {
  const t = useWidgetT();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const video = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const [seen, setSeen] = useState<{ count: number; code: string } | null>(null);
  // The callbacks of the latest render, without restarting the camera when a parent renders again.
  const handlers = useRef({ onCode, onClose });
  handlers.current = { onCode, onClose };

  useEffect(() => {
    if (!open) return;
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attached: HTMLVideoElement | null = null;
    const gate = repeatGate();
    let count = 0;
    setError(null);
    setRunning(false);
    setSeen(null);

    const found = (code: string) => {
      if (!continuous) {
        stopped = true;
        beep('ok');
        handlers.current.onCode(code);
        handlers.current.onClose();
        return;
      }
      if (!gate(code, Date.now())) return;
      beep('ok');
      count += 1;
      setSeen({ count, code });
      handlers.current.onCode(code);
    };

    // The dialog's content may mount after this effect began: attached again at each read until it is there.
    const attach = () => {
      const v = video.current;
      if (!v || !stream || v.srcObject === stream) return;
      v.srcObject = stream;
      attached = v;
      v.play().catch(() => {});
    };

    const read = async (detector: Awaited<ReturnType<typeof createDetector>>) => {
      if (stopped) return;
      attach();
      const v = video.current;
      if (v && v.readyState >= v.HAVE_CURRENT_DATA && v.videoWidth > 0) {
        try {
          const codes = await detector.detect(v);
          for (const { rawValue } of codes) if (rawValue && !stopped) found(rawValue);
        } catch {
          // One unreadable frame (a resize, a camera hiccup) is not the end of scanning.
        }
      }
      if (!stopped) timer = setTimeout(() => void read(detector), READ_INTERVAL_MS);
    };

    void (async () => {
      try {
        if (!navigator.mediaDevices?.getUserMedia) throw Object.assign(new Error(t('camera.insecure')), { name: 'SecurityError' });
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
          audio: false,
        });
      } catch (e) {
        if (!stopped) setError(t('camera.failed', { reason: cameraReason(e, t) }));
        return;
      }
      if (stopped) return stream.getTracks().forEach((track) => track.stop());
      attach();
      let detector;
      try {
        detector = await createDetector();
      } catch (e) {
        if (!stopped) setError(t('camera.reader', { reason: (e as Error)?.message || String(e) }));
        return;
      }
      if (stopped) return;
      setRunning(true);
      void read(detector);
    })();

    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
      if (attached) attached.srcObject = null;
    };
    // t follows the language, which does not change while the dialog is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, continuous]);

  return (
    <Dialog open={open} onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby="camera-scan-title">
      <DialogTitle id="camera-scan-title">{t('camera.title')}</DialogTitle>
      <DialogContent>
        {error ? (
          <Alert severity="error" role="alert">{error}</Alert>
        ) : (
          <>
            <Box sx={{ position: 'relative', bgcolor: 'common.black', borderRadius: 1, overflow: 'hidden', aspectRatio: '4 / 3' }}>
              <Box component="video" ref={video} muted playsInline aria-label={t('camera.title')}
                sx={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover' }} />
              {seen && <Box key={seen.count} sx={{ position: 'absolute', inset: 0, animation: `${flashFrames} 600ms ease-out forwards`, pointerEvents: 'none' }} />}
            </Box>
            <Typography role="status" aria-live="polite" variant="body2" sx={{ mt: 1, fontWeight: seen ? 600 : 400 }}>
              {!running ? t('camera.starting') : seen ? t('camera.count', { count: seen.count, code: seen.code }) : t(continuous ? 'camera.continuousHint' : 'camera.hint')}
            </Typography>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
