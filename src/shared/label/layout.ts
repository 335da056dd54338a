import {
  LABEL_DEFAULTS,
  LATIN_WIDTH_FACTOR,
  QR_SIZE_DIVISOR,
  type LabelDetail,
  type LabelJob,
} from '../devices';
import { resolvePlaceholders } from './placeholders';

/**
 * The printer-independent layout of a label job: defaults applied (SPEC 9), placeholders resolved,
 * millimetres turned into dots and text positions aligned. TSPL and ZPL drivers only format this.
 */
export interface LaidOutItem {
  type: LabelDetail['type'];
  /** Dots from the label's top-left corner. */
  x: number;
  y: number;
  content: string;
  /** FONT: character height in dots; BARCODE: human-readable text height. */
  fontDots: number;
  /** FONT: the font asked for by the job ('' = driver default). */
  font: string;
  /** FONT: true when the text holds wide (CJK) characters. */
  wide: boolean;
  /** BARCODE: bar height in dots. */
  barHeight: number;
  /** QRCODE: module (cell) width in dots = round(size / 2.5), 1–10. */
  cell: number;
  errorLevel: 'L' | 'M' | 'Q' | 'H';
}

export interface LaidOutLabel {
  dpi: number;
  printNum: number;
  direction: 0 | 1;
  widthMm: number;
  heightMm: number;
  widthDots: number;
  heightDots: number;
  items: LaidOutItem[];
}

export const dotsPerMm = (dpi: number): number => dpi / 25.4;
export const mmToDots = (mm: number, dpi: number): number => Math.round(mm * dotsPerMm(dpi));

/** East Asian wide characters (CJK ideographs, kana, hangul, full-width forms and punctuation). */
const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u;

export const isWide = (ch: string): boolean => WIDE.test(ch);
export const hasWide = (text: string): boolean => [...text].some(isWide);

/** Width of a text in the unit of fontSize: 1 per wide character, 0.618 per other character (SPEC 9). */
export function measureText(text: string, fontSize: number): number {
  let width = 0;
  for (const ch of text) width += isWide(ch) ? fontSize : fontSize * LATIN_WIDTH_FACTOR;
  return width;
}

export function qrCellWidth(size: number): number {
  return Math.min(10, Math.max(1, Math.round(size / QR_SIZE_DIVISOR)));
}

/** Left edge in mm of a text: `position` places it within the label width, otherwise x anchored by textAlign. */
function textLeftMm(detail: LabelDetail, textWidthMm: number, labelWidthMm: number): number {
  const place = detail.position;
  if (place === 'left') return 0;
  if (place === 'center') return Math.max(0, (labelWidthMm - textWidthMm) / 2);
  if (place === 'right') return Math.max(0, labelWidthMm - textWidthMm);
  if (detail.textAlign === 'center') return Math.max(0, detail.x - textWidthMm / 2);
  if (detail.textAlign === 'right') return Math.max(0, detail.x - textWidthMm);
  return detail.x;
}

/**
 * The items a printer is sent: a barcode or QR code with nothing to encode (a field the data lacks, such as the
 * signed QR address a station offline cannot know) is left out, as no printer can draw it; texts always print.
 */
export const printedItems = (label: LaidOutLabel): LaidOutItem[] => label.items.filter((i) => i.type === 'FONT' || i.content !== '');

export function layoutLabel(job: LabelJob): LaidOutLabel {
  const dpi = job.dpi ?? LABEL_DEFAULTS.dpi;
  const heightMm = job.height ?? LABEL_DEFAULTS.heightMm;
  const items = job.details.map((detail): LaidOutItem => {
    const content = resolvePlaceholders(detail.content, job.data);
    const fontSize = detail.fontSize ?? LABEL_DEFAULTS.fontSizeMm;
    const leftMm = detail.type === 'FONT' ? textLeftMm(detail, measureText(content, fontSize), job.width) : detail.x;
    return {
      type: detail.type,
      x: mmToDots(leftMm, dpi),
      y: mmToDots(detail.y, dpi),
      content,
      fontDots: Math.max(1, mmToDots(fontSize, dpi)),
      font: detail.font ?? '',
      wide: hasWide(content),
      barHeight: Math.max(1, mmToDots(detail.size || LABEL_DEFAULTS.barcodeHeightMm, dpi)),
      cell: qrCellWidth(detail.size || LABEL_DEFAULTS.qrSize),
      errorLevel: detail.errorLevel ?? LABEL_DEFAULTS.errorLevel,
    };
  });
  return {
    dpi,
    printNum: job.printNum ?? LABEL_DEFAULTS.printNum,
    direction: job.direction ?? LABEL_DEFAULTS.direction,
    widthMm: job.width,
    heightMm,
    widthDots: mmToDots(job.width, dpi),
    heightDots: mmToDots(heightMm, dpi),
    items,
  };
}
