import { Alert, Stack, Typography } from '@mui/material';
import type { HouseholdRow } from '@shared/api/household';
import { useT } from '@renderer/i18n/useT';

/** A household user as the field pages show them: masked, with the address and what stands in the way of a delivery. */
export function HouseholdCard({ user }: { user: Pick<HouseholdRow, 'nameMasked' | 'phoneMasked' | 'address' | 'customerName' | 'lastCheckAt' | 'openMajor'> }) {
  const t = useT();
  return (
    <Stack spacing={0.5} data-testid="household-card">
      <Typography variant="h6">{user.nameMasked} · {user.phoneMasked}</Typography>
      <Typography variant="body2">{user.address}</Typography>
      <Typography variant="body2" color="text.secondary">{user.customerName} · {user.lastCheckAt ? t('field.household.lastCheck', { at: user.lastCheckAt }) : t('field.household.neverChecked')}</Typography>
      {user.openMajor > 0 && <Alert severity="error">{t('field.household.openMajor', { count: user.openMajor })}</Alert>}
    </Stack>
  );
}
