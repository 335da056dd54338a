import { useState } from 'react';
import { SCAN_CALL } from '@renderer/store/endpoints';
import { Stack, TextField } from '@mui/material';
import { PRODUCTION, type FillingBody } from '@shared/api/production';
import { filledByWeight } from '@shared/lifecycle';
import { StationPrintBar, stepDone, useStationPrint } from '@renderer/features/label';
import { useScaleReading } from '@renderer/devices/devices';
import { lookupsApi, useMaterialOptions, useSystemRules } from '@renderer/features/lookups';
import { useRecordRules } from '@renderer/features/modeling';
import { LOCAL_RULES, stationRule } from '@renderer/features/offline';
import { useT } from '@renderer/i18n/useT';
import { usePermission } from '@renderer/permission/permission';
import { STATION_KEYS } from '@renderer/stations/localSetting';
import { productionApi } from './productionApi';
import { GasSelect, OperatorField, ScaleReadingBox, TypedValueField, backToScan, useOperator, useStationGas, useTypedValue } from '@renderer/stations/StationFields';
import { StationPanel } from '@renderer/stations/StationPanel';
import { resultVerdict, useStation, type Verdict } from '@renderer/stations/useStation';

type Quantity = Pick<FillingBody, 'filledWeight' | 'filledPressure' | 'source' | 'fixedValue'>;

/**
 * 充装: each scan first asks whether the cylinder may be filled with the chosen gas (the fill gate: every
 * reason listed when not), then records the fill (已领瓶 → 已充装) with the quantity measured for that
 * cylinder: the filling scale's stable weight for a gas filled by weight (or a weight typed by a user
 * holding 手工录入重量, marked manual), the final pressure for a compressed gas. A typed value serves one
 * scan and is cleared, unless fixed for a rack on purpose (shown, and recorded as such).
 */
export function FillStation() {
  const t = useT();
  const station = useStation('fill', 'fill');
  const printer = useStationPrint('fill');
  const allowed = usePermission(['produce:filling']);
  const manualKey = usePermission(['produce:manualWeight']);
  const { allowManualWeight } = useSystemRules();
  const manualWeight = manualKey && allowManualWeight;
  const [operator, setOperator] = useOperator(STATION_KEYS.fillingUser);
  const [materialId, setMaterialId] = useStationGas();
  const { data: gases } = lookupsApi.useMaterialOptionsQuery({});
  const gasOptions = useMaterialOptions();
  const gas = gases?.find((g) => g.id === materialId) ?? null;
  const byWeight = gas ? filledByWeight(gas.category) : true;
  const [lotNo, setLotNo] = useState('');
  // 记录内容设置 (充装记录): whether the lot number shows and must be filled.
  const record = useRecordRules('FILLING');
  const lotRule = record.rule('lotNo');
  const typed = useTypedValue(byWeight ? 'fill.weight' : 'fill.pressure');
  const reading = useScaleReading();
  const [check] = productionApi.useFillingScanMutation(SCAN_CALL);
  const [fill] = productionApi.useFillingMutation(SCAN_CALL);

  /** The quantity this scan records, or why there is none. */
  const quantity = (): Quantity | string => {
    const fixed = typed.fixed ? { fixedValue: true } : {};
    if (!byWeight) return typeof typed.value === 'number' ? { filledPressure: typed.value, ...fixed } : t('production.noFillPressure');
    if (manualWeight && typeof typed.value === 'number') return { filledWeight: typed.value, source: 'manual', ...fixed };
    if (reading?.stable) return { filledWeight: reading.weight, source: 'scale' };
    return t(manualWeight ? 'production.noFillWeight' : 'production.noFillWeightScale');
  };

  /** What the station checks before anything is sent: a refusal, or the quantity this scan records. */
  const precheck = (code: string): Verdict | Quantity => {
    if (!materialId) return { kind: 'refused', code, title: t('production.chooseGasFirst') };
    if (Number.isNaN(typed.value)) return { kind: 'refused', code, title: t('production.badNumber') };
    const missing = record.refusal({ lotNo: lotRule.show ? lotNo : null });
    if (missing) return { kind: 'refused', code, title: missing };
    const measured = quantity();
    if (typeof measured === 'string') return { kind: 'refused', code, title: measured };
    const unmeasured = record.refusal({ filledWeight: measured.filledWeight ?? null, filledPressure: measured.filledPressure ?? null });
    if (unmeasured) return { kind: 'refused', code, title: unmeasured };
    return measured;
  };

  const onScan = (code: string) => {
    const pre = precheck(code);
    if ('kind' in pre) return station.run(code, () => Promise.resolve(pre));
    const measured = pre;
    // From here the typed value belongs to this cylinder: it never carries over to the next one unless fixed.
    typed.used();
    const shown = measured.filledWeight !== undefined
      ? t(measured.source === 'scale' ? 'production.filledScale' : 'production.filledManual', { weight: measured.filledWeight ?? 0 })
      : t('production.filledPressureIs', { pressure: measured.filledPressure ?? 0 });
    const note = measured.fixedValue ? `${shown}（${t('production.fixValue')}）` : shown;
    const body = { code, materialId: materialId!, lotNo: lotRule.show ? lotNo.trim() || null : null, ...measured };
    return station.run(code, async (scanId): Promise<Verdict> => {
      const preview = await check({ code, materialId: materialId! }).unwrap();
      if (!preview.allowed) return { kind: 'refused', code, title: t('production.fillRefused', { code }), lines: preview.reasons };
      const result = await fill({ ...body, scanId }).unwrap();
      if (stepDone(result)) printer.afterStep(result.code);
      return resultVerdict(t, result, note);
    }, stationRule(t, {
      station: 'fill', rule: LOCAL_RULES.fill, code, endpoint: PRODUCTION.filling, arg: body, operator, materialId, note,
      refusedTitle: t('production.fillRefused', { code }),
      extra: (_facts, scanId) => (printer.afterStep(code, scanId), undefined),
    }));
  };

  return (
    <StationPanel station={station} onScan={onScan} disabled={!allowed} scanLabel={t('production.scanFill')}
      below={<StationPrintBar printer={printer} lastCode={station.shift.recent[0]?.code} />}
      settings={(
        <>
          <Stack direction="row" spacing={1}>
            <OperatorField value={operator} onChange={setOperator} focusScan={station.focusScan} />
            <GasSelect gases={gasOptions} value={materialId} onChange={setMaterialId} focusScan={station.focusScan} label={t('production.fillGas')} />
          </Stack>
          {lotRule.show && (
            <TextField size="small" label={t('production.lotNo')} value={lotNo} onChange={(e) => setLotNo(e.target.value)} required={lotRule.required}
              onKeyDown={backToScan(station.focusScan)} slotProps={{ htmlInput: { maxLength: 64 } }} />
          )}
          {byWeight ? (
            <TypedValueField typed={typed} label={t('production.manualFillWeight')} unit="kg" min={0} max={10000} decimal={3} focusScan={station.focusScan}
              disabled={!manualWeight} helperText={manualWeight ? undefined : t(allowManualWeight ? 'production.manualWeightDenied' : 'production.manualWeightOff')} />
          ) : (
            <TypedValueField typed={typed} label={t('production.filledPressure')} unit="MPa" min={0} max={1000} decimal={3} focusScan={station.focusScan} />
          )}
          {byWeight && <ScaleReadingBox reading={reading} label={t('production.fillScale')} />}
        </>
      )} />
  );
}
