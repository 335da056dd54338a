import { useState } from 'react';
import { Stack, TextField } from '@mui/material';
import { NumberInput } from '@renderer/components/NumberInput';
import { useT } from '@renderer/i18n/useT';
import { usePermission } from '@renderer/permission/permission';
import { STATION_KEYS } from './localSetting';
import { produceApi } from './produceApi';
import { GasSelect, OperatorField, backToScan, useOperator, useStationGas } from './StationFields';
import { StationPanel } from './StationPanel';
import { resultVerdict, useStation } from './useStation';

const numberOrNull = (v: number | null) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/**
 * 充装: each scan first asks whether the cylinder may be filled with the chosen gas (the fill gate: every
 * reason listed when not), then records the fill (已领瓶 → 已充装) with the lot number and the filled
 * weight or pressure, which stay for the next cylinders of the batch.
 */
export function FillStation() {
  const t = useT();
  const station = useStation('fill');
  const allowed = usePermission(['produce:filling']);
  const [operator, setOperator] = useOperator(STATION_KEYS.fillingUser);
  const [materialId, setMaterialId] = useStationGas();
  const [lotNo, setLotNo] = useState('');
  const [weight, setWeight] = useState<number | null>(null);
  const [pressure, setPressure] = useState<number | null>(null);
  const [check] = produceApi.useFillingScanMutation();
  const [fill] = produceApi.useFillingMutation();

  const onScan = (code: string) => station.run(code, async (scanId) => {
    if (!materialId) return { kind: 'refused', code, title: t('produce.chooseGasFirst') };
    if (Number.isNaN(weight) || Number.isNaN(pressure)) return { kind: 'refused', code, title: t('produce.badNumber') };
    const preview = await check({ code, materialId }).unwrap();
    if (!preview.allowed) return { kind: 'refused', code, title: t('produce.fillRefused', { code }), lines: preview.reasons };
    const result = await fill({
      code, scanId, materialId,
      lotNo: lotNo.trim() || null,
      filledWeight: numberOrNull(weight),
      filledPressure: numberOrNull(pressure),
    }).unwrap();
    return resultVerdict(t, result);
  });

  return (
    <StationPanel station={station} onScan={onScan} disabled={!allowed} scanLabel={t('produce.scanFill')}
      settings={(
        <>
          <Stack direction="row" spacing={1}>
            <OperatorField value={operator} onChange={setOperator} focusScan={station.focusScan} />
            <GasSelect value={materialId} onChange={setMaterialId} focusScan={station.focusScan} label={t('produce.fillGas')} />
          </Stack>
          <TextField size="small" label={t('produce.lotNo')} value={lotNo} onChange={(e) => setLotNo(e.target.value)}
            onKeyDown={backToScan(station.focusScan)} slotProps={{ htmlInput: { maxLength: 64 } }} />
          <Stack direction="row" spacing={1}>
            <NumberInput size="small" label={t('produce.filledWeight')} value={weight} onChange={setWeight} min={0} max={10000} decimal={3}
              onKeyDown={backToScan(station.focusScan)} sx={{ flex: 1 }} />
            <NumberInput size="small" label={t('produce.filledPressure')} value={pressure} onChange={setPressure} min={0} max={1000} decimal={3}
              onKeyDown={backToScan(station.focusScan)} sx={{ flex: 1 }} />
          </Stack>
        </>
      )} />
  );
}
