import type { LabelTemplate } from '@shared/api/label';
import { useCallback, useEffect, useState } from 'react';
import { printFailureText } from '@renderer/devices/devices';
import { failureOf } from '@renderer/stations/scan';
import { t as translate } from '@renderer/i18n/i18n';
import { notify } from '@renderer/notify/toast';
import { useAppDispatch } from '@renderer/store/hooks';
import { keepLabelFormat, offlineCylinderData, plainLabel } from '@renderer/features/offline';
import { labelApi } from './labelApi';
import { logPrint } from './printLog';
import { startReprints } from './reprints';
import { printCylinderLabel, printsAfterStep, readStationPrint, type PrintStation, type StationPrintSetting } from './stationPrint';

/** A step worth a label: done now (not found done already) and not failed to 待分析. */
export const stepDone = (r: { repeated?: boolean; toStatus: number }): boolean => !r.repeated && r.toStatus !== 1;

/** `plain`: the plain label (简易标签（离线）) instead of the designed one, which is printed once the server is back. */
export type PrintStatus = { kind: 'printing'; code: string } | { kind: 'printed'; code: string; plain: boolean }
  | { kind: 'failed'; code: string; reason: string; plain: boolean };

export interface StationPrinter {
  setting: StationPrintSetting;
  status: PrintStatus | null;
  /**
   * After a successful step: prints when the station is set to, without being awaited by the scan. `scanId`: the
   * step was kept offline under it (the designed label then waits until the server recorded it).
   */
  afterStep: (code: string, scanId?: string) => void;
  /** 补打: prints the cylinder's label now, whether or not the station prints after a step. */
  reprint: (code: string) => Promise<void>;
}

/** No answer at all (network, timeout): not a refusal. */
const unreachable = (e: unknown): boolean => typeof (e as { code?: unknown } | null)?.code !== 'number';

const reasonOf = (e: unknown): string => {
  const f = failureOf(e);
  return f.kind === 'refused' && f.message ? f.message : printFailureText(e);
};

/**
 * A station's label printer. `afterStep` never throws and is never awaited: the next scan goes on while the
 * template (cached) and the cylinder's data are read and the label printed; a printer that is off or out of
 * paper shows a warning at the station (and a toast), and the scan has counted anyway. With the server away
 * the station prints the plain label and says so (简易标签（离线）on screen and in the print log); the designed
 * one follows when the server is back (reprints.ts). Every label printed goes in the print log.
 */
export function useStationPrint(station: PrintStation): StationPrinter {
  const dispatch = useAppDispatch();
  const [status, setStatus] = useState<PrintStatus | null>(null);
  const setting = readStationPrint(station);
  useEffect(() => startReprints(), []);

  const print = useCallback(async (code: string, scanId?: string) => {
    const current = readStationPrint(station);
    if (current.templateId === null || !current.printer.trim()) throw new Error(translate('label.notConfigured'));
    setStatus({ kind: 'printing', code });
    const templateId = current.templateId;
    const entry = {
      at: new Date().toISOString(), station, code, templateId, templateName: current.templateName, printer: current.printer.trim(),
      copies: current.copies, ...(scanId ? { scanId } : {}),
    };
    let plain = false;
    try {
      // Both from the server, or the plain label: the designed one needs what only the server has (a refusal stays a failure).
      const [template, data] = await Promise.all([
        dispatch(labelApi.endpoints.stationTemplate.initiate({ id: templateId }, { forceRefetch: 300 })).unwrap()
          .then((found) => (keepLabelFormat(templateId, found.content), found))
          .catch((e: unknown) => {
            if (!unreachable(e)) throw e;
            return null;
          }),
        dispatch(labelApi.endpoints.stationCylinderData.initiate({ code })).unwrap()
          .catch((e: unknown) => {
            if (!unreachable(e)) throw e;
            return null;
          }),
      ]);
      plain = template === null || data === null;
      if (template && data !== null) await printCylinderLabel(current, template, data);
      else await printCylinderLabel(current, plainTemplate(templateId), await offlineCylinderData(code));
      await logPrint({ ...entry, label: plain ? 'plain' : 'designed', ...(plain ? { reprint: 'pending' as const } : {}) }).catch(() => undefined);
      setStatus({ kind: 'printed', code, plain });
    } catch (e) {
      const reason = reasonOf(e);
      // A plain label that did not print still waits for its designed one: the cylinder has none yet.
      await logPrint({ ...entry, label: plain ? 'plain' : 'designed', error: reason, ...(plain ? { reprint: 'pending' as const } : {}) })
        .catch(() => undefined);
      setStatus({ kind: 'failed', code, reason, plain });
      notify(translate('label.printFailed', { code, reason }), 'warning');
    }
  }, [dispatch, station]);

  const afterStep = useCallback((code: string, scanId?: string) => {
    if (printsAfterStep(readStationPrint(station))) void print(code, scanId).catch(() => undefined);
  }, [print, station]);

  const reprint = useCallback(async (code: string) => {
    try {
      await print(code);
    } catch (e) {
      notify(e instanceof Error ? e.message : String(e), 'warning');
    }
  }, [print]);

  return { setting, status, afterStep, reprint };
}

const plainTemplate = (templateId: number): LabelTemplate => ({ id: 0, name: '', version: 0, enabled: 1, dataSource: 'CYLINDER', content: plainLabel(templateId) });
