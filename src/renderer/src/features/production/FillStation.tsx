import { useState } from 'react';
import { useScanCall } from '@renderer/store/endpoints';
import { Alert, Button, Stack, TextField, Typography } from '@mui/material';
import { PRODUCTION, type FillInterruptReason, type FillingBody, type OpenInterruption, type ScanPreview } from '@shared/api/production';
import type { FillState, FillStationConfig } from '@shared/fill-cycle';
import { filledByWeight } from '@shared/lifecycle';
import { StationPrintBar, stepDone, useStationPrint } from '@renderer/features/label';
import { deviceErrorText, useScaleReading } from '@renderer/devices/devices';
import { lookupsApi, useMaterialOptions, useSystemRules } from '@renderer/features/lookups';
import { useRecordRules } from '@renderer/features/modeling';
import { LOCAL_RULES, stationRule } from '@renderer/features/offline';
import { useT } from '@renderer/i18n/useT';
import type { MessageKey } from '@renderer/i18n/messages';
import { usePermission } from '@renderer/permission/permission';
import { STATION_KEYS } from '@renderer/stations/localSetting';
import { failureOf, newScanId } from '@renderer/stations/scan';
import { FillCycleBox, type Cycle } from './FillCycle';
import { fillDevice, useFillConfig } from './fillDevice';
import { productionApi } from './productionApi';
import { GasSelect, OperatorField, ScaleReadingBox, TypedValueField, backToScan, useOperator, useStationGas, useTypedValue } from '@renderer/stations/StationFields';
import { LastScanned, StationPanel } from '@renderer/stations/StationPanel';
import { resultVerdict, useStation, type Verdict } from '@renderer/stations/useStation';

type Quantity = Pick<FillingBody, 'filledWeight' | 'filledPressure' | 'source' | 'fixedValue'>;
/** A running fill with what its record carries besides the weight. */
type StationCycle = Cycle & { body: { code: string; materialId: number; lotNo: string | null } };

const REASON: Record<FillInterruptReason, MessageKey> = {
  overfill: 'production.fillReason.overfill', scaleSilent: 'production.fillReason.scaleSilent', cancelled: 'production.fillReason.cancelled',
  timeout: 'production.fillReason.timeout', stationLost: 'production.fillReason.stationLost', suspended: 'production.fillReason.suspended',
  relayError: 'production.fillReason.relayError',
};

/**
 * 充装 (issue 34: scan first). With a filling scale and its permission relay set up (设备设置) and a gas filled by
 * weight, a scan asks the gate; allowed, the station grants the filling permission for the target (tare + the gas's
 * target net), shows the live weight, and when the device side ends the fill at the target the record writes itself
 * (the net weight measured, the scale, the permission's grant and release) and the label prints; a fill that ends
 * otherwise is recorded as interrupted (超装 sends the cylinder to 待分析), and the next scan of it asks 重新充装 or
 * 转待分析. Refused, the device side is never called. Without the server's verdict the permission is never granted.
 * A gas filled by pressure may be scanned first too: the gate, then the typed pressure and 确认.
 *
 * Without a fill configuration (or with a weight typed by a user holding 手工录入重量), as before: each scan first asks whether the cylinder may be filled with the chosen gas (the fill gate: every
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
  const check = useScanCall(productionApi.endpoints.fillingScan);
  const fill = useScanCall(productionApi.endpoints.filling);
  const interrupted = useScanCall(productionApi.endpoints.fillInterrupted);
  const decide = useScanCall(productionApi.endpoints.fillDecision);
  // 设备设置: the filling scale and its permission relay; with them a gas filled by weight runs the fill cycle.
  const fillConfig = useFillConfig();
  const [cycle, setCycle] = useState<StationCycle | null>(null);
  const [decision, setDecision] = useState<{ code: string; interruption: OpenInterruption } | null>(null);
  const [pressureFor, setPressureFor] = useState<string | null>(null);
  const interruptionNote = (i: OpenInterruption) => t('production.interruptionNote', {
    reason: t(REASON[i.reason]), weight: i.netKg ?? 0, at: i.at, by: i.operator ?? '—',
  });

  /** The quantity this scan records, or why there is none. */
  const quantity = (): Quantity | string => {
    const fixed = typed.fixed ? { fixedValue: true } : {};
    if (!byWeight) return typeof typed.value === 'number' ? { filledPressure: typed.value, ...fixed } : t('production.noFillPressure');
    if (manualWeight && typeof typed.value === 'number') return { filledWeight: typed.value, source: 'manual', ...fixed };
    if (reading?.stable) return { filledWeight: reading.weight, source: 'scale' };
    return t(manualWeight ? 'production.noFillWeight' : 'production.noFillWeightScale');
  };

  /** What the station checks before anything is sent: a refusal, or null. */
  const setupRefusal = (code: string): Verdict | null => {
    if (!materialId) return { kind: 'refused', code, title: t('production.chooseGasFirst') };
    if (Number.isNaN(typed.value)) return { kind: 'refused', code, title: t('production.badNumber') };
    const missing = record.refusal({ lotNo: lotRule.show ? lotNo : null });
    if (missing) return { kind: 'refused', code, title: missing };
    return null;
  };

  /** What the station checks before anything is sent: a refusal, or the quantity this scan records. */
  const precheck = (code: string): Verdict | Quantity => {
    const refused = setupRefusal(code);
    if (refused) return refused;
    const measured = quantity();
    if (typeof measured === 'string') return { kind: 'refused', code, title: measured };
    const unmeasured = record.refusal({ filledWeight: measured.filledWeight ?? null, filledPressure: measured.filledPressure ?? null });
    if (unmeasured) return { kind: 'refused', code, title: unmeasured };
    return measured;
  };

  const refusedBy = (code: string, preview: ScanPreview): Verdict => ({ kind: 'refused', code, title: t('production.fillRefused', { code }), lines: preview.reasons });
  const baseBody = (code: string) => ({ code, materialId: materialId!, lotNo: lotRule.show ? lotNo.trim() || null : null });

  /** Today's one-scan fill: the gate, then the record with the quantity measured or typed before the scan. */
  const recordNow = (code: string) => {
    const pre = precheck(code);
    if ('kind' in pre) return station.run(code, () => Promise.resolve(pre));
    const measured = pre;
    // From here the typed value belongs to this cylinder: it never carries over to the next one unless fixed.
    typed.used();
    const shown = measured.filledWeight !== undefined
      ? t(measured.source === 'scale' ? 'production.filledScale' : 'production.filledManual', { weight: measured.filledWeight ?? 0 })
      : t('production.filledPressureIs', { pressure: measured.filledPressure ?? 0 });
    const note = measured.fixedValue ? `${shown}（${t('production.fixValue')}）` : shown;
    const body = { ...baseBody(code), ...measured };
    return station.run(code, async (scanId): Promise<Verdict> => {
      const preview = await check({ code, materialId: materialId! }).unwrap();
      if (!preview.allowed) return refusedBy(code, preview);
      const result = await fill({ ...body, scanId }).unwrap();
      if (stepDone(result)) printer.afterStep(result.code);
      return resultVerdict(t, result, note);
    }, stationRule(t, {
      station: 'fill', rule: LOCAL_RULES.fill, code, endpoint: PRODUCTION.filling, arg: body, operator, materialId, note,
      refusedTitle: t('production.fillRefused', { code }),
      extra: (_facts, scanId) => (printer.afterStep(code, scanId), undefined),
    }));
  };

  /** Without the server's verdict the permission is never granted (a suspension is not in the local copy). */
  const noGrantOffline = (code: string) => () => Promise.resolve<Verdict>({ kind: 'refused', code, title: t('production.fillOffline', { code }) });

  /**
   * The fill cycle (issue 34): the gate first; allowed, the permission is granted for the target the server gave
   * (tare + the gas's target net); an open interruption waits for the operator's decision.
   */
  const scanFirst = (code: string, config: FillStationConfig) => {
    const refused = setupRefusal(code);
    if (refused) return station.run(code, () => Promise.resolve(refused));
    const gasId = materialId!;
    const body = baseBody(code);
    return station.run(code, async (scanId, interim): Promise<Verdict> => {
      const preview = await check({ code, materialId: gasId }).unwrap();
      const preFill = preview.fill;
      // An open interruption is the gate's last reason: alone, it is a question for the operator, not a refusal.
      if (preFill?.interrupted && !preFill.suspended && preview.reasons.length <= 1) {
        setDecision({ code, interruption: preFill.interrupted });
        return { kind: 'pending', code, title: t('production.fillInterruptedAsk', { code }), note: interruptionNote(preFill.interrupted) };
      }
      if (!preview.allowed) return refusedBy(code, preview);
      if (!preFill || preFill.tareKg === null) return { kind: 'refused', code, title: t('production.fillNoTare', { code }) };
      if (preFill.targetNetKg === null) return { kind: 'refused', code, title: t('production.fillNoTarget', { code, gas: gas?.materialName ?? '' }) };
      const { tareKg, targetNetKg } = preFill;
      const note = t('production.fillTargetNote', { target: targetNetKg, tare: tareKg, gross: Math.round((tareKg + targetNetKg) * 1000) / 1000 });
      // The gate's answer at once; the permission is granted (允许充装：充装中) only once the device side says the valve is
      // open, and a device that fails replaces it with the refusal.
      interim({ kind: 'allowed', code, title: t('production.fillAllowed', { code }), note });
      let started: FillState;
      try {
        started = await fillDevice.start({
          fillId: scanId, code, scale: config.scale, relay: config.relay, tareKg, targetNetKg, allowanceKg: config.allowanceKg,
          toleranceKg: preFill.toleranceKg ?? 0, maxSeconds: preFill.maxMinutes * 60, silenceSeconds: config.silenceSeconds,
        });
      } catch (e) {
        return { kind: 'refused', code, title: t('production.fillDeviceFailed', { code }), note: deviceErrorText(e) };
      }
      setCycle({ code, fillId: scanId, materialId: gasId, fill: { ...preFill, tareKg, targetNetKg }, started, body });
      return { kind: 'granted', code, title: t('production.fillGranted', { code }), note };
    }, noGrantOffline(code));
  };

  /** A gas filled by pressure scanned before its pressure is typed: the gate first, then the pressure, then 确认. */
  const scanThenPressure = (code: string) => {
    const refused = setupRefusal(code);
    if (refused) return station.run(code, () => Promise.resolve(refused));
    return station.run(code, async (): Promise<Verdict> => {
      const preview = await check({ code, materialId: materialId! }).unwrap();
      if (!preview.allowed) return refusedBy(code, preview);
      setPressureFor(code);
      return { kind: 'pending', code, title: t('production.pressureAsk', { code }) };
    });
  };

  /** The fill ended: at the target the record writes itself and the label prints; otherwise the interruption is recorded. */
  const endCycle = (c: StationCycle, s: FillState, suspendedFor: string | null) => {
    setCycle(null);
    const net = s.netKg === null ? null : Math.round(s.netKg * 1000) / 1000;
    const times = { scale: s.scale, grantedAt: s.grantedAt, releasedAt: s.releasedAt, startedAt: s.grantedAt, endedAt: s.releasedAt };
    if (s.phase === 'done' && s.reason === 'target' && net !== null) {
      const body = { ...c.body, filledWeight: net, source: 'scale' as const, ...times };
      const note = t('production.filledScale', { weight: net });
      void station.run(c.code, async (): Promise<Verdict> => {
        const result = await fill({ ...body, scanId: c.fillId }).unwrap();
        if (stepDone(result)) printer.afterStep(result.code);
        return resultVerdict(t, result, note);
      }, stationRule(t, {
        station: 'fill', rule: LOCAL_RULES.fill, code: c.code, endpoint: PRODUCTION.filling, arg: body, operator, materialId: c.materialId, note,
        refusedTitle: t('production.fillRefused', { code: c.code }),
        extra: (_facts, scanId) => (printer.afterStep(c.code, scanId), undefined),
      })).finally(station.focusScan);
      return;
    }
    const reason = (s.reason && s.reason !== 'target' ? s.reason : 'stationLost');
    const weight = net ?? 0;
    void station.run(c.code, async (): Promise<Verdict> => {
      const result = await interrupted({
        code: c.code, scanId: c.fillId, materialId: c.materialId, reason, ...(net !== null ? { netKg: net } : {}), ...times,
      }).unwrap();
      if (reason === 'overfill') return { kind: 'failed', code: c.code, title: t('production.fillOverfill', { code: c.code, weight }), note: result.message };
      const why = reason === 'suspended' && suspendedFor ? `${t(REASON[reason])}：${suspendedFor}` : t(REASON[reason]);
      return { kind: 'refused', code: c.code, title: t('production.fillAborted', { code: c.code, reason: why, weight }), note: result.message };
    }).finally(station.focusScan);
  };

  const onDecide = async (choice: 'refill' | 'analysis') => {
    if (!decision) return;
    const { code } = decision;
    setDecision(null);
    if (choice === 'analysis') {
      await station.run(code, async (scanId) => resultVerdict(t, await decide({ code, scanId, decision: 'analysis' }).unwrap()));
      station.focusScan();
      return;
    }
    try {
      await decide({ code, scanId: newScanId(), decision: 'refill' }).unwrap();
    } catch (e) {
      station.show({ kind: 'refused', code, title: failureOf(e).message || t('production.refused') });
      return;
    }
    if (fillConfig) await scanFirst(code, fillConfig);
    station.focusScan();
  };

  const onScan = (code: string) => {
    if (cycle) return station.run(code, () => Promise.resolve<Verdict>({ kind: 'refused', code, title: t('production.fillBusy', { code: cycle.code }) }));
    setDecision(null);
    setPressureFor(null);
    if (byWeight && fillConfig && !(manualWeight && typeof typed.value === 'number')) return scanFirst(code, fillConfig);
    if (!byWeight && typeof typed.value !== 'number' && !Number.isNaN(typed.value)) return scanThenPressure(code);
    return recordNow(code);
  };

  const confirmPressure = () => {
    const code = pressureFor;
    if (!code || typeof typed.value !== 'number') return;
    setPressureFor(null);
    void recordNow(code).finally(station.focusScan);
  };

  return (
    <StationPanel station={station} onScan={onScan} disabled={!allowed} scanLabel={t('production.scanFill')}
      below={(
        <>
          {cycle && <FillCycleBox cycle={cycle} onEnd={(s, suspendedFor) => endCycle(cycle, s, suspendedFor)} />}
          {decision && (
            <Alert severity="warning" data-testid="fill-decision">
              <Stack spacing={1}>
                <span>{t('production.fillInterruptedAsk', { code: decision.code })}</span>
                <span>{interruptionNote(decision.interruption)}</span>
                <Stack direction="row" spacing={1}>
                  <Button variant="contained" onClick={() => void onDecide('refill')}>{t('production.refill')}</Button>
                  <Button variant="outlined" color="error" onClick={() => void onDecide('analysis')}>{t('production.toAnalysis')}</Button>
                </Stack>
              </Stack>
            </Alert>
          )}
          {pressureFor && (
            <Alert severity="info" data-testid="fill-pressure" action={(
              <Button variant="contained" size="small" disabled={typeof typed.value !== 'number'} onClick={confirmPressure}>{t('production.confirm')}</Button>
            )}>
              {t('production.pressureAsk', { code: pressureFor })}
            </Alert>
          )}
          <LastScanned station={station}>{(code) => <StationPrintBar printer={printer} lastCode={code} />}</LastScanned>
        </>
      )}
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
          {byWeight && fillConfig && (
            <Typography variant="body2" color="text.secondary" data-testid="fill-config">
              {t('production.fillControlled', { scale: fillConfig.scale, relay: fillConfig.relay })}
            </Typography>
          )}
          {byWeight && !fillConfig && <ScaleReadingBox reading={reading} label={t('production.fillScale')} />}
        </>
      )} />
  );
}
