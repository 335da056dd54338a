import { useState } from 'react';
import { MenuItem, TextField, Typography } from '@mui/material';
import { AppDialog } from '@renderer/components/AppDialog';
import { useT } from '@renderer/i18n/useT';
import { notify } from '@renderer/notify/toast';
import { tripApi } from '../tripApi';

/** Open outbound orders are 未完成 (status 0); the server refuses one already on another trip. */
const OPEN_ORDERS = { page: 1, size: 200, status: 0 } as const;

/** 排入出库单: an open outbound order (the outbound screen's list, 未完成 only) onto a planned trip. */
export function AddOrderDialog({ tripId, onTrip, onClose }: { tripId: number; onTrip: readonly string[]; onClose: () => void }) {
  const t = useT();
  const { data } = tripApi.useTripOpenOrdersQuery(OPEN_ORDERS);
  const [add] = tripApi.useAddTripOrderMutation();
  const [orderId, setOrderId] = useState<number | ''>('');
  const [tried, setTried] = useState(false);
  const orders = (data?.list ?? []).filter((o) => !onTrip.includes(o.orderNo));

  const submit = async () => {
    setTried(true);
    if (orderId === '') return;
    await add({ tripId, orderId }).unwrap();
    notify(t('trip.orderAdded', { orderNo: orders.find((o) => o.id === orderId)?.orderNo ?? '' }), 'success');
    onClose();
  };

  return (
    <AppDialog open width={560} title={t('trip.addOrder')} onClose={onClose} onSubmit={submit} unsaved={false}>
      {data && orders.length === 0
        ? <Typography color="text.secondary">{t('trip.noOpenOrders')}</Typography>
        : (
          <TextField size="small" select fullWidth label={t('trip.chooseOrder')} value={orderId} required sx={{ mt: 1 }}
            error={tried && orderId === ''} helperText={tried && orderId === '' ? t('trip.chooseOrder') : undefined}
            slotProps={{ inputLabel: { shrink: true } }}
            onChange={(e) => setOrderId(e.target.value === '' ? '' : Number(e.target.value))}>
            {orders.map((o) => (
              <MenuItem key={o.id} value={o.id}>{`${o.orderNo} · ${o.customerName ?? ''}（${o.count} / ${o.quantity}）`}</MenuItem>
            ))}
          </TextField>
        )}
    </AppDialog>
  );
}
