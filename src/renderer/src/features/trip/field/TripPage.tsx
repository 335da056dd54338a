import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import dayjs from 'dayjs';
import { Alert, Box, Button, Card, CardActionArea, CardContent, Chip, Stack, Typography } from '@mui/material';
import { TRIP, TRIP_STATUS_NAMES, type ManifestStop, type TripManifest } from '@shared/api/trip';
import { PageLoading } from '@renderer/components/PageLoading';
import { fieldActsWaiting, useQueueSummary } from '@renderer/features/offline';
import { useLanguage, useT } from '@renderer/i18n/useT';
import { useConnectivity } from '@renderer/stations/connectivity';
import { failureOf } from '@renderer/stations/scan';
import { callEndpoint } from '@renderer/store/endpoints';
import { keepManifest } from './tripStore';
import { ageWords, useKeptTrip } from './useKeptTrip';

/**
 * 车次 (/field/trip/:id): the stops in the order driven, with their state. 保存离线 keeps the server's manifest on the
 * device (the stop pages read only that copy); the page shows how old the copy is. Without a copy it shows the
 * server's manifest as read now.
 */
export default function TripPage() {
  const t = useT();
  const lang = useLanguage();
  const id = Number(useParams().id);
  const kept = useKeptTrip(id);
  const { online } = useConnectivity();
  const { byStation } = useQueueSummary();
  const waiting = byStation.field ?? 0;
  const [fresh, setFresh] = useState<TripManifest | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [, tick] = useState(0);

  // One read of the manifest at a time: 保存离线 pressed while the page's first read is under way waits for that one
  // (the HTTP client cancels a second identical request).
  const reading = useRef<Promise<TripManifest> | null>(null);
  const readManifest = useCallback((): Promise<TripManifest> => {
    reading.current ??= callEndpoint(TRIP.manifest, { id }, { silent: true }).finally(() => { reading.current = null; });
    return reading.current;
  }, [id]);

  useEffect(() => {
    // Without a copy on the device: the server's manifest, to look at and save.
    if (kept !== null || !online) return;
    readManifest().then(setFresh, (e: unknown) => setProblem(failureOf(e).message ?? t('field.trip.noCopy')));
  }, [kept, online, t, readManifest]);
  useEffect(() => {
    // The stop page's code is fetched now, while the network is there: a browser without the service worker's
    // precache (or before it is filled) still opens the stops offline.
    void import('./StopPage');
  }, []);
  useEffect(() => {
    // The copy's age moves on while the page is open.
    const timer = setInterval(() => tick((n) => n + 1), 30_000);
    return () => clearInterval(timer);
  }, []);

  const save = async () => {
    setSaving(true);
    setProblem(null);
    try {
      // A copy the device changed with acts still waiting would lose them: saved again only once they are sent.
      if ((await fieldActsWaiting()) > 0) throw new Error(t('field.trip.waitingActs', { count: waiting }));
      await keepManifest(await readManifest());
      setNotice(t('field.trip.saved'));
    } catch (e) {
      setProblem(e instanceof Error ? e.message : (failureOf(e).message ?? t('field.trip.noCopy')));
    } finally {
      setSaving(false);
    }
  };

  const manifest = kept ?? fresh;
  const stops = useStopCounts(manifest);
  if (kept === undefined) return null;
  // The trip's first read: nothing to tap until it is shown (the trip's heading coming in above 保存离线 moved the button
  // from under the finger, and the tap landed on the heading).
  if (!manifest && online && !problem) return <PageLoading />;
  return (
    <Box sx={{ p: 2 }}>
      {manifest && (
        <Stack spacing={0.5} sx={{ mb: 2 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }} data-testid="trip-no">{manifest.trip.tripNo}</Typography>
            <Chip size="small" color="primary" label={TRIP_STATUS_NAMES[manifest.trip.status]?.[lang === 'en' ? 'en' : 'zh'] ?? ''} />
          </Stack>
          <Typography variant="body2">{manifest.trip.plate} · {manifest.trip.driverName} · {manifest.trip.planDate}</Typography>
        </Stack>
      )}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
        <Typography variant="body2" color={kept ? 'text.secondary' : 'warning.main'} data-testid="copy-age" sx={{ flexGrow: 1 }}>
          {kept ? t('field.trip.savedAge', { age: ageWords(t, kept.savedAt), time: dayjs(kept.savedAt).format('MM-DD HH:mm') }) : t('field.trip.notSaved')}
        </Typography>
        <Button variant={kept ? 'outlined' : 'contained'} loading={saving} disabled={!online || waiting > 0} onClick={() => void save()}>
          {kept ? t('field.trip.update') : t('field.trip.save')}
        </Button>
      </Stack>
      {waiting > 0 && kept && <Alert severity="info" sx={{ mb: 2 }}>{t('field.trip.waitingActs', { count: waiting })}</Alert>}
      {notice && <Alert severity="success" sx={{ mb: 2 }} onClose={() => setNotice(null)}>{notice}</Alert>}
      {problem && <Alert severity="warning" sx={{ mb: 2 }}>{problem}</Alert>}
      {!manifest && !online && <Alert severity="warning">{t('field.trip.noCopy')}</Alert>}
      <Stack spacing={1.5} component="ol" sx={{ p: 0, m: 0, listStyle: 'none' }} aria-label={manifest?.trip.tripNo}>
        {stops.map(({ stop, delivered, total, pickups }) => (
          <StopCard key={stop.id} stop={stop} delivered={delivered} total={total} pickups={pickups} to={kept ? `/field/trip/${id}/stop/${stop.id}` : null} />
        ))}
      </Stack>
    </Box>
  );
}

/** Each stop in driving order with its counts (recounted when the copy changes; the cards render again only when theirs do). */
function useStopCounts(manifest: TripManifest | null) {
  const { stops, cylinders, pickups } = manifest ?? { stops: [], cylinders: [], pickups: [] };
  return useMemo(() => {
    const counts = new Map<number, { delivered: number; total: number; pickups: number }>();
    const of = (stopId: number) => {
      let c = counts.get(stopId);
      if (!c) counts.set(stopId, (c = { delivered: 0, total: 0, pickups: 0 }));
      return c;
    };
    for (const c of cylinders) {
      const n = of(c.stopId);
      n.total += 1;
      if (c.outcome === 'delivered') n.delivered += 1;
    }
    for (const p of pickups) of(p.stopId).pickups += 1;
    return [...stops].sort((a, b) => a.seq - b.seq).map((stop) => ({ stop, ...of(stop.id) }));
  }, [stops, cylinders, pickups]);
}

/** One stop's card: memoized on what it shows (the replay and each act render the page, not its 30 cards). */
const StopCard = memo(function StopCard({ stop, delivered, total, pickups, to }: { stop: ManifestStop; delivered: number; total: number; pickups: number; to: string | null }) {
  const t = useT();
  const signed = stop.status === 1;
  const body = (
    <CardContent>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="subtitle1" component="span" sx={{ flexGrow: 1, fontWeight: 600 }}>
          {t('field.trip.stopSeq', { seq: stop.seq })} {stop.customerName}
        </Typography>
        <Chip size="small" color={signed ? 'success' : 'default'} label={t(signed ? 'field.trip.stop.delivered' : 'field.trip.stop.waiting')} />
      </Stack>
      {stop.address && <Typography variant="body2" color="text.secondary">{stop.address}</Typography>}
      <Typography variant="body2" data-testid={`stop-counts-${stop.seq}`}>
        {t('field.trip.stopCounts', { delivered, total, pickups })}
      </Typography>
    </CardContent>
  );
  return (
    <Card component="li" variant="outlined" data-testid={`stop-${stop.seq}`}>
      {to ? <CardActionArea component={RouterLink} to={to}>{body}</CardActionArea> : body}
    </Card>
  );
});
