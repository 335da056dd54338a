import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Button, Card, CardActions, CardContent, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { HOUSEHOLD, HOUSEHOLD_COPY_MAX, type HouseholdStation } from '@shared/api/household';
import { useT } from '@renderer/i18n/useT';
import { usePermission } from '@renderer/permission/permission';
import { connectivity, useConnectivity } from '@renderer/stations/connectivity';
import { callEndpoint } from '@renderer/store/endpoints';
import { HouseholdCard } from './HouseholdCard';
import { householdCopyInfo, onHouseholdCopy, saveHouseholdCopy, searchKeptHouseholds, type HouseholdCopyInfo } from './householdCopy';

type Found = Parameters<typeof HouseholdCard>[0]['user'] & { id: number };

/** 离线配送: the serving station whose users this device keeps, and what it keeps now. */
function OfflineCopy() {
  const t = useT();
  const { online } = useConnectivity();
  const [stations, setStations] = useState<HouseholdStation[]>([]);
  const [chosen, setChosen] = useState<number | ''>('');
  const [info, setInfo] = useState<HouseholdCopyInfo | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    const read = () => void householdCopyInfo().then((i) => {
      setInfo(i ?? null);
      if (i) setChosen((c) => (c === '' ? i.customerId : c));
    }).catch(() => undefined);
    read();
    return onHouseholdCopy(read);
  }, []);
  useEffect(() => {
    if (!online) return;
    callEndpoint(HOUSEHOLD.stations, undefined, { silent: true }).then(setStations).catch(() => undefined);
  }, [online]);

  const save = async () => {
    const station = stations.find((s) => s.customerId === chosen);
    if (!station) return;
    setBusy(true);
    setProblem(null);
    try {
      await saveHouseholdCopy(station.customerId, station.customerName);
    } catch (e) {
      setProblem(t('field.household.copyFailed', { why: (e as Error).message }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card variant="outlined" sx={{ mt: 3 }} component="section" aria-label={t('field.household.copyTitle')}>
      <CardContent>
        <Typography variant="subtitle1">{t('field.household.copyTitle')}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>{t('field.household.copyHint')}</Typography>
        <Stack direction="row" spacing={1}>
          <TextField select fullWidth size="small" label={t('field.household.station')} value={stations.some((s) => s.customerId === chosen) ? chosen : ''}
            onChange={(e) => setChosen(Number(e.target.value))} disabled={!online}>
            {stations.map((s) => <MenuItem key={s.customerId} value={s.customerId}>{s.customerName}（{s.users}）</MenuItem>)}
          </TextField>
          <Button variant="outlined" onClick={() => void save()} disabled={!online || busy || chosen === ''}>{t('field.household.saveCopy')}</Button>
        </Stack>
        <Typography variant="body2" sx={{ mt: 1.5 }} data-testid="household-copy">
          {info
            ? `${t('field.household.copySaved', { station: info.customerName, users: info.users, at: new Date(info.savedAt).toLocaleString() })}${info.truncated ? t('field.household.copyTruncated', { max: HOUSEHOLD_COPY_MAX }) : ''}`
            : t('field.household.copyNone')}
        </Typography>
        {problem && <Alert severity="error" sx={{ mt: 1 }}>{problem}</Alert>}
      </CardContent>
    </Card>
  );
}

/**
 * /field/household: find a user by the beginning of their phone number or name (answers masked), then check or deliver.
 * With no network the users this device keeps are searched (part of the address, the phone's last digits, the surname).
 */
export default function FieldHouseholdPage() {
  const t = useT();
  const canCheck = usePermission(['household:check']);
  const canDeliver = usePermission(['household:deliver']);
  const [text, setText] = useState('');
  const [found, setFound] = useState<Found[] | null>(null);
  const [offline, setOffline] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const searchKept = async (v: string) => {
    setOffline(true);
    setFound(await searchKeptHouseholds(v));
  };

  const find = async () => {
    const v = text.trim();
    if (!v) return;
    setProblem(null);
    if (!connectivity.get().online) return searchKept(v);
    try {
      const page = await callEndpoint(HOUSEHOLD.page, { ...(/^\d/.test(v) ? { phone: v } : { name: v }), status: 1, size: 20 }, { silent: true });
      setOffline(false);
      setFound(page.list);
    } catch (e) {
      if (typeof (e as { code?: unknown } | null)?.code !== 'number') {
        connectivity.lost();
        return searchKept(v);
      }
      setProblem((e as Error).message);
    }
  };

  return (
    <Box sx={{ p: 2, maxWidth: 560, mx: 'auto' }}>
      <Stack direction="row" spacing={1} component="form" onSubmit={(e) => { e.preventDefault(); void find(); }}>
        <TextField fullWidth size="small" label={t('field.household.search')} value={text} onChange={(e) => setText(e.target.value)} slotProps={{ htmlInput: { maxLength: 64 } }} />
        <Button type="submit" variant="contained">{t('field.household.find')}</Button>
      </Stack>
      {problem && <Alert severity="error" sx={{ mt: 2 }}>{problem}</Alert>}
      {offline && <Alert severity="info" sx={{ mt: 2 }}>{t('field.household.offlineSearch')}</Alert>}
      {found?.length === 0 && <Typography sx={{ mt: 2 }} color="text.secondary">{t('field.household.none')}</Typography>}
      <Stack spacing={1.5} sx={{ mt: 2 }}>
        {found?.map((u) => (
          <Card key={u.id} variant="outlined">
            <CardContent><HouseholdCard user={u} /></CardContent>
            <CardActions>
              {canCheck && !offline && <Button component={RouterLink} to={`/field/household/${u.id}/check`}>{t('field.household.check')}</Button>}
              {canDeliver && <Button component={RouterLink} to={`/field/household/${u.id}/deliver`} variant="contained">{t('field.household.deliver')}</Button>}
            </CardActions>
          </Card>
        ))}
      </Stack>
      {canDeliver && <OfflineCopy />}
    </Box>
  );
}
