import { Link as RouterLink } from 'react-router-dom';
import { Link, Stack, Typography } from '@mui/material';

/** A number on a card, as a link to the list it counts. */
export function Figure({ label, value, to, testId, color }: { label: string; value: number | string; to: string; testId: string; color?: string }) {
  return (
    <Link component={RouterLink} to={to} underline="hover" data-testid={testId} sx={{ display: 'block' }}>
      <Stack>
        <Typography variant="h5" component="span" sx={{ fontWeight: 600, color }}>{value}</Typography>
        <Typography variant="body2" component="span" color="text.secondary">{label}</Typography>
      </Stack>
    </Link>
  );
}
