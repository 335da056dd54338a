import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import dayjs from 'dayjs';
import { Alert, Box, Button, Chip, Divider, List, ListItem, ListItemText, MenuItem, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { DIFFERENCE_REASONS, TRIP, type ManifestCylinder } from '@shared/api/trip';
import { ScanInput } from '@renderer/components/ScanInput';
import { useQueueSummary } from '@renderer/features/offline';
import { useLanguage, useT } from '@renderer/i18n/useT';
import { useConnectivity } from '@renderer/stations/connectivity';
import { failureOf } from '@renderer/stations/scan';
import { readScan } from '@renderer/stations/scanText';
import { callEndpoint } from '@renderer/store/endpoints';
import { askReceipt, deliverAct, pickupAct } from './acts';
import { ProofSection } from './ProofSection';
import { ReceiptQr } from './ReceiptQr';
import { keepManifest, keptTrip } from './tripStore';
import { useKeptTrip } from './useKeptTrip';

type Mode = 'deliver' | 'pickup';

/**
 * A stop (/field/trip/:id/stop/:stopId), read from the device's copy only (it renders with no network): 交付 and
 * 回收空瓶 by scan (a PDA's scanner ending in Enter or Tab, or the camera button), each judged on the copy with the
 * server's rules and sent or kept; the cylinders meant for the stop with their state, the empties taken back, the
 * reasons for what is not handed over, and 签收 with its receipt.
 */
export default function StopPage() {
  const t = useT();
  const lang = useLanguage();
  const params = useParams();
  const tripId = Number(params.id);
  const stopId = Number(params.stopId);
  const trip = useKeptTrip(tripId);
  const { online } = useConnectivity();
  const { byStation } = useQueueSummary();
  const waiting = byStation.field ?? 0;
  const [mode, setMode] = useState<Mode>('deliver');
  const [warning, setWarning] = useState<string | null>(null);
  const [reasons, setReasons] = useState<Record<string, string>>({});
  const [signing, setSigning] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    // Opened online without a copy: the stop is worked on the device's copy, so it is saved first.
    if (trip !== null || !online) return;
    callEndpoint(TRIP.manifest, { id: tripId }, { silent: true }).then(keepManifest).catch((e: unknown) => setProblem(failureOf(e).message ?? t('field.trip.noCopy')));
  }, [trip, online, tripId, t]);

  const proof = trip?.proofs[stopId];
  useEffect(() => {
    // A proof kept offline: its receipt once the queue has sent it.
    if (trip && proof && !proof.receiptToken && online && waiting === 0) void askReceipt(trip, stopId);
  }, [trip, proof, online, waiting, stopId]);

  if (trip === undefined) return null;
  if (trip === null) return <Box sx={{ p: 2 }}><Alert severity="warning">{problem ?? t('field.trip.noCopy')}</Alert></Box>;
  const stop = trip.stops.find((s) => s.id === stopId);
  if (!stop) return <Box sx={{ p: 2 }}><Alert severity="warning">{t('field.trip.noStop')}</Alert></Box>;

  const mine = trip.cylinders.filter((c) => c.stopId === stop.id);
  const delivered = mine.filter((c) => c.outcome === 'delivered').length;
  const onBoard = mine.filter((c) => c.outcome === 'onBoard');
  const pickups = trip.pickups.filter((p) => p.stopId === stop.id);
  const signed = stop.status === 1;

  const onScan = async (text: string) => {
    const read = readScan(text);
    if (!read.ok) throw new Error(t('field.trip.notCode', { text: read.text }));
    // The copy as it is now (the last scan's change included), not as this render saw it.
    const latest = await keptTrip(tripId);
    const here = latest?.stops.find((s) => s.id === stopId);
    if (!latest || !here) throw new Error(t('field.trip.noCopy'));
    const verdict = mode === 'deliver' ? await deliverAct(t, latest, here, read.code) : await pickupAct(t, latest, here, read.code);
    setWarning(verdict.warning ?? null);
    if (verdict.kind === 'refused' || verdict.kind === 'repeated') throw new Error(verdict.message);
    return verdict.message;
  };

  const outcomeLabel = (c: ManifestCylinder) => t(`field.trip.outcome.${c.outcome}` as 'field.trip.outcome.onBoard');
  return (
    <Box sx={{ p: 2 }}>
      <Stack spacing={0.5} sx={{ mb: 2 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }} data-testid="stop-name">
            {t('field.trip.stopSeq', { seq: stop.seq })} {stop.customerName}
          </Typography>
          <Chip size="small" color={signed ? 'success' : 'default'} data-testid="stop-status" label={t(signed ? 'field.trip.stop.delivered' : 'field.trip.stop.waiting')} />
        </Stack>
        {stop.address && <Typography variant="body2" color="text.secondary">{stop.address}</Typography>}
        {(stop.contact || stop.phone) && <Typography variant="body2" color="text.secondary">{[stop.contact, stop.phone].filter(Boolean).join(' · ')}</Typography>}
        {stop.orderNos.length > 0 && <Typography variant="body2" color="text.secondary">{stop.orderNos.join('、')}</Typography>}
      </Stack>

      <ToggleButtonGroup exclusive fullWidth color="primary" value={mode} aria-label={t('field.trip.mode')} sx={{ mb: 2 }}
        onChange={(_e, v: Mode | null) => { if (v) { setMode(v); setWarning(null); } }}>
        <ToggleButton value="deliver" disabled={signed}>{t('field.trip.mode.deliver')}</ToggleButton>
        <ToggleButton value="pickup">{t('field.trip.mode.pickup')}</ToggleButton>
      </ToggleButtonGroup>
      {(mode === 'pickup' || !signed) && (
        // While the proof is filled in, the scan field leaves the focus to it (a phone's keyboard stays down on the signature).
        <ScanInput key={mode} onScan={onScan} keepFocus={!signing} autoFocus={!signing}
          label={t(mode === 'deliver' ? 'field.trip.scanDeliver' : 'field.trip.scanPickup')} />
      )}
      {warning && <Alert severity="warning" sx={{ mt: 1 }} data-testid="scan-warning">{warning}</Alert>}

      <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>{t('field.trip.expected', { delivered, total: mine.length })}</Typography>
      {mine.length === 0 ? <Typography variant="body2" color="text.secondary">{t('field.trip.noExpected')}</Typography> : (
        <List dense aria-label={t('field.trip.expected', { delivered, total: mine.length })} data-testid="expected">
          {mine.map((c) => (
            <ListItem key={c.code} data-code={c.code} data-outcome={c.outcome}
              secondaryAction={<Chip size="small" color={c.outcome === 'delivered' ? 'success' : 'default'} label={outcomeLabel(c)} />}>
              <ListItemText primary={c.code} secondary={[c.materialName, c.specification, c.reason && reasonName(c.reason, lang)].filter(Boolean).join(' · ')} />
            </ListItem>
          ))}
        </List>
      )}

      <Typography variant="subtitle1" component="h3" sx={{ mt: 1 }}>{t('field.trip.pickups', { count: pickups.length })}</Typography>
      <List dense aria-label={t('field.trip.pickups', { count: pickups.length })} data-testid="pickups">
        {pickups.map((p) => (
          <ListItem key={p.code} data-code={p.code}
            secondaryAction={p.forced ? <Chip size="small" color="warning" label={t('field.trip.forcedFlag')} /> : undefined}>
            <ListItemText primary={p.code} />
          </ListItem>
        ))}
      </List>

      <Divider sx={{ my: 2 }} />
      {signed ? (
        <Stack spacing={2}>
          <Alert severity="success" data-testid="proof-done">
            {t('field.trip.proof.done', { receiver: stop.receiverName ?? '', time: stop.provedAt ? dayjs(stop.provedAt).format('MM-DD HH:mm') : '' })}
          </Alert>
          {proof?.receiptToken ? <ReceiptQr token={proof.receiptToken} /> : proof ? <Alert severity="info" data-testid="receipt-pending">{t('field.trip.proof.kept')}</Alert> : null}
        </Stack>
      ) : (
        <Stack spacing={2}>
          {onBoard.length > 0 && (
            <Stack spacing={1.5} component="section" aria-label={t('field.trip.differences')}>
              <Typography variant="subtitle1" component="h3">{t('field.trip.differences')}</Typography>
              {onBoard.map((c) => (
                <TextField key={c.code} select size="small" label={t('field.trip.reasonFor', { code: c.code })} value={reasons[c.code] ?? ''}
                  onChange={(e) => setReasons((r) => ({ ...r, [c.code]: e.target.value }))}>
                  <MenuItem value="">{t('field.trip.noReason')}</MenuItem>
                  {DIFFERENCE_REASONS.map((r) => <MenuItem key={r.code} value={r.code}>{lang === 'en' ? r.en : r.zh}</MenuItem>)}
                </TextField>
              ))}
            </Stack>
          )}
          {signing ? <ProofSection tripId={tripId} stop={stop} reasons={reasons} /> : (
            <Button variant="contained" size="large" onClick={() => setSigning(true)}>{t('field.trip.sign')}</Button>
          )}
        </Stack>
      )}
    </Box>
  );
}

const reasonName = (code: string, lang: string): string => {
  const r = DIFFERENCE_REASONS.find((x) => x.code === code);
  return r ? (lang === 'en' ? r.en : r.zh) : code;
};
