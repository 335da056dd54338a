import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { Alert, Box, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { HOUSEHOLD } from '@shared/api/household';
import { ScanInput } from '@renderer/components/ScanInput';
import { useT } from '@renderer/i18n/useT';
import { failureOf, newScanId } from '@renderer/stations/scan';
import { readScan } from '@renderer/stations/scanText';
import { callEndpoint } from '@renderer/store/endpoints';
import { householdApi } from '../householdApi';
import { HouseholdCard } from './HouseholdCard';

/**
 * /field/household/:id/deliver: scan each cylinder handed to the user (its barcode or the QR code of its public page).
 * The server judges (hazards, the last safety check, where the cylinder is); a refusal stays on screen in its words.
 */
export default function FieldDeliverPage() {
  const t = useT();
  const id = Number(useParams().id);
  const { data: user, refetch } = householdApi.useHouseholdBriefQuery({ id });
  const [refusal, setRefusal] = useState<string | null>(null);
  const [delivered, setDelivered] = useState<{ code: string; at: string }[]>([]);

  const onScan = async (text: string) => {
    const read = readScan(text);
    if (!read.ok) throw new Error(t('field.household.badCode', { text: read.text }));
    try {
      const done = await callEndpoint(HOUSEHOLD.deliver, { householdId: id, code: read.code, scanId: newScanId() }, { silent: true, action: true });
      setRefusal(null);
      setDelivered((list) => (done.repeated ? list : [{ code: done.code, at: done.deliveredAt }, ...list]));
      return done.message;
    } catch (e) {
      const failure = failureOf(e);
      const message = failure.message ?? t('field.household.noNetwork');
      setRefusal(message);
      void refetch();
      throw new Error(message);
    }
  };

  return (
    <Box sx={{ p: 2, maxWidth: 560, mx: 'auto' }}>
      <Stack spacing={2}>
        {user && <HouseholdCard user={user} />}
        <Typography variant="body2" color="text.secondary">{t('field.household.scanHint')}</Typography>
        <ScanInput onScan={onScan} />
        {refusal && <Alert severity="error" data-testid="deliver-refusal">{refusal}</Alert>}
        {delivered.length > 0 && (
          <List dense aria-label={t('field.household.delivered')}>
            {delivered.map((d) => <ListItem key={d.code}><ListItemText primary={d.code} secondary={d.at} /></ListItem>)}
          </List>
        )}
      </Stack>
    </Box>
  );
}
