import dayjs from 'dayjs';
import type { LabelContent } from '@shared/api/setting';
import { statusName } from '@shared/lifecycle';
import { offlineDb } from './db';

/**
 * A plain code label, printed offline when the station's template is not on this PC: the code as a QR code
 * and as text, with the gas when known. 50 × 30 mm, which every label printer of the plant takes.
 */
export const PLAIN_LABEL: LabelContent = {
  width: 50, height: 30, dpi: 203, direction: 0, lang: 'tspl',
  details: [
    { type: 'QRCODE', x: 2, y: 3, size: 24, errorLevel: 'M', content: '{cylinder.code}' },
    { type: 'FONT', x: 28, y: 6, fontSize: 4, content: '{cylinder.code}' },
    { type: 'FONT', x: 28, y: 14, fontSize: 3, content: '{cylinder.gasName|}' },
    { type: 'FONT', x: 28, y: 21, fontSize: 3, content: '{cylinder.nextInspectionDate|}' },
  ],
};

const TEMPLATE_KEY = (id: number) => `label.offlineTemplate.${id}`;

/** Keeps the station's template on this PC (the last one fetched), for printing while the server is away. */
export function keepTemplate(id: number, template: unknown): void {
  try {
    localStorage.setItem(TEMPLATE_KEY(id), JSON.stringify(template));
  } catch {
    // A full storage only means the plain label offline.
  }
}

export function keptTemplate<T>(id: number): T | null {
  try {
    const raw = localStorage.getItem(TEMPLATE_KEY(id));
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

/** The CYLINDER source's data as far as the local copy knows it (the server adds the rest online). */
export async function offlineCylinderData(code: string): Promise<unknown> {
  const facts = await offlineDb().facts.get(code).catch(() => undefined);
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  const num = (v: unknown) => (typeof v === 'number' ? v : null);
  return {
    cylinder: {
      code,
      gasName: text(facts?.materialName) ?? text(facts?.gasName),
      specification: text(facts?.specification),
      tareWeight: num(facts?.tareWeight),
      nextInspectionDate: text(facts?.nextInspectionDate),
      statusName: facts ? statusName(Number(facts.status)) : null,
      ownerName: text(facts?.ownerName),
    },
    printedAt: dayjs().format('YYYY-MM-DD HH:mm:ss'),
  };
}
