import { useEffect, useState } from 'react';
import { useScanCall } from '@renderer/store/endpoints';
import { Alert, Stack } from '@mui/material';
import type { InspectionPreview } from '@shared/api/production';
import { inspectionRule, inspectionScanLocally, unanswered } from '@renderer/features/offline';
import { connectivity } from '@renderer/stations/connectivity';
import type { QueryError } from '@renderer/store/api';
import { STATION_KEYS } from '@renderer/stations/localSetting';
import { productionApi } from '@renderer/features/production';
import { failureOf } from '@renderer/stations/scan';
import { OperatorField, useOperator } from '@renderer/stations/StationFields';
import { StationPanel } from '@renderer/stations/StationPanel';
import { resultVerdict, useShift, useStation, type Verdict } from '@renderer/stations/useStation';
import { StationPrintBar, stepDone, useStationPrint } from '@renderer/features/label';
import { useT } from '@renderer/i18n/useT';
import { usePermission } from '@renderer/permission/permission';
import { InspectionForm, type TestFormValue } from './InspectionForm';

/** Recorded, found recorded already, or kept on this PC (已暂存): the form closes. */
const RECORDED: Verdict['kind'][] = ['ok', 'failed', 'repeated', 'queued'];

/**
 * The inspection station: a scan asks for the cylinder and its gas's test projects (or why it may not be
 * inspected), the form takes the values, 提交 records the result (已充装 → 已检验, or 待分析 when a
 * required project fails, its items in red) with a scanId that a 重试 sends again.
 * While the server is away (testScan or testResult unanswered) the station works on its local copy (issue 25):
 * the scan is checked there and the form built from the gas's projects the copy keeps; 提交 keeps the very
 * testResult call (已暂存) and moves the copy by the server's verdict (features/offline/localInspection.ts).
 */
export function InspectionStation() {
  const t = useT();
  const station = useStation('inspect', 'test');
  const printer = useStationPrint('inspect');
  const allowed = usePermission(['inspect:test']);
  const [operator, setOperator] = useOperator(STATION_KEYS.testUser);
  const [preview, setPreview] = useState<InspectionPreview | null>(null);
  /** The preview came from the local copy (the server was away at the scan). */
  const [local, setLocal] = useState(false);
  /** Each scan starts an empty form, even of the cylinder scanned just before. */
  const [scans, setScans] = useState(0);
  const [busy, setBusy] = useState(false);
  const scan = useScanCall(productionApi.endpoints.testScan);
  const record = useScanCall(productionApi.endpoints.testResult);

  const open = (found: InspectionPreview, fromCopy: boolean): string => {
    setPreview(found);
    setLocal(fromCopy);
    setScans((n) => n + 1);
    return t('inspection.fillIn', { code: found.cylinder.code });
  };

  /** The scan checked on the local copy: the form, or the refusal shown; null when the copy cannot tell. */
  const scanLocally = async (code: string): Promise<Verdict | string | null> => {
    let checked: Awaited<ReturnType<typeof inspectionScanLocally>>;
    try {
      checked = await inspectionScanLocally(t, code);
    } catch {
      // No local database (a browser that refuses IndexedDB): as without a copy.
      return null;
    }
    if (!checked) return null;
    if ('kind' in checked) {
      station.show(checked);
      return checked;
    }
    return open(checked, true);
  };

  const onScan = async (code: string): Promise<Verdict | string> => {
    setPreview(null);
    // Known to be away: the local copy answers at once (no wait for a network that is not there).
    if (!connectivity.get().online) {
      const answered = await scanLocally(code);
      if (answered) return answered;
    }
    let found: InspectionPreview;
    try {
      found = await scan({ code }).unwrap();
      connectivity.answered();
    } catch (e) {
      const f = failureOf(e);
      if (f.kind === 'refused') connectivity.answered();
      else if (typeof (e as Partial<QueryError> | null)?.code !== 'number') connectivity.lost();
      // No answer (network, server away or failing): the local copy decides, as the other stations' scans do.
      if (f.kind !== 'refused' && unanswered((e ?? {}) as QueryError)) {
        const answered = await scanLocally(code);
        if (answered) return answered;
      }
      const verdict: Verdict = f.kind === 'refused'
        ? { kind: 'refused', code, title: f.message || t('production.refused') }
        : { kind: 'refused', code, title: t('production.lost', { code }), note: t('inspection.scanAgain') };
      station.show(verdict);
      return verdict;
    }
    // Inspected already: neutral (已处理过) with who did it and when, as 领瓶 answers a second scan.
    if (found.repeated) {
      const verdict: Verdict = { kind: 'repeated', code, title: found.message ?? t('inspection.refused', { code }) };
      station.show(verdict);
      return verdict;
    }
    if (!found.allowed) {
      const verdict: Verdict = { kind: 'refused', code, title: t('inspection.refused', { code }), lines: found.reasons };
      station.show(verdict);
      return verdict;
    }
    return open(found, false);
  };

  const submit = (value: TestFormValue) => {
    if (!preview) return;
    const code = preview.cylinder.code;
    setBusy(true);
    void station.run(code, async (scanId) => {
      const result = await record({ code, scanId, ...value }).unwrap();
      if (stepDone(result)) printer.afterStep(result.code);
      return resultVerdict(t, result);
    }, inspectionRule(t, { code, projects: preview.projects, body: { code, ...value }, operator, onPassed: (scanId) => printer.afterStep(code, scanId) }))
      .finally(() => setBusy(false));
  };

  // Recorded (or found recorded already), also through 重试: on to the next cylinder. A refusal or a lost
  // answer keeps the form as it was filled.
  // The form follows the verdicts: this station reads them itself (rendered again with each).
  const shift = useShift(station);
  const last = shift.verdict;
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
        below={<StationPrintBar printer={printer} lastCode={shift.recent[0]?.code} />} />
      {preview && local && <Alert severity="warning" data-testid="local-form">{t('offline.localForm')}</Alert>}
      {preview && <InspectionForm key={scans} preview={preview} busy={busy} onSubmit={submit} onCancel={() => (setPreview(null), station.focusScan())} />}
    </Stack>
  );
}
