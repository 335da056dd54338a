import { useEffect, useRef } from 'react';
import SignaturePad from 'signature_pad';
import { Box, Button, Stack, Typography } from '@mui/material';
import { SIGNATURE_MAX_CHARS } from '@shared/api/trip';
import { useT } from '@renderer/i18n/useT';

/**
 * A signature on the screen with a finger (or the mouse): a PNG data URL, null while empty. The receiver's at a stop;
 * the household user's under a safety check (`label`).
 */
export function SignatureField({ label, onChange }: { label?: string; onChange: (png: string | null) => void }) {
  const t = useT();
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;

  useEffect(() => {
    const c = canvas.current;
    if (!c) return;
    try {
      // Drawn at the screen's density (at most 2×: a sharper PNG is only larger).
      const ratio = Math.min(Math.max(window.devicePixelRatio || 1, 1), 2);
      c.width = Math.round(c.offsetWidth * ratio) || 600;
      c.height = Math.round(c.offsetHeight * ratio) || 300;
      c.getContext('2d')?.scale(ratio, ratio);
      const p = new SignaturePad(c, { minWidth: 1, maxWidth: 2.5 });
      p.addEventListener('endStroke', () => {
        const png = p.isEmpty() ? null : p.toDataURL('image/png');
        changed.current(png && png.length <= SIGNATURE_MAX_CHARS ? png : null);
      });
      pad.current = p;
      return () => p.off();
    } catch {
      // No canvas (a browser without one): nothing to sign on; the form says a signature is missing.
      return undefined;
    }
  }, []);

  return (
    <Box>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 0.5 }}>
        <Typography variant="subtitle2" sx={{ flexGrow: 1 }}>{label ?? t('field.trip.proof.signature')}</Typography>
        <Button size="small" onClick={() => { pad.current?.clear(); changed.current(null); }}>{t('field.trip.proof.clear')}</Button>
      </Stack>
      <Box component="canvas" ref={canvas} data-testid="signature" aria-label={label ?? t('field.trip.proof.signature')}
        sx={{ width: '100%', height: 180, display: 'block', bgcolor: 'common.white', border: 1, borderColor: 'grey.400', borderRadius: 1, touchAction: 'none' }} />
    </Box>
  );
}
