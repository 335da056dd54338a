import { memo, useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import dayjs from 'dayjs';
import { Alert, Box, Button, Chip, Divider, List, ListItem, ListItemText, MenuItem, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { DIFFERENCE_REASONS, TRIP, type ManifestCylinder, type ManifestStop } from '@shared/api/trip';
import { ScanInput } from '@renderer/components/ScanInput';
import { useQueueSummary, type KeptTrip } from '@renderer/features/offline';
import type { Language } from '@renderer/i18n/i18n';
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
  const params = useParams();
  const tripId = Number(params.id);
  // The page follows an act one render after the scan's verdict (a transition React runs once the verdict is painted):
  // the driver's answer is not held up by the lists; a scan judges on the copy as it is now (keptTrip), never on these.
  const trip = useDeferredValue(useKeptTrip(tripId));
  return <StopView trip={trip} tripId={tripId} stopId={Number(params.stopId)} />;
}

const StopView = memo(function StopView({ trip, tripId, stopId }: { trip: KeptTrip | null | undefined; tripId: number; stopId: number }) {
  const t = useT();
  const lang = useLanguage();
  const { online } = useConnectivity();
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

  const cylinders = trip?.cylinders;
  const allPickups = trip?.pickups;
  const mine = useMemo(() => (cylinders ?? []).filter((c) => c.stopId === stopId), [cylinders, stopId]);
  const onBoard = useMemo(() => mine.filter((c) => c.outcome === 'onBoard'), [mine]);
  const pickups = useMemo(() => (allPickups ?? []).filter((p) => p.stopId === stopId), [allPickups, stopId]);
  const onReason = useCallback((code: string, reason: string) => setReasons((r) => ({ ...r, [code]: reason })), []);

  const onScan = useCallback(async (text: string) => {
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
  }, [t, tripId, stopId, mode]);

  const onMode = useCallback((next: Mode) => {
    setMode(next);
    setWarning(null);
  }, []);
  const startSigning = useCallback(() => setSigning(true), []);

  if (trip === undefined) return null;
  if (trip === null) return <Box sx={{ p: 2 }}><Alert severity="warning">{problem ?? t('field.trip.noCopy')}</Alert></Box>;
  const stop = trip.stops.find((s) => s.id === stopId);
  if (!stop) return <Box sx={{ p: 2 }}><Alert severity="warning">{t('field.trip.noStop')}</Alert></Box>;

  const signed = stop.status === 1;
  const proof = trip.proofs[stopId];

  return (
    <Box sx={{ p: 2 }}>
      <StopHeader stop={stop} />
      <ModeToggle mode={mode} signed={signed} onMode={onMode} />
      {(mode === 'pickup' || !signed) && (
        <ScanField key={mode} onScan={onScan} signing={signing} label={t(mode === 'deliver' ? 'field.trip.scanDeliver' : 'field.trip.scanPickup')} />
      )}
      {warning && <Alert severity="warning" sx={{ mt: 1 }} data-testid="scan-warning">{warning}</Alert>}
      <ExpectedList mine={mine} lang={lang} />
      <PickupList pickups={pickups} lang={lang} />
      <Divider sx={{ my: 2 }} />
      {signed ? (
        <Stack spacing={2}>
          <Alert severity="success" data-testid="proof-done">
            {t('field.trip.proof.done', { receiver: stop.receiverName ?? '', time: stop.provedAt ? dayjs(stop.provedAt).format('MM-DD HH:mm') : '' })}
          </Alert>
          {proof?.receiptToken ? <ReceiptQr token={proof.receiptToken} /> : proof ? (
            <>
              <Alert severity="info" data-testid="receipt-pending">{t('field.trip.proof.kept')}</Alert>
              <ReceiptAsk trip={trip} stopId={stopId} />
            </>
          ) : null}
        </Stack>
      ) : (
        <Stack spacing={2}>
          {/* The differences are settled when the driver goes to 签收, not while scanning: until then every cylinder still on
              board would show as one, and each hand-over would lay out a select per cylinder again (the slowest part of a
              delivery scan on a throttled phone, 2026-11-29). */}
          {signing && onBoard.length > 0 && <Differences onBoard={onBoard} reasons={reasons} onReason={onReason} lang={lang} />}
          {signing ? <ProofSection tripId={tripId} stop={stop} reasons={reasons} /> : <SignButton onClick={startSigning} />}
        </Stack>
      )}
    </Box>
  );
});

/*
 * The page's parts, memoized on what they show: an act changes one cylinder of the copy (a new object for it, the
 * others and the stops as they were), so a scan renders the list it changed and its row again, not the whole stop
 * (its header, the mode buttons, the lists and a select per cylinder): about a third of a throttled phone's scan
 * went to rendering the parts that had not changed (2026-11-29).
 */

/** The stop's name, state, address, contact and orders. */
const StopHeader = memo(function StopHeader({ stop }: { stop: ManifestStop }) {
  const t = useT();
  const signed = stop.status === 1;
  return (
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
  );
});

/** 交付 / 回收空瓶 (交付 is over once the stop is signed). */
const ModeToggle = memo(function ModeToggle({ mode, signed, onMode }: { mode: Mode; signed: boolean; onMode: (mode: Mode) => void }) {
  const t = useT();
  return (
    <ToggleButtonGroup exclusive fullWidth color="primary" value={mode} aria-label={t('field.trip.mode')} sx={{ mb: 2 }}
      onChange={(_e, v: Mode | null) => { if (v) onMode(v); }}>
      <ToggleButton value="deliver" disabled={signed}>{t('field.trip.mode.deliver')}</ToggleButton>
      <ToggleButton value="pickup">{t('field.trip.mode.pickup')}</ToggleButton>
    </ToggleButtonGroup>
  );
});

/** The cylinders meant for the stop, with how many are delivered. */
const ExpectedList = memo(function ExpectedList({ mine, lang }: { mine: ManifestCylinder[]; lang: Language }) {
  const t = useT();
  const delivered = mine.filter((c) => c.outcome === 'delivered').length;
  const title = t('field.trip.expected', { delivered, total: mine.length });
  return (
    <>
      <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>{title}</Typography>
      {mine.length === 0 ? <Typography variant="body2" color="text.secondary">{t('field.trip.noExpected')}</Typography> : (
        <List dense aria-label={title} data-testid="expected">
          {mine.map((c) => <ExpectedRow key={c.code} c={c} lang={lang} />)}
        </List>
      )}
    </>
  );
});

/** The empties taken back at the stop. */
const PickupList = memo(function PickupList({ pickups, lang }: { pickups: KeptTrip['pickups']; lang: Language }) {
  const t = useT();
  const title = t('field.trip.pickups', { count: pickups.length });
  return (
    <>
      <Typography variant="subtitle1" component="h3" sx={{ mt: 1 }}>{title}</Typography>
      <List dense aria-label={title} data-testid="pickups">
        {pickups.map((p) => <PickupRow key={p.code} code={p.code} forced={p.forced} lang={lang} />)}
      </List>
    </>
  );
});

/** A reason per cylinder still on board, before the receiver signs. */
const Differences = memo(function Differences({ onBoard, reasons, onReason, lang }: {
  onBoard: ManifestCylinder[]; reasons: Record<string, string>; onReason: (code: string, reason: string) => void; lang: Language;
}) {
  const t = useT();
  return (
    <Stack spacing={1.5} component="section" aria-label={t('field.trip.differences')}>
      <Typography variant="subtitle1" component="h3">{t('field.trip.differences')}</Typography>
      {onBoard.map((c) => <ReasonSelect key={c.code} code={c.code} value={reasons[c.code] ?? ''} onChange={onReason} lang={lang} />)}
    </Stack>
  );
});

const SignButton = memo(function SignButton({ onClick }: { onClick: () => void }) {
  const t = useT();
  return <Button variant="contained" size="large" onClick={onClick}>{t('field.trip.sign')}</Button>;
});

const reasonName = (code: string, lang: string): string => {
  const r = DIFFERENCE_REASONS.find((x) => x.code === code);
  return r ? (lang === 'en' ? r.en : r.zh) : code;
};

/** The scan field: renders again when its mode, label or the proof form's focus changes, not with every act. */
const ScanField = memo(function ScanField({ onScan, signing, label }: { onScan: (text: string) => Promise<string>; signing: boolean; label: string }) {
  // While the proof is filled in, the scan field leaves the focus to it (a phone's keyboard stays down on the signature).
  return <ScanInput onScan={onScan} keepFocus={!signing} autoFocus={!signing} label={label} />;
});

const ExpectedRow = memo(function ExpectedRow({ c, lang }: { c: ManifestCylinder; lang: Language }) {
  const t = useT();
  return (
    <ListItem data-code={c.code} data-outcome={c.outcome}
      secondaryAction={<Chip size="small" color={c.outcome === 'delivered' ? 'success' : 'default'} label={t(`field.trip.outcome.${c.outcome}` as 'field.trip.outcome.onBoard')} />}>
      <ListItemText primary={c.code} secondary={[c.materialName, c.specification, c.reason && reasonName(c.reason, lang)].filter(Boolean).join(' · ')} />
    </ListItem>
  );
});

/** `lang` is there to render again in another language. */
const PickupRow = memo(function PickupRow({ code, forced }: { code: string; forced: boolean; lang: Language }) {
  const t = useT();
  return (
    <ListItem data-code={code} secondaryAction={forced ? <Chip size="small" color="warning" label={t('field.trip.forcedFlag')} /> : undefined}>
      <ListItemText primary={code} />
    </ListItem>
  );
});

const ReasonSelect = memo(function ReasonSelect({ code, value, onChange, lang }: { code: string; value: string; onChange: (code: string, reason: string) => void; lang: Language }) {
  const t = useT();
  return (
    <TextField select size="small" label={t('field.trip.reasonFor', { code })} value={value} onChange={(e) => onChange(code, e.target.value)}>
      <MenuItem value="">{t('field.trip.noReason')}</MenuItem>
      {DIFFERENCE_REASONS.map((r) => <MenuItem key={r.code} value={r.code}>{lang === 'en' ? r.en : r.zh}</MenuItem>)}
    </TextField>
  );
});

/** A proof kept offline: its receipt is asked for once the queue has sent it (only this part follows the queue). */
function ReceiptAsk({ trip, stopId }: { trip: KeptTrip; stopId: number }) {
  const { online } = useConnectivity();
  const { byStation } = useQueueSummary();
  const waiting = byStation.field ?? 0;
  useEffect(() => {
    if (online && waiting === 0) void askReceipt(trip, stopId);
  }, [trip, stopId, online, waiting]);
  return null;
}
