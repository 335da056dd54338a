import { LABEL, type LabelTemplate } from '@shared/api/label';
import { onReplayed, scanWaiting } from '@renderer/features/offline';
import { connectivity } from '@renderer/stations/connectivity';
import { printFailureText } from '@renderer/devices/devices';
import { t } from '@renderer/i18n/i18n';
import { notify } from '@renderer/notify/toast';
import { toQueryError } from '@renderer/store/api';
import { callEndpoint } from '@renderer/store/endpoints';
import { logPrint, pendingReprints, updatePrint, type LabelPrint } from './printLog';
import { printCylinderLabel, printsAfterStep, readStationPrint, type StationPrintSetting } from './stationPrint';

/** Background reads: a refusal is recorded in the print log, never a toast or a move to /403. */
const QUIET = { silent: true, action: true } as const;
/**
 * `settleMs`: a plain label this young is left alone (its scan may not be kept on this PC yet: the label prints
 * first); `everyMs`: how often waiting reprints are tried besides the sync loop's rounds; `maxTries`: a printer
 * refusing a reprint this many times gives it up (补打 by hand).
 */
export const REPRINT = { settleMs: 5_000, everyMs: 15_000, maxTries: 5 };

/** No answer, a server failure or a session to renew: tried again later, not a refusal. */
const later = (code: number | string) => typeof code !== 'number' || code >= 500 || code === 401;

/** The station's printing as set up now; the one in force when the plain label printed if the station stopped printing. */
function settingFor(p: LabelPrint): StationPrintSetting {
  const now = readStationPrint(p.station);
  if (printsAfterStep(now)) return now;
  return { enabled: true, templateId: p.templateId, templateName: p.templateName, printer: p.printer, copies: p.copies };
}

async function reprintOne(p: LabelPrint): Promise<'next' | 'stop'> {
  if (Date.now() - Date.parse(p.at) < REPRINT.settleMs) return 'next';
  if (p.scanId && (await scanWaiting(p.scanId))) return 'next';
  const setting = settingFor(p);
  if (setting.templateId === null || !setting.printer.trim()) {
    await updatePrint(p.id!, { reprint: 'skipped', reprintNote: t('label.notConfigured') });
    return 'next';
  }
  let template: LabelTemplate;
  let data: { scanRecorded?: boolean };
  try {
    [template, data] = await Promise.all([
      callEndpoint(LABEL.template, { id: setting.templateId }, QUIET),
      callEndpoint(LABEL.cylinderData, { code: p.code, ...(p.scanId ? { scanId: p.scanId } : {}) }, QUIET) as Promise<{ scanRecorded?: boolean }>,
    ]);
  } catch (e) {
    const error = toQueryError(e);
    if (later(error.code)) return 'stop';
    await updatePrint(p.id!, { reprint: 'skipped', reprintNote: error.message });
    return 'next';
  }
  // The scan the plain label was for was refused on replay (待处理异常): the server has no step to label.
  if (data.scanRecorded === false) {
    await updatePrint(p.id!, { reprint: 'skipped', reprintNote: t('label.reprintNotRecorded') });
    return 'next';
  }
  try {
    await printCylinderLabel(setting, template, data);
  } catch (e) {
    const tries = (p.tries ?? 0) + 1;
    const note = printFailureText(e);
    await updatePrint(p.id!, tries >= REPRINT.maxTries ? { reprint: 'failed', reprintNote: note, tries } : { reprintNote: note, tries });
    return 'stop';
  }
  const at = new Date().toISOString();
  await updatePrint(p.id!, { reprint: 'done', reprintedAt: at, reprintNote: '' });
  await logPrint({
    at, station: p.station, code: p.code, label: 'reprint', templateId: setting.templateId, templateName: template.name, printer: setting.printer,
    copies: setting.copies,
  });
  notify(t('label.reprinted', { code: p.code }), 'info');
  return 'next';
}

let running: Promise<void> | null = null;

/**
 * Prints the designed label of every plain one whose scan the server has recorded, oldest first: a scan still
 * kept on this PC is waited for, a scan the server refused gets none (the print log says why), and a server
 * away or a printer refusing stops the round (tried again later).
 */
export function reprintPending(): Promise<void> {
  running ??= (async () => {
    try {
      for (const p of await pendingReprints()) {
        if ((await reprintOne(p)) === 'stop') break;
      }
    } finally {
      running = null;
    }
  })();
  return running;
}

let stop: (() => void) | null = null;

/**
 * Starts reprinting in this window (once): after each sync round that sent kept scans, when the server answers
 * again, and every REPRINT.everyMs.
 */
export function startReprints(): void {
  if (stop) return;
  const run = () => {
    if (connectivity.get().online) void reprintPending().catch(() => undefined);
  };
  const offReplayed = onReplayed(run);
  const offOnline = connectivity.subscribe(run);
  const timer = setInterval(run, REPRINT.everyMs);
  stop = () => {
    offReplayed();
    offOnline();
    clearInterval(timer);
  };
  run();
}

/** Tests: stop the triggers; resolves when a round under way has ended. */
export function stopReprintsForTests(): Promise<void> {
  stop?.();
  stop = null;
  return running ?? Promise.resolve();
}
