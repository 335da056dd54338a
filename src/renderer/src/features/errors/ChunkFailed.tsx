import { Typography } from '@mui/material';
import { useT } from '@renderer/i18n/useT';

/** Stands in for a screen whose code could not be loaded (the reload prompt is already open). */
export function ChunkFailed() {
  const t = useT();
  return <Typography color="text.secondary" sx={{ p: 4 }}>{t('error.chunk')}</Typography>;
}
