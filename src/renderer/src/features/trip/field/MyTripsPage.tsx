import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { liveQuery } from 'dexie';
import { Alert, Box, Card, CardActionArea, CardContent, Chip, CircularProgress, Stack, Typography } from '@mui/material';
import { TRIP_STATUS_NAMES, type TripRow } from '@shared/api/trip';
import { offlineDb } from '@renderer/features/offline';
import { useLanguage, useT } from '@renderer/i18n/useT';
import { tripApi } from '../tripApi';

/** 我的车次 (/field/trips): the driver's trips, the ones on the road first (the server shows a driver only their own). */
export default function MyTripsPage() {
  const t = useT();
  const lang = useLanguage();
  const { data, isLoading, error } = tripApi.useTripPageQuery({ page: 1, size: 50, sidx: 'planDate', order: 'desc' });
  const kept = useKeptRows();
  // Without network the trips saved on the device are listed (their copy: what the driver can work on).
  const rows = [...(data?.list ?? (error ? kept : []))].sort((a, b) => rank(a.status) - rank(b.status));
  return (
    <Box sx={{ p: 2 }}>
      {isLoading && <CircularProgress size={24} />}
      {error && !kept.length && <Alert severity="warning">{t('field.trip.loadFailed', { why: (error as { message?: string }).message ?? '' })}</Alert>}
      {data && rows.length === 0 && <Alert severity="info">{t('field.trip.none')}</Alert>}
      <Stack spacing={1.5}>
        {rows.map((trip) => (
          <Card key={trip.id} variant="outlined">
            <CardActionArea component={RouterLink} to={`/field/trip/${trip.id}`} aria-label={trip.tripNo}>
              <CardContent>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
                  <Typography variant="h6" component="span" sx={{ flexGrow: 1 }}>{trip.tripNo}</Typography>
                  <Chip size="small" color={trip.status === 1 ? 'primary' : 'default'} label={TRIP_STATUS_NAMES[trip.status]?.[lang === 'en' ? 'en' : 'zh'] ?? trip.status} />
                </Stack>
                <Typography variant="body2">{trip.plate} · {trip.planDate} · {t('field.trip.stops', { count: trip.stopCount })}</Typography>
                <Typography variant="body2" color="text.secondary">{t('field.trip.loaded', { loaded: trip.loaded, delivered: trip.delivered })}</Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        ))}
      </Stack>
    </Box>
  );
}

/** On the road first, then planned, then closed. */
const rank = (status: number): number => (status === 1 ? 0 : status === 0 ? 1 : 2);

function useKeptRows(): TripRow[] {
  const [rows, setRows] = useState<TripRow[]>([]);
  useEffect(() => {
    const sub = liveQuery(() => offlineDb().trips.toArray()).subscribe({ next: (trips) => setRows(trips.map((k) => k.trip)), error: () => setRows([]) });
    return () => sub.unsubscribe();
  }, []);
  return rows;
}
