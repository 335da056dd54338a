import { useEffect, useState } from 'react';
import { Stack } from '@mui/material';
import type { InspectionPreview } from '@shared/api/production';
import { STATION_KEYS } from '@renderer/features/production/localSetting';
import { productionApi } from '@renderer/features/production/productionApi';
import { failureOf } from '@renderer/features/production/scan';
import { OperatorField, useOperator } from '@renderer/features/production/StationFields';
import { StationPanel } from '@renderer/features/production/StationPanel';
import { resultVerdict, useStation, type Verdict } from '@renderer/features/production/useStation';
import { StationPrintBar } from '@renderer/features/label/StationPrintBar';
import { stepDone, useStationPrint } from '@renderer/features/label/useStationPrint';
import { useT } from '@renderer/i18n/useT';
import { usePermission } from '@renderer/permission/permission';
import { InspectionForm, type TestFormValue } from './InspectionForm';

const RECORDED: Verdict['kind'][] = ['ok', 'failed', 'repeated'];

/**
 * The inspection station: a scan asks for the cylinder and its gas's test projects (or why it may not be
 * inspected), the form takes the values, 提交 records the result (已充装 → 已检验, or 待分析 when a
 * required project fails, its items in red) with a scanId that a 重试 sends again.
 */
export function InspectionStation() {
  const t = useT();
  const station = useStation('inspect', 'test');
  const printer = useStationPrint('inspect');
  const allowed = usePermission(['inspect:test']);
  const [operator, setOperator] = useOperator(STATION_KEYS.testUser);
  const [preview, setPreview] = useState<InspectionPreview | null>(null);
  /** Each scan starts an empty form, even of the cylinder scanned just before. */
  const [scans, setScans] = useState(0);
  const [busy, setBusy] = useState(false);
  const [scan] = productionApi.useTestScanMutation();
  const [record] = productionApi.useTestResultMutation();

  const onScan = async (code: string): Promise<Verdict | string> => {
    setPreview(null);
    let found: InspectionPreview;
    try {
      found = await scan({ code }).unwrap();
    } catch (e) {
      const f = failureOf(e);
      const verdict: Verdict = f.kind === 'refused'
        ? { kind: 'refused', code, title: f.message || t('production.refused') }
        : { kind: 'refused', code, title: t('production.lost', { code }), note: t('inspection.scanAgain') };
      station.show(verdict);
      return verdict;
    }
    if (!found.allowed) {
      const verdict: Verdict = { kind: 'refused', code, title: t('inspection.refused', { code }), lines: found.reasons };
      station.show(verdict);
      return verdict;
    }
    setPreview(found);
    setScans((n) => n + 1);
    return t('inspection.fillIn', { code: found.cylinder.code });
  };

  const submit = (value: TestFormValue) => {
    if (!preview) return;
    const code = preview.cylinder.code;
    setBusy(true);
    void station.run(code, async (scanId) => {
      const result = await record({ code, scanId, ...value }).unwrap();
      if (stepDone(result)) printer.afterStep(result.code);
      return resultVerdict(t, result);
    }).finally(() => setBusy(false));
  };

  // Recorded (or found recorded already), also through 重试: on to the next cylinder. A refusal or a lost
  // answer keeps the form as it was filled.
  const last = station.shift.verdict;
  const { focusScan } = station;
  useEffect(() => {
    if (last && RECORDED.includes(last.kind)) {
      setPreview((p) => (p && p.cylinder.code === last.code ? null : p));
      focusScan();
    }
  }, [last, focusScan]);

  return (
    <Stack spacing={1}>
      <StationPanel station={station} onScan={onScan} disabled={!allowed} scanLabel={t('inspection.scan')}
        settings={<OperatorField value={operator} onChange={setOperator} focusScan={station.focusScan} />}
        below={<StationPrintBar printer={printer} lastCode={station.shift.recent[0]?.code} />} />
      {preview && <InspectionForm key={scans} preview={preview} busy={busy} onSubmit={submit} onCancel={() => (setPreview(null), station.focusScan())} />}
    </Stack>
  );
}
