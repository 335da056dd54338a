import iconv from 'iconv-lite';
import { BARCODE_TYPE, type LabelJob } from '../../../shared/devices';
import { layoutLabel, printedItems, type LaidOutItem, type LaidOutLabel } from '../../../shared/label/layout';

/**
 * TSPL for TSC label printers. The command text is sent GBK-encoded so Chinese prints with the
 * printer's built-in simplified-Chinese font TSS24.BF2 (24×24 dots); ASCII-only text uses font "3"
 * (16×24 dots). Both scale by an integer multiplier chosen from the font height in dots.
 * A QR code's cell width is its module width in dots (1–10), i.e. round(size / 2.5).
 */
export const TSPL_CJK_FONT = 'TSS24.BF2';
export const TSPL_ASCII_FONT = '3';
const FONT_BASE_DOTS = 24;
const BARCODE_NARROW_DOTS = 2;

/** Inside a TSPL string a double quote is written \["]; line breaks would end the command. */
export function tsplQuote(text: string): string {
  return `"${text.replace(/"/g, '\\["]').replace(/[\r\n]+/g, ' ')}"`;
}

/** Fonts a TSC printer knows: built-in 1–8, or a downloaded/built-in file such as TSS24.BF2 or X.TTF. */
const isTsplFont = (font: string): boolean => /^[1-8]$|\.(BF2|TTF|FNT)$/i.test(font);

function textCommand(item: LaidOutItem, rotation: number): string {
  const font = item.wide ? TSPL_CJK_FONT : isTsplFont(item.font) ? item.font : TSPL_ASCII_FONT;
  const mul = Math.max(1, Math.round(item.fontDots / FONT_BASE_DOTS));
  return `TEXT ${item.x},${item.y},"${font}",${rotation},${mul},${mul},${tsplQuote(item.content)}`;
}

function itemCommand(item: LaidOutItem): string {
  const rotation = 0;
  if (item.type === 'FONT') return textCommand(item, rotation);
  if (item.type === 'BARCODE') {
    const narrow = BARCODE_NARROW_DOTS;
    return `BARCODE ${item.x},${item.y},"${BARCODE_TYPE}",${item.barHeight},1,${rotation},${narrow},${narrow},${tsplQuote(item.content)}`;
  }
  return `QRCODE ${item.x},${item.y},${item.errorLevel},${item.cell},A,${rotation},${tsplQuote(item.content)}`;
}

const fmt = (mm: number): string => String(Math.round(mm * 100) / 100);

export function tsplCommands(label: LaidOutLabel): string[] {
  return [
    `SIZE ${fmt(label.widthMm)} mm,${fmt(label.heightMm)} mm`,
    'GAP 2 mm,0 mm',
    `DIRECTION ${label.direction}`,
    'CLS',
    ...printedItems(label).map(itemCommand),
    `PRINT ${label.printNum}`,
  ];
}

export function buildTspl(job: LabelJob): Buffer {
  return iconv.encode(`${tsplCommands(layoutLabel(job)).join('\r\n')}\r\n`, 'gbk');
}
