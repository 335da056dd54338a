import type { LabelJob } from '../../../shared/devices';
import { layoutLabel, printedItems, type LaidOutItem, type LaidOutLabel } from '../../../shared/label/layout';

/**
 * ZPL II for Zebra printers, UTF-8 throughout (^CI28). ASCII text uses the scalable font 0 (^A0).
 * Chinese needs a TrueType font with CJK glyphs stored on the printer; it is called with ^A@ by file
 * name, E:SIMSUN.TTF by default (Zebra ships none: download one with ZebraNet Bridge or ^DU first).
 * QR: ^BQN,2,m where the magnification m is the module width in dots = round(size / 2.5), 1–10, and the
 * field data starts with the error level and 'A' (automatic mode), e.g. ^FDMA,CODE.
 */
export const ZPL_CJK_FONT = 'E:SIMSUN.TTF';
const BARCODE_MODULE_DOTS = 2;

/** Field data with ^ ~ or _ goes through ^FH (hex escapes with _), so it cannot end the field early. */
function fieldData(text: string): string {
  const clean = text.replace(/[\r\n]+/g, ' ');
  if (!/[\^~_]/.test(clean)) return `^FD${clean}^FS`;
  const escaped = clean.replace(/[\^~_]/g, (c) => `_${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `^FH^FD${escaped}^FS`;
}

function textWidthDots(item: LaidOutItem): number {
  // Font 0 is proportional; a width equal to the height keeps its natural aspect.
  return item.fontDots;
}

function itemCommand(item: LaidOutItem): string {
  const at = `^FO${item.x},${item.y}`;
  if (item.type === 'FONT') {
    const font = item.wide ? `^A@N,${item.fontDots},${item.fontDots},${ZPL_CJK_FONT}` : `^A0N,${item.fontDots},${textWidthDots(item)}`;
    return `${at}${font}${fieldData(item.content)}`;
  }
  if (item.type === 'BARCODE') {
    return `${at}^BY${BARCODE_MODULE_DOTS}^BCN,${item.barHeight},Y,N,N${fieldData(item.content)}`;
  }
  return `${at}^BQN,2,${item.cell}${fieldData(`${item.errorLevel}A,${item.content}`)}`;
}

export function zplCommands(label: LaidOutLabel): string[] {
  return [
    '^XA',
    '^CI28',
    `^PW${label.widthDots}`,
    `^LL${label.heightDots}`,
    label.direction === 1 ? '^POI' : '^PON',
    ...printedItems(label).map(itemCommand),
    `^PQ${label.printNum}`,
    '^XZ',
  ];
}

export function buildZpl(job: LabelJob): Buffer {
  return Buffer.from(`${zplCommands(layoutLabel(job)).join('\n')}\n`, 'utf8');
}
