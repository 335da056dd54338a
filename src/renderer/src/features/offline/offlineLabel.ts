import dayjs from 'dayjs';
import type { LabelContent } from '@shared/api/setting';
import { statusName } from '@shared/lifecycle';
import { offlineDb } from './db';

/** What a plain label says it is, on the label itself (and on screen and in the print log: features/label). */
export const PLAIN_MARK = '简易标签（离线）';

/**
 * The plain label printed while the server is away: the code as a QR code and as text, the gas and the next
 * inspection when the local copy knows them, and 简易标签（离线）. The designed label's placeholders read what
 * only the server has (its public page address, signed by the server; the fill as the server recorded it;
 * the company), so offline the station never prints the designed layout with parts missing: it prints this,
 * says so, and prints the designed one once the server has the scan (features/label/reprints.ts).
 * 50 × 30 mm, or the size, resolution and printer language of the station's own label when this PC has seen it.
 */
export const PLAIN_LABEL: LabelContent = {
  width: 50, height: 30, dpi: 203, direction: 0, lang: 'tspl',
  details: [
    { type: 'QRCODE', x: 2, y: 3, size: 24, errorLevel: 'M', content: '{cylinder.code}' },
    { type: 'FONT', x: 28, y: 4, fontSize: 4, content: '{cylinder.code}' },
    { type: 'FONT', x: 28, y: 11, fontSize: 3, content: '{cylinder.gasName|}' },
    { type: 'FONT', x: 28, y: 17, fontSize: 3, content: '{cylinder.nextInspectionDate|}' },
    { type: 'FONT', x: 28, y: 24, fontSize: 2.5, content: PLAIN_MARK },
  ],
};

type LabelFormat = Pick<LabelContent, 'width' | 'height' | 'dpi' | 'direction' | 'lang'>;
const FORMAT_KEY = (id: number) => `label.offlineFormat.${id}`;

/** Keeps the size and printer language of the station's label (the roll in its printer) on this PC. */
export function keepLabelFormat(id: number, content: LabelContent): void {
  const { width, height, dpi, direction, lang } = content;
  try {
    localStorage.setItem(FORMAT_KEY(id), JSON.stringify({ width, height, dpi, direction, lang }));
  } catch {
    // A full storage only means the plain label's own size.
  }
}

/** The plain label in the format of template `id` as last seen on this PC (its own 50 × 30 TSPL otherwise). */
export function plainLabel(id: number | null): LabelContent {
  try {
    const kept = id === null ? null : (JSON.parse(localStorage.getItem(FORMAT_KEY(id)) ?? 'null') as Partial<LabelFormat> | null);
    if (!kept || typeof kept.width !== 'number' || typeof kept.height !== 'number') return PLAIN_LABEL;
    return {
      // The roll in the printer: a smaller label than 50 × 30 cuts the plain one's right side off.
      ...PLAIN_LABEL, width: kept.width, height: kept.height,
      dpi: kept.dpi ?? PLAIN_LABEL.dpi, direction: kept.direction ?? PLAIN_LABEL.direction, lang: kept.lang ?? PLAIN_LABEL.lang,
    };
  } catch {
    return PLAIN_LABEL;
  }
}

/** The CYLINDER source's data as far as the local copy knows it, for the plain label. */
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

/** Whether the scan `scanId` still waits on this PC to be sent again (its label's reprint waits for it). */
export async function scanWaiting(scanId: string): Promise<boolean> {
  return (await offlineDb().queue.where('scanId').equals(scanId).count()) > 0;
}
