import { useEffect, useRef } from 'react';
import SignaturePad from 'signature_pad';
import { Box, Button, Stack, Typography } from '@mui/material';
import { SIGNATURE_MAX_CHARS } from '@shared/api/trip';
import { useT } from '@renderer/i18n/useT';

/** The household user signs the check with a finger: a PNG data URL, null while empty (or too large to send). */
export function SignatureBox({ label, onChange }: { label: string; onChange: (png: string | null) => void }) {
  const t = useT();
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;

  useEffect(() => {
    const c = canvas.current;
    if (!c) return undefined;
    try {
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
      // No canvas: nothing to sign on; the page says a signature is missing.
      return undefined;
    }
  }, []);

  return (
    <Box>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 0.5 }}>
        <Typography variant="subtitle2" sx={{ flexGrow: 1 }}>{label}</Typography>
        <Button size="small" onClick={() => { pad.current?.clear(); changed.current(null); }}>{t('common.reset')}</Button>
      </Stack>
      <Box component="canvas" ref={canvas} data-testid="signature" aria-label={label}
        sx={{ width: '100%', height: 180, display: 'block', bgcolor: 'common.white', border: 1, borderColor: 'grey.400', borderRadius: 1, touchAction: 'none' }} />
    </Box>
  );
}
