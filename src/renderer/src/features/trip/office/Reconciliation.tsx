import { Box, Chip, Link, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { STOP_STATUS, type TripReconciliation } from '@shared/api/trip';
import type { MessageKey } from '@renderer/i18n/messages';
import { useLanguage, useT } from '@renderer/i18n/useT';
import { dateTime } from '@renderer/stations/format';
import { useReceiptUrl } from '../receiptUrl';
import { ProofImage } from './ProofImage';
import { reasonText } from './tripText';

const TOTALS: [MessageKey, keyof TripReconciliation][] = [
  ['trip.loaded', 'loaded'], ['trip.delivered', 'delivered'], ['trip.unloaded', 'unloaded'], ['trip.onBoard', 'onBoard'],
  ['trip.missing', 'missing'], ['trip.foundByAudit', 'foundByAudit'], ['trip.pickedUp', 'pickedUp'], ['trip.forced', 'forced'],
];
const OUTCOME: Record<string, MessageKey> = {
  onBoard: 'field.trip.outcome.onBoard', delivered: 'field.trip.outcome.delivered', unloaded: 'field.trip.outcome.unloaded', missing: 'field.trip.outcome.missing',
  foundByAudit: 'field.trip.outcome.foundByAudit',
};
const position = (lat: number | null, lng: number | null) => (lat !== null && lng !== null ? `${lat.toFixed(5)}, ${lng.toFixed(5)}` : '—');

/** 对账: the trip's totals, each stop's proof (receiver, time, position, signature, photo), and every cylinder's outcome. */
export function Reconciliation({ data }: { data: TripReconciliation }) {
  const t = useT();
  const lang = useLanguage();
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="trip-reconcile">
      <Typography variant="subtitle1" sx={{ mb: 1 }}>{t('trip.reconcile')}</Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 1.5 }}>
        {TOTALS.map(([label, key]) => (
          <Chip key={key} size="small" variant="outlined" data-testid={`total-${key}`}
            color={(key === 'missing' || key === 'onBoard') && Number(data[key]) > 0 ? 'error' : 'default'}
            label={`${t(label)}：${String(data[key])}`} />
        ))}
      </Stack>
      <Table size="small" aria-label={t('trip.stopsTitle')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('trip.stop.seq')}</TableCell>
            <TableCell>{t('trip.customer')}</TableCell>
            <TableCell>{t('trip.stop.status')}</TableCell>
            <TableCell>{t('trip.loadedDelivered')}</TableCell>
            <TableCell>{t('trip.stop.differences')}</TableCell>
            <TableCell>{t('trip.pickedUp')}</TableCell>
            <TableCell>{t('trip.stop.receiver')}</TableCell>
            <TableCell>{t('trip.stop.provedAt')}</TableCell>
            <TableCell>{t('trip.stop.position')}</TableCell>
            <TableCell>{t('trip.stop.signature')}</TableCell>
            <TableCell>{t('trip.stop.photo')}</TableCell>
            <TableCell>{t('trip.stop.receipt')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.stops.map((s) => {
            const proved = s.status === STOP_STATUS.delivered;
            return (
              <TableRow key={s.stopId}>
                <TableCell>{s.seq}</TableCell>
                <TableCell>{s.customerName}</TableCell>
                <TableCell>{t(proved ? 'trip.stop.delivered' : 'trip.stop.waiting')}</TableCell>
                <TableCell>{`${s.loaded} / ${s.delivered}`}</TableCell>
                <TableCell>{s.differences}</TableCell>
                <TableCell>{s.pickedUp}</TableCell>
                <TableCell>{s.receiverName ?? '—'}</TableCell>
                <TableCell>{s.provedAt ? dateTime(s.provedAt) : '—'}</TableCell>
                <TableCell>{position(s.latitude, s.longitude)}</TableCell>
                <TableCell>{proved ? <ProofImage stopId={s.stopId} kind="signature" label={t('trip.stop.signature')} /> : '—'}</TableCell>
                <TableCell>{proved ? <ProofImage stopId={s.stopId} kind="photo" label={t('trip.stop.photo')} /> : '—'}</TableCell>
                <TableCell>
                  {s.receiptToken
                    ? <ReceiptLink token={s.receiptToken} label={t('trip.stop.receiptPdf')} />
                    : '—'}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      <Typography variant="subtitle2" sx={{ mt: 2, mb: 0.5 }}>{t('trip.cylinders')}</Typography>
      <Box sx={{ maxHeight: 360, overflow: 'auto' }}>
        <Table size="small" stickyHeader aria-label={t('trip.cylinders')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('trip.code')}</TableCell>
              <TableCell>{t('trip.customer')}</TableCell>
              <TableCell>{t('trip.orderNo')}</TableCell>
              <TableCell>{t('trip.outcome')}</TableCell>
              <TableCell>{t('trip.reason')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.cylinders.map((c) => (
              <TableRow key={c.code}>
                <TableCell>{c.code}</TableCell>
                <TableCell>{c.customerName}</TableCell>
                <TableCell>{c.orderNo}</TableCell>
                <TableCell sx={c.outcome === 'missing' || c.outcome === 'onBoard' ? { color: 'error.main' } : undefined}>
                  {OUTCOME[c.outcome] ? t(OUTCOME[c.outcome]!) : c.outcome}
                </TableCell>
                <TableCell>{reasonText(lang, c.reason)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Paper>
  );
}

function ReceiptLink({ token, label }: { token: string; label: string }) {
  return <Link href={useReceiptUrl(token)} target="_blank" rel="noopener">{label}</Link>;
}
