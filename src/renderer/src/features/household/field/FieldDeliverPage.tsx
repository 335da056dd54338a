import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Alert, Box, Chip, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { ScanInput } from '@renderer/components/ScanInput';
import { useT } from '@renderer/i18n/useT';
import { readScan } from '@renderer/stations/scanText';
import { householdApi } from '../householdApi';
import { deliverToHousehold, keptUser, type KeptUser } from './deliverAct';
import { HouseholdCard } from './HouseholdCard';
import { refreshKeptHousehold } from './householdCopy';

/** The user as the device keeps them (shown while the server cannot be asked); null: not kept. A scan reads it itself. */
function useKeptUser(id: number): KeptUser | null {
  const [kept, setKept] = useState<KeptUser | null>(null);
  useEffect(() => {
    let live = true;
    keptUser(id).then((k) => live && setKept(k)).catch(() => undefined);
    return () => { live = false; };
  }, [id]);
  return kept;
}

/**
 * /field/household/:id/deliver: scan each cylinder handed to the user (its barcode or the QR code of its public page).
 * Online the server judges (hazards, the last safety check, where the cylinder is); with no network the delivery is
 * judged on the device's copy of the user's serving station by the same rule and kept, to be sent when online. A
 * refusal stays on screen in its words.
 */
export default function FieldDeliverPage() {
  const t = useT();
  const id = Number(useParams().id);
  const { data: online, refetch } = householdApi.useHouseholdBriefQuery({ id });
  const kept = useKeptUser(id);
  const user = online ?? kept?.user;
  const [refusal, setRefusal] = useState<string | null>(null);
  const [delivered, setDelivered] = useState<{ code: string; at: string; waiting: boolean }[]>([]);

  const onScan = async (text: string) => {
    const read = readScan(text);
    if (!read.ok) throw new Error(t('field.household.badCode', { text: read.text }));
    const verdict = await deliverToHousehold(t, id, read.code);
    if (verdict.kind === 'refused') {
      setRefusal(verdict.message);
      void refetch();
      void refreshKeptHousehold(id);
      throw new Error(verdict.message);
    }
    setRefusal(null);
    setDelivered((list) => (list.some((d) => d.code === verdict.code) ? list : [{ code: verdict.code, at: verdict.at, waiting: verdict.kind === 'queued' }, ...list]));
    return verdict.message;
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
            {delivered.map((d) => (
              <ListItem key={d.code} secondaryAction={d.waiting ? <Chip size="small" color="warning" label={t('field.household.waiting')} /> : undefined}>
                <ListItemText primary={d.code} secondary={d.at} />
              </ListItem>
            ))}
          </List>
        )}
      </Stack>
    </Box>
  );
}
