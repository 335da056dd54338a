import { useRef, useState } from 'react';
import { Box, Button, IconButton, MenuItem, Stack, TextField, Typography } from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { OUT_TYPES, type OrderLineInput, type OutOrderInfo } from '@shared/api/storage';
import { AppDialog } from '@renderer/components/AppDialog';
import { NumberInput } from '@renderer/components/NumberInput';
import { useMaterialOptions } from '@renderer/features/lookups';
import { TransportSelect } from '@renderer/features/transport';
import { useLanguage, useT } from '@renderer/i18n/useT';
import { notify } from '@renderer/notify/toast';
import { CustomerSelect } from './CustomerSelect';
import { typeLabel } from './orders';
import { storageApi } from './storageApi';

type OutType = (typeof OUT_TYPES)[number];
interface LineDraft {
  key: number;
  materialId: number | null;
  specification: string;
  quantity: number | null;
}

/** Most lines an order may have (OutStockBody). */
const MAX_LINES = 50;
const goodQuantity = (q: number | null) => typeof q === 'number' && Number.isInteger(q) && q >= 1 && q <= 1000;

/**
 * 新建出库单: type, customer (required), the vehicle, driver and escort from the transport registers (a vehicle needs
 * both people; an expired one shows 已过期, and completing the order is refused until renewed), remark and the lines —
 * gas, optional specification and quantity (1–1000) — that the scans will fill. Closing it with something typed asks first.
 */
export function NewOutOrderDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (order: OutOrderInfo) => void }) {
  const t = useT();
  const lang = useLanguage();
  const gases = useMaterialOptions();
  const [save] = storageApi.useOutStockMutation();
  const keys = useRef(1);
  const [type, setType] = useState<OutType>('productCK');
  const [customerId, setCustomerId] = useState<number | null>(null);
  const [vehicleId, setVehicleId] = useState<number | null>(null);
  const [driverId, setDriverId] = useState<number | null>(null);
  const [escortId, setEscortId] = useState<number | null>(null);
  const [remark, setRemark] = useState('');
  const [lines, setLines] = useState<LineDraft[]>([{ key: 0, materialId: null, specification: '', quantity: 1 }]);
  const [tried, setTried] = useState(false);

  const setLine = (key: number, patch: Partial<LineDraft>) => setLines((all) => all.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  const lineOk = (l: LineDraft) => l.materialId !== null && goodQuantity(l.quantity);
  const crewMissing = vehicleId !== null && (driverId === null || escortId === null);
  const valid = customerId !== null && !crewMissing && lines.length > 0 && lines.every(lineOk);
  // Anything typed or chosen: closing (Esc, the backdrop, 取消, ×) then asks before it is lost.
  const untouchedLine = (l: LineDraft) => l.materialId === null && l.specification.trim() === '' && l.quantity === 1;
  const unsaved = type !== 'productCK' || customerId !== null || [vehicleId, driverId, escortId].some((v) => v !== null) || remark.trim() !== ''
    || lines.length !== 1 || !untouchedLine(lines[0]!);

  const submit = async () => {
    setTried(true);
    if (!valid) return;
    const body: OrderLineInput[] = lines.map((l) => ({
      materialId: l.materialId!, quantity: l.quantity!, ...(l.specification.trim() ? { specification: l.specification.trim() } : {}),
    }));
    const order = await save({
      type, customerId,
      ...(vehicleId !== null ? { vehicleId } : {}),
      ...(driverId !== null ? { driverId } : {}),
      ...(escortId !== null ? { escortId } : {}),
      ...(remark.trim() ? { remark: remark.trim() } : {}),
      lines: body,
    }).unwrap();
    notify(t('storage.outCreated', { orderNo: order.orderNo }), 'success');
    onCreated(order);
  };

  return (
    <AppDialog open width={760} title={t('storage.newOutOrder')} onClose={onClose} onSubmit={submit} unsaved={unsaved}>
      <Stack spacing={2}>
        <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 2fr', gap: 2 }}>
          <TextField size="small" select label={t('storage.outType')} value={type} onChange={(e) => setType(e.target.value as OutType)} required>
            {OUT_TYPES.map((v) => <MenuItem key={v} value={v}>{typeLabel(lang, v)}</MenuItem>)}
          </TextField>
          <CustomerSelect label={t('storage.customer')} value={customerId} onChange={setCustomerId} required
            error={tried && customerId === null ? t('storage.customerRequired') : null} />
          <Box sx={{ gridColumn: '1 / -1', display: 'grid', gridTemplateColumns: '1fr 1fr 1fr', gap: 2 }}>
            <TransportSelect role="vehicle" label={t('storage.transportVehicle')} value={vehicleId} onChange={setVehicleId} />
            <TransportSelect role="driver" label={t('storage.transportDriver')} value={driverId} onChange={setDriverId} required={vehicleId !== null}
              error={tried && crewMissing && driverId === null ? t('storage.crewRequired') : null} />
            <TransportSelect role="escort" label={t('storage.escort')} value={escortId} onChange={setEscortId} required={vehicleId !== null}
              error={tried && crewMissing && escortId === null ? t('storage.crewRequired') : null} />
          </Box>
          <TextField size="small" label={t('common.remark')} value={remark} onChange={(e) => setRemark(e.target.value)} slotProps={{ htmlInput: { maxLength: 255 } }}
            sx={{ gridColumn: '1 / -1' }} />
        </Box>
        <Stack spacing={1}>
          <Typography variant="subtitle2">{t('storage.lines')}</Typography>
          {lines.map((l, i) => (
            <Stack key={l.key} data-testid="order-line" direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <Typography sx={{ width: 24, pt: 1, color: 'text.secondary', flex: 'none' }}>{i + 1}</Typography>
              <TextField size="small" select label={t('storage.gas')} value={l.materialId ?? ''} required sx={{ flex: 1.3, minWidth: 0 }}
                error={tried && l.materialId === null} helperText={tried && l.materialId === null ? t('storage.gasRequired') : undefined}
                slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
                onChange={(e) => setLine(l.key, { materialId: e.target.value === '' ? null : Number(e.target.value) })}>
                <MenuItem value="" disabled>{t('storage.choose')}</MenuItem>
                {gases.map((g) => <MenuItem key={g.value} value={g.value}>{g.label}</MenuItem>)}
              </TextField>
              <TextField size="small" label={t('storage.spec')} placeholder={t('storage.anySpec')} value={l.specification} sx={{ flex: 1, minWidth: 0 }}
                onChange={(e) => setLine(l.key, { specification: e.target.value })} slotProps={{ inputLabel: { shrink: true }, htmlInput: { maxLength: 64 } }} />
              <NumberInput size="small" label={t('storage.quantity')} value={l.quantity} min={1} max={1000} decimal={0} required sx={{ width: 120, flex: 'none' }}
                error={tried && !goodQuantity(l.quantity)} helperText={tried && !goodQuantity(l.quantity) ? t('storage.quantityRange') : undefined}
                onChange={(q) => setLine(l.key, { quantity: q })} />
              <IconButton aria-label={t('storage.removeLine')} disabled={lines.length === 1} onClick={() => setLines((all) => all.filter((x) => x.key !== l.key))}>
                <DeleteOutlineIcon fontSize="small" />
              </IconButton>
            </Stack>
          ))}
          <Box>
            <Button size="small" disabled={lines.length >= MAX_LINES}
              onClick={() => setLines((all) => [...all, { key: keys.current++, materialId: null, specification: '', quantity: 1 }])}>
              {t('storage.addLine')}
            </Button>
          </Box>
        </Stack>
      </Stack>
    </AppDialog>
  );
}
