import { useState } from 'react';
import dayjs from 'dayjs';
import { Box, TextField } from '@mui/material';
import type { TripRow } from '@shared/api/trip';
import { AppDialog } from '@renderer/components/AppDialog';
import { DateField } from '@renderer/components/RangePicker';
import { TransportSelect } from '@renderer/features/transport';
import { useT } from '@renderer/i18n/useT';
import { notify } from '@renderer/notify/toast';
import { tripApi } from '../tripApi';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** 新增/编辑车次: the vehicle, driver and escort from the transport registers, the plan date and a remark. */
export function TripFormDialog({ row, onClose }: { row: TripRow | null; onClose: () => void }) {
  const t = useT();
  const [save] = tripApi.useSaveTripMutation();
  const [vehicleId, setVehicleId] = useState<number | null>(row?.vehicleId ?? null);
  const [driverId, setDriverId] = useState<number | null>(row?.driverId ?? null);
  const [escortId, setEscortId] = useState<number | null>(row?.escortId ?? null);
  // A new trip is planned for today unless the office picks another day.
  const [initialDate] = useState(() => row?.planDate.slice(0, 10) ?? dayjs().format('YYYY-MM-DD'));
  const [planDate, setPlanDate] = useState(initialDate);
  const [remark, setRemark] = useState(row?.remark ?? '');
  const [tried, setTried] = useState(false);
  const dateOk = DATE.test(planDate);
  const valid = vehicleId !== null && driverId !== null && escortId !== null && dateOk;
  const unsaved = vehicleId !== (row?.vehicleId ?? null) || driverId !== (row?.driverId ?? null) || escortId !== (row?.escortId ?? null)
    || planDate !== initialDate || remark !== (row?.remark ?? '');

  const submit = async () => {
    setTried(true);
    if (!valid) return;
    await save({
      ...(row ? { id: row.id } : {}), vehicleId: vehicleId, driverId: driverId, escortId: escortId, planDate,
      remark: remark.trim() ? remark.trim() : null,
    }).unwrap();
    notify(t('common.saved'), 'success');
    onClose();
  };

  return (
    <AppDialog open width={640} title={t(row ? 'trip.edit' : 'trip.add')} onClose={onClose} onSubmit={submit} unsaved={unsaved}>
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2, pt: 1 }}>
        <TransportSelect role="vehicle" label={t('trip.vehicle')} value={vehicleId} onChange={setVehicleId} required
          error={tried && vehicleId === null ? t('trip.vehicleRequired') : null} />
        <DateField label={t('trip.planDate')} value={planDate} valueFormat="YYYY-MM-DD" onChange={(v) => setPlanDate(v ?? '')}
          error={tried && !dateOk} helperText={tried && !dateOk ? t('trip.planDateRequired') : undefined} />
        <TransportSelect role="driver" label={t('trip.driver')} value={driverId} onChange={setDriverId} required
          error={tried && driverId === null ? t('trip.driverRequired') : null} />
        <TransportSelect role="escort" label={t('trip.escort')} value={escortId} onChange={setEscortId} required
          error={tried && escortId === null ? t('trip.escortRequired') : null} />
        <TextField size="small" label={t('common.remark')} value={remark} onChange={(e) => setRemark(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 255 } }} sx={{ gridColumn: '1 / -1' }} />
      </Box>
    </AppDialog>
  );
}
