import { useState } from 'react';
import { useScanCall } from '@renderer/store/endpoints';
import { useSystemRules } from '@renderer/features/lookups';
import { Stack, Typography } from '@mui/material';
import { PRODUCTION, type ReweighPreview } from '@shared/api/production';
import { STATUS } from '@shared/lifecycle';
import { LOCAL_RULES, stationRule, weighVerdict } from '@renderer/features/offline';
import { NumberInput } from '@renderer/components/NumberInput';
import { StationPrintBar, stepDone, useStationPrint } from '@renderer/features/label';
import { useScaleReading } from '@renderer/devices/devices';
import { useRecordRules } from '@renderer/features/modeling';
import { useT } from '@renderer/i18n/useT';
import { usePermission } from '@renderer/permission/permission';
import { STATION_KEYS } from '@renderer/stations/localSetting';
import { productionApi } from './productionApi';
import { OperatorField, ScaleReadingBox, backToScan, useOperator } from '@renderer/stations/StationFields';
import { LastScanned, StationPanel } from '@renderer/stations/StationPanel';
import { resultVerdict, useStation, type Verdict } from '@renderer/stations/useStation';

type T = ReturnType<typeof useT>;

/** 目标净重 14.5 ± 0.5 kg，皮重 15.2 kg — what the station weighs against. */
export function targetText(t: T, p: ReweighPreview): string {
  const parts = [
    p.targetNetWeight !== null ? t('production.target', { target: p.targetNetWeight, tolerance: p.tolerance ?? 0 }) : null,
    p.tareWeight !== null ? t('production.tare', { tare: p.tareWeight }) : null,
    p.reweighRequired ? null : t('production.noReweigh'),
  ];
  return parts.filter(Boolean).join('，');
}

/**
 * 复秤: each scan asks for the cylinder's target net weight, tolerance and tare, then records the gross
 * weight: the scale's stable reading (desktop app), or the typed one for a user holding
 * produce:manualWeight (marked manual). Out of tolerance the cylinder goes to 待分析, shown in red.
 */
export function ReweighStation() {
  const t = useT();
  const station = useStation('metage', 'reweigh');
  const printer = useStationPrint('metage');
  const allowed = usePermission(['produce:metage']);
  const manualKey = usePermission(['produce:manualWeight']);
  // 系统规则 may forbid typed weights altogether; the server refuses them then, so the field is off too.
  const { allowManualWeight } = useSystemRules();
  const manualAllowed = manualKey && allowManualWeight;
  const [operator, setOperator] = useOperator(STATION_KEYS.reweighUser);
  const reading = useScaleReading();
  const [typed, setTyped] = useState<number | null>(null);
  const [preview, setPreview] = useState<ReweighPreview | null>(null);
  // 记录内容设置 (复秤记录): a plant may require the weight to come from a scale.
  const record = useRecordRules('REWEIGH');
  const check = useScanCall(productionApi.endpoints.metageScan);
  const weigh = useScanCall(productionApi.endpoints.metage);

  const onScan = (code: string) => {
    if (Number.isNaN(typed)) return station.run(code, () => Promise.resolve<Verdict>({ kind: 'refused', code, title: t('production.badNumber') }));
    const manual = manualAllowed && typeof typed === 'number';
    const gross = manual ? typed : reading?.stable ? reading.weight : null;
    const missing = gross === null ? null : record.refusal({ scale: manual ? null : reading?.path ?? null });
    if (missing) return station.run(code, () => Promise.resolve<Verdict>({ kind: 'refused', code, title: missing }));
    const weighed = gross === null ? null : {
      code, grossWeight: gross, source: manual ? 'manual' as const : 'scale' as const,
      ...(!manual && reading ? { scale: reading.path.slice(0, 64) } : {}),
    };
    const grossNote = gross === null ? '' : t(manual ? 'production.grossManual' : 'production.grossScale', { gross });
    return station.run(code, async (scanId) => {
      const p = await check({ code }).unwrap();
      setPreview(p);
      const target = targetText(t, p) || undefined;
      // Re-weighed already: neutral (已处理过) with who did it and when, as 领瓶 answers a second scan.
      if (p.repeated) return { kind: 'repeated', code, title: p.message ?? t('production.reweighRefused', { code }), note: target };
      if (!p.allowed) return { kind: 'refused', code, title: t('production.reweighRefused', { code }), lines: p.reasons, note: target };
      if (!weighed) return { kind: 'refused', code, title: t('production.noStableWeight'), note: target };
      const result = await weigh({ ...weighed, scanId }).unwrap();
      if (manual) setTyped(null);
      if (stepDone(result)) printer.afterStep(result.code);
      return resultVerdict(t, result, grossNote);
    }, weighed ? stationRule(t, {
      station: 'metage', rule: LOCAL_RULES.reweigh, code, endpoint: PRODUCTION.metage, arg: weighed, operator,
      refusedTitle: t('production.reweighRefused', { code }),
      // The gas's tolerance against the copy's tare: out of tolerance the server records a failed re-weigh
      // (the cylinder to 待分析), so the scan is kept all the same and the copy moves it to 待分析.
      extra: (facts, scanId) => {
        const v = weighVerdict(facts, weighed.grossWeight);
        if (!v) return { kind: 'refused', code, title: t('offline.noTolerance', { code }) };
        if (manual) setTyped(null);
        if (v.passed) printer.afterStep(code, scanId);
        return {
          note: `${grossNote}，${t('production.netIs', { net: v.net })}${v.passed ? '' : `，${t('offline.outOfTolerance', { code, net: v.net, target: v.target, tolerance: v.tolerance })}`}`,
          status: v.passed ? STATUS.reWeighed : STATUS.analyze,
        };
      },
    }) : undefined);
  };

  return (
    <StationPanel station={station} onScan={onScan} disabled={!allowed} scanLabel={t('production.scanReweigh')}
      settings={(
        <>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <OperatorField value={operator} onChange={setOperator} focusScan={station.focusScan} />
            <NumberInput size="small" label={t('production.manualWeight')} value={typed} onChange={setTyped} min={0} max={10000} decimal={3}
              disabled={!manualAllowed} helperText={manualAllowed ? undefined : t(allowManualWeight ? 'production.manualWeightDenied' : 'production.manualWeightOff')}
              onKeyDown={backToScan(station.focusScan)} sx={{ flex: 1 }} />
          </Stack>
          <ScaleReadingBox reading={reading} label={t('production.liveWeight')} />
        </>
      )}
      below={(
        <Stack spacing={1}>
          {preview && (
            <Typography variant="body2" color="text.secondary">
              {t('production.current', { code: preview.cylinder.code, gas: preview.cylinder.materialName ?? '—' })}{targetText(t, preview) && `，${targetText(t, preview)}`}
            </Typography>
          )}
          <LastScanned station={station}>{(code) => <StationPrintBar printer={printer} lastCode={code} />}</LastScanned>
        </Stack>
      )} />
  );
}
