import type { LabelTemplate } from '@shared/api/label';
import { useCallback, useState } from 'react';
import { printFailureText } from '@renderer/features/machine/devices';
import { failureOf } from '@renderer/features/production/scan';
import { t as translate } from '@renderer/i18n/i18n';
import { notify } from '@renderer/notify/toast';
import { useAppDispatch } from '@renderer/store/hooks';
import { keepTemplate, keptTemplate, offlineCylinderData, PLAIN_LABEL } from '@renderer/features/offline/offlineLabel';
import { labelApi } from './labelApi';
import { printCylinderLabel, printsAfterStep, readStationPrint, type PrintStation, type StationPrintSetting } from './stationPrint';

/** A step worth a label: done now (not found done already) and not failed to 待分析. */
export const stepDone = (r: { repeated?: boolean; toStatus: number }): boolean => !r.repeated && r.toStatus !== 1;

export type PrintStatus = { kind: 'printing' | 'printed'; code: string } | { kind: 'failed'; code: string; reason: string };

export interface StationPrinter {
  setting: StationPrintSetting;
  status: PrintStatus | null;
  /** After a successful step: prints when the station is set to, without being awaited by the scan. */
  afterStep: (code: string) => void;
  /** 补打: prints the cylinder's label now, whether or not the station prints after a step. */
  reprint: (code: string) => Promise<void>;
}

/** No answer at all (network, timeout): not a refusal. */
const unreachable = (e: unknown): boolean => typeof (e as { code?: unknown } | null)?.code !== 'number';
const PLAIN_TEMPLATE: LabelTemplate = { id: 0, name: '', version: 0, enabled: 1, dataSource: 'CYLINDER', content: PLAIN_LABEL };

const reasonOf = (e: unknown): string => {
  const f = failureOf(e);
  return f.kind === 'refused' && f.message ? f.message : printFailureText(e);
};

/**
 * A station's label printer. `afterStep` never throws and is never awaited: the next scan goes on while the
 * template (cached) and the cylinder's data are read and the label printed; a printer that is off or out of
 * paper shows a warning at the station (and a toast), and the scan has counted anyway.
 */
export function useStationPrint(station: PrintStation): StationPrinter {
  const dispatch = useAppDispatch();
  const [status, setStatus] = useState<PrintStatus | null>(null);
  const setting = readStationPrint(station);

  const print = useCallback(async (code: string) => {
    const current = readStationPrint(station);
    if (current.templateId === null || !current.printer.trim()) throw new Error(translate('label.notConfigured'));
    setStatus({ kind: 'printing', code });
    try {
      const templateId = current.templateId;
      // The server away (no answer at all): the template kept on this PC, or a plain code label, with what
      // the local copy knows of the cylinder. A refusal stays a failure.
      const [template, data] = await Promise.all([
        dispatch(labelApi.endpoints.stationTemplate.initiate({ id: templateId }, { forceRefetch: 300 })).unwrap()
          .then((found) => (keepTemplate(templateId, found), found))
          .catch((e: unknown) => {
            if (!unreachable(e)) throw e;
            return keptTemplate<LabelTemplate>(templateId) ?? PLAIN_TEMPLATE;
          }),
        dispatch(labelApi.endpoints.stationCylinderData.initiate({ code })).unwrap()
          .catch((e: unknown) => {
            if (!unreachable(e)) throw e;
            return offlineCylinderData(code);
          }),
      ]);
      await printCylinderLabel(current, template, data);
      setStatus({ kind: 'printed', code });
    } catch (e) {
      const reason = reasonOf(e);
      setStatus({ kind: 'failed', code, reason });
      notify(translate('label.printFailed', { code, reason }), 'warning');
    }
  }, [dispatch, station]);

  const afterStep = useCallback((code: string) => {
    if (printsAfterStep(readStationPrint(station))) void print(code).catch(() => undefined);
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
