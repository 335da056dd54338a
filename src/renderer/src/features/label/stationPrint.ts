import type { LabelTemplate } from '@shared/api/label';
import type { PrintResult } from '@shared/devices';
import { labelJobOf } from '@shared/label/job';
import { printLabel } from '@renderer/devices/devices';
import type { LabelContent } from '@shared/api/setting';

/**
 * Label printing at the stations, set up per workstation on 设备设置: which stations print after a successful
 * step, with which template, on which printer, how many copies. Kept in this PC's localStorage like the
 * station's other set-up. Nothing here waits for the server beyond the template (cached) and the data.
 */
export const PRINT_STATIONS = ['fill', 'inspect', 'metage', 'stockIn'] as const;
export type PrintStation = (typeof PRINT_STATIONS)[number];

export interface StationPrintSetting {
  enabled: boolean;
  templateId: number | null;
  templateName: string;
  printer: string;
  copies: number;
}

const STORAGE_KEY = 'LABEL_PRINT_STATIONS';
export const OFF: StationPrintSetting = { enabled: false, templateId: null, templateName: '', printer: '', copies: 1 };

function readAll(): Partial<Record<PrintStation, StationPrintSetting>> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? parsed : {};
  } catch {
    return {};
  }
}

export function readStationPrint(station: PrintStation): StationPrintSetting {
  const s = readAll()[station];
  return s ? { ...OFF, ...s, copies: Math.min(1000, Math.max(1, Math.round(Number(s.copies) || 1))) } : OFF;
}

export function saveStationPrint(station: PrintStation, setting: StationPrintSetting): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ ...readAll(), [station]: setting }));
  } catch {
    // A full or blocked storage: the station simply does not print.
  }
}

/** A raw address without a language prints in the language the label was designed for. */
export function withLang(printer: string, lang: LabelContent['lang']): string {
  if (!/^[a-z]+:\/\//i.test(printer) || /[?&]lang=/.test(printer)) return printer;
  return `${printer}${printer.includes('?') ? '&' : '?'}lang=${lang}`;
}

/** Whether the station prints: on, with a template and a printer. */
export const printsAfterStep = (s: StationPrintSetting): boolean => s.enabled && s.templateId !== null && s.printer.trim() !== '';

/**
 * Prints one label of `data` (the CYLINDER source: the server's, or what an offline station knows) with the
 * station's template and printer, through the desktop bridge or the local print agent.
 */
export function printCylinderLabel(setting: StationPrintSetting, template: LabelTemplate, data: unknown): Promise<PrintResult> {
  const printer = withLang(setting.printer.trim(), template.content.lang);
  return printLabel(labelJobOf(template.content, data, { printer, copies: setting.copies }));
}
