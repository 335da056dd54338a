import { useEffect, useState } from 'react';
import { Stack } from '@mui/material';
import type { TestPreview } from '@shared/api/produce';
import { STATION_KEYS } from '@renderer/features/produce/localSetting';
import { produceApi } from '@renderer/features/produce/produceApi';
import { failureOf } from '@renderer/features/produce/scan';
import { OperatorField, useOperator } from '@renderer/features/produce/StationFields';
import { StationPanel } from '@renderer/features/produce/StationPanel';
import { resultVerdict, useStation, type Verdict } from '@renderer/features/produce/useStation';
import { useT } from '@renderer/i18n/useT';
import { usePermission } from '@renderer/permission/permission';
import { TestForm, type TestFormValue } from './TestForm';

const RECORDED: Verdict['kind'][] = ['ok', 'failed', 'repeated'];

/**
 * The inspection station: a scan asks for the cylinder and its gas's test projects (or why it may not be
 * inspected), the form takes the values, 提交 records the result (已充装 → 已检验, or 待分析 when a
 * required project fails, its items in red) with a scanId that a 重试 sends again.
 */
export function InspectStation() {
  const t = useT();
  const station = useStation('inspect', 'test');
  const allowed = usePermission(['inspect:test']);
  const [operator, setOperator] = useOperator(STATION_KEYS.testUser);
  const [preview, setPreview] = useState<TestPreview | null>(null);
  /** Each scan starts an empty form, even of the cylinder scanned just before. */
  const [scans, setScans] = useState(0);
  const [busy, setBusy] = useState(false);
  const [scan] = produceApi.useTestScanMutation();
  const [record] = produceApi.useTestResultMutation();

  const onScan = async (code: string): Promise<Verdict | string> => {
    setPreview(null);
    let found: TestPreview;
    try {
      found = await scan({ code }).unwrap();
    } catch (e) {
      const f = failureOf(e);
      const verdict: Verdict = f.kind === 'refused'
        ? { kind: 'refused', code, title: f.message || t('produce.refused') }
        : { kind: 'refused', code, title: t('produce.lost', { code }), note: t('inspect.scanAgain') };
      station.show(verdict);
      return verdict;
    }
    if (!found.allowed) {
      const verdict: Verdict = { kind: 'refused', code, title: t('inspect.refused', { code }), lines: found.reasons };
      station.show(verdict);
      return verdict;
    }
    setPreview(found);
    setScans((n) => n + 1);
    return t('inspect.fillIn', { code: found.cylinder.code });
  };

  const submit = (value: TestFormValue) => {
    if (!preview) return;
    const code = preview.cylinder.code;
    setBusy(true);
    void station.run(code, async (scanId) => resultVerdict(t, await record({ code, scanId, ...value }).unwrap())).finally(() => setBusy(false));
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
      <StationPanel station={station} onScan={onScan} disabled={!allowed} scanLabel={t('inspect.scan')}
        settings={<OperatorField value={operator} onChange={setOperator} focusScan={station.focusScan} />} />
      {preview && <TestForm key={scans} preview={preview} busy={busy} onSubmit={submit} onCancel={() => (setPreview(null), station.focusScan())} />}
    </Stack>
  );
}
