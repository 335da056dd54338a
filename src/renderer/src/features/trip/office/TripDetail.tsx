import { useState } from 'react';
import { Box, Button, IconButton, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import { STORAGE } from '@shared/api/storage';
import { TRIP_STATUS, type TripManifest } from '@shared/api/trip';
import { AppDrawer } from '@renderer/components/AppDrawer';
import { useConfirm } from '@renderer/components/ListPage';
import { useLanguage, useT } from '@renderer/i18n/useT';
import { notify } from '@renderer/notify/toast';
import { usePermission } from '@renderer/permission/permission';
import { HasPermission } from '@renderer/permission/Permission';
import { dateTime } from '@renderer/stations/format';
import { callEndpoint } from '@renderer/store/endpoints';
import { tripApi } from '../tripApi';
import { AddOrderDialog } from './AddOrderDialog';
import { Reconciliation } from './Reconciliation';
import { UnloadPanel } from './UnloadPanel';
import { tripStatusText } from './tripText';
import { useCloseTrip } from './useCloseTrip';

type Stop = TripManifest['stops'][number];

/** The trip's stops in driving order, with 上移 / 下移 while it is planned. */
function StopsPanel({ manifest, editable }: { manifest: TripManifest; editable: boolean }) {
  const t = useT();
  const [orderStops] = tripApi.useOrderTripStopsMutation();
  const stops = [...manifest.stops].sort((a, b) => a.seq - b.seq);
  const move = (i: number, by: -1 | 1) => {
    const ids = stops.map((s) => s.id);
    [ids[i], ids[i + by]] = [ids[i + by]!, ids[i]!];
    void orderStops({ tripId: manifest.trip.id, stopIds: ids }).unwrap().catch(() => undefined);
  };
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }}>
      <Typography variant="subtitle1" sx={{ mb: 1 }}>{t('trip.stopsTitle')}</Typography>
      {stops.length === 0 && <Typography variant="body2" color="text.secondary">{t('trip.noStops')}</Typography>}
      <Box component="ol" aria-label={t('trip.stopsTitle')} sx={{ m: 0, pl: 3 }}>
        {stops.map((s: Stop, i) => (
          <Box component="li" key={s.id} sx={{ py: 0.25 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>{s.customerName}</Typography>
              <Typography variant="body2" color="text.secondary" sx={{ flex: 1, minWidth: 0 }} noWrap>
                {[s.address, s.contact, s.phone].filter(Boolean).join(' · ')}
              </Typography>
              {editable && (
                <>
                  <IconButton size="small" aria-label={`${t('trip.moveUp')} ${s.customerName}`} disabled={i === 0} onClick={() => move(i, -1)}>
                    <ArrowUpwardIcon fontSize="small" />
                  </IconButton>
                  <IconButton size="small" aria-label={`${t('trip.moveDown')} ${s.customerName}`} disabled={i === stops.length - 1} onClick={() => move(i, 1)}>
                    <ArrowDownwardIcon fontSize="small" />
                  </IconButton>
                </>
              )}
            </Stack>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}

/** The outbound orders on the trip (by stop), with 移出 and 排入出库单 while it is planned. */
function OrdersPanel({ manifest, editable }: { manifest: TripManifest; editable: boolean }) {
  const t = useT();
  const confirm = useConfirm();
  const [remove] = tripApi.useRemoveTripOrderMutation();
  const [adding, setAdding] = useState(false);
  const orders = [...manifest.stops].sort((a, b) => a.seq - b.seq).flatMap((s) => s.orderNos.map((orderNo) => ({ orderNo, customerName: s.customerName })));
  const tripId = manifest.trip.id;

  const removeOne = async (orderNo: string) => {
    await confirm({
      title: t('trip.removeOrder'), okText: t('trip.removeOrder'), danger: true,
      message: t('trip.removeOrderConfirm', { orderNo, tripNo: manifest.trip.tripNo }),
      action: async () => {
        // The manifest names the orders; the outbound list gives the id the call needs.
        const page = await callEndpoint(STORAGE.outStockListPage, { page: 1, size: 15, orderNo });
        const order = page.list.find((o) => o.orderNo === orderNo);
        if (!order) return;
        await remove({ tripId, orderId: order.id }).unwrap();
        notify(t('trip.orderRemoved', { orderNo }), 'success');
      },
    });
  };

  return (
    <Paper variant="outlined" sx={{ p: 1.5 }}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle1" sx={{ flex: 1 }}>{t('trip.ordersTitle')}</Typography>
        {editable && <Button size="small" variant="outlined" onClick={() => setAdding(true)}>{t('trip.addOrder')}</Button>}
      </Stack>
      {orders.length === 0
        ? <Typography variant="body2" color="text.secondary">{t('trip.noOrders')}</Typography>
        : (
          <Table size="small" aria-label={t('trip.ordersTitle')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('trip.orderNo')}</TableCell>
                <TableCell>{t('trip.customer')}</TableCell>
                {editable && <TableCell />}
              </TableRow>
            </TableHead>
            <TableBody>
              {orders.map((o) => (
                <TableRow key={o.orderNo}>
                  <TableCell>{o.orderNo}</TableCell>
                  <TableCell>{o.customerName}</TableCell>
                  {editable && (
                    <TableCell align="right">
                      <Button size="small" color="error" aria-label={`${t('trip.removeOrder')} ${o.orderNo}`} onClick={() => void removeOne(o.orderNo)}>
                        {t('trip.removeOrder')}
                      </Button>
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      {adding && <AddOrderDialog tripId={tripId} onTrip={orders.map((o) => o.orderNo)} onClose={() => setAdding(false)} />}
    </Paper>
  );
}

/**
 * One trip (a drawer over the list): its crew and status with 发车 (planned) and 结束车次 (on the road), the stops and
 * orders, 回厂卸车 once it has left, and the reconciliation.
 */
export function TripDetail({ id, onClose }: { id: number; onClose: () => void }) {
  const t = useT();
  const lang = useLanguage();
  const confirm = useConfirm();
  const { data: manifest, isError } = tripApi.useTripManifestQuery({ id });
  const trip = manifest?.trip;
  const left = !!trip && trip.status !== TRIP_STATUS.planned;
  const { data: reconciliation } = tripApi.useTripReconcileQuery({ id }, { skip: !left });
  const [depart] = tripApi.useDepartTripMutation();
  const canSave = usePermission(['trip:save']);
  const closeTrip = useCloseTrip(id);

  const departNow = async () => {
    if (!trip) return;
    await confirm({
      title: t('trip.depart'), okText: t('trip.depart'), message: t('trip.departConfirm', { tripNo: trip.tripNo }),
      action: async () => {
        await depart({ id }).unwrap();
        notify(t('trip.departed', { tripNo: trip.tripNo }), 'success');
      },
    });
  };

  const planned = trip?.status === TRIP_STATUS.planned;
  const info: [string, string][] = trip ? [
    [t('trip.plate'), trip.plate], [t('trip.driver'), trip.driverName], [t('trip.escort'), trip.escortName ?? '—'],
    [t('trip.planDate'), trip.planDate.slice(0, 10)], [t('trip.departedAt'), trip.departedAt ? dateTime(trip.departedAt) : '—'],
    [t('trip.closedAt'), trip.closedAt ? dateTime(trip.closedAt) : '—'], [t('common.remark'), trip.remark ?? '—'],
  ] : [];

  return (
    <AppDrawer open width="min(1100px, 92vw)" title={trip ? `${t('trip.detail')} ${trip.tripNo}` : t('trip.detail')} onCancel={onClose} footer={null}>
      {!manifest || !trip ? <Typography color="text.secondary">{t(isError ? 'trip.loadFailed' : 'trip.loading')}</Typography> : (
        <Stack spacing={1.5}>
          <Paper variant="outlined" sx={{ p: 1.5 }}>
            <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
              <Typography variant="h6" component="h2">{trip.tripNo}</Typography>
              <Typography data-testid="trip-status" color="text.secondary">{tripStatusText(lang, trip.status)}</Typography>
              <Box sx={{ flex: 1 }} />
              {planned && (
                <HasPermission keys={['trip:save']}>
                  <Button variant="contained" color="success" onClick={() => void departNow()}>{t('trip.depart')}</Button>
                </HasPermission>
              )}
              {trip.status === TRIP_STATUS.onRoad && (
                <HasPermission keys={['trip:close']}>
                  <Button variant="contained" color="warning" onClick={() => void closeTrip(trip.tripNo)}>{t('trip.close')}</Button>
                </HasPermission>
              )}
            </Stack>
            <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(4, max-content minmax(0, 1fr))', columnGap: 1.5, rowGap: 0.5 }}>
              {info.map(([label, value]) => [
                <Typography key={`${label}-l`} variant="body2" color="text.secondary">{label}</Typography>,
                <Typography key={`${label}-v`} variant="body2" noWrap title={value}>{value}</Typography>,
              ])}
            </Box>
          </Paper>
          <StopsPanel manifest={manifest} editable={planned && canSave} />
          <OrdersPanel manifest={manifest} editable={planned && canSave} />
          {left && canSave && <UnloadPanel tripId={id} />}
          {left && reconciliation && <Reconciliation data={reconciliation} />}
        </Stack>
      )}
    </AppDrawer>
  );
}
