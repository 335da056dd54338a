import { useEffect, useState } from 'react';
import { Box, Typography } from '@mui/material';
import { TRIP } from '@shared/api/trip';
import { useT } from '@renderer/i18n/useT';
import { fetchFileEndpoint } from '@renderer/store/endpoints';

/**
 * A stop's signature or photo (GET /api/trip/proofImage/:stopId/:kind), fetched as a blob through the HTTP client,
 * which sends the access token: no token travels in the <img> URL. None (a stop without a photo): 无.
 */
export function ProofImage({ stopId, kind, label }: { stopId: number; kind: 'signature' | 'photo'; label: string }) {
  const t = useT();
  const [state, setState] = useState<{ url: string } | 'loading' | 'none'>('loading');
  useEffect(() => {
    let alive = true;
    let url: string | null = null;
    fetchFileEndpoint(TRIP.proofImage, { stopId, kind }, { silent: true })
      .then((blob) => {
        if (!alive) return;
        url = URL.createObjectURL(new Blob([blob], { type: kind === 'signature' ? 'image/png' : 'image/jpeg' }));
        setState({ url });
      })
      .catch(() => alive && setState('none'));
    return () => {
      alive = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [stopId, kind]);
  if (typeof state === 'string') return <Typography variant="body2" color="text.secondary">{state === 'none' ? t('trip.imageMissing') : '…'}</Typography>;
  return (
    <Box component="a" href={state.url} target="_blank" rel="noreferrer">
      <Box component="img" src={state.url} alt={label} sx={{ maxHeight: 64, maxWidth: 120, border: 1, borderColor: 'divider', bgcolor: '#fff' }} />
    </Box>
  );
}
