import bwipjs from 'bwip-js/browser';

/** bwip-js measures bar height in millimetres at 72 dpi: this many pixels per mm at scale 1. */
const BWIP_PX_PER_MM = 72 / 25.4;
/** Narrow bar in dots, as the TSPL and ZPL drivers print Code 128. */
export const NARROW_DOTS = 2;

export type CodeImage = { canvas: HTMLCanvasElement } | { error: string };

const cache = new Map<string, CodeImage>();

/**
 * A barcode or QR code drawn with bwip-js at the printer's dots (one canvas pixel per printer dot): Code 128
 * with a 2-dot narrow bar and the bar height in dots, QR with the cell (module) width in dots — the sizes the
 * drivers send, so the preview is as wide and as tall as the print. Cached by what it draws.
 */
export function codeImage(type: 'BARCODE' | 'QRCODE', text: string, opts: { barHeight: number; cell: number; errorLevel: string }): CodeImage {
  const key = `${type}|${text}|${opts.barHeight}|${opts.cell}|${opts.errorLevel}`;
  const hit = cache.get(key);
  if (hit) return hit;
  let result: CodeImage;
  try {
    const canvas = document.createElement('canvas');
    if (type === 'BARCODE') {
      bwipjs.toCanvas(canvas, {
        bcid: 'code128', text, scale: NARROW_DOTS, height: opts.barHeight / NARROW_DOTS / BWIP_PX_PER_MM, includetext: true, textxalign: 'center',
      });
    } else {
      // bwip-js draws a QR module 2 px per scale step: the matrix is drawn here at exactly `cell` dots a module.
      const [m] = bwipjs.raw({ bcid: 'qrcode', text, ...({ eclevel: opts.errorLevel } as object) }) as { pixs: number[]; pixx: number; pixy: number }[];
      if (!m) throw new Error('no QR');
      canvas.width = m.pixx * opts.cell;
      canvas.height = m.pixy * opts.cell;
      const ctx = canvas.getContext('2d');
      if (!ctx) throw new Error('no canvas');
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, canvas.width, canvas.height);
      ctx.fillStyle = '#000';
      m.pixs.forEach((dark, i) => { if (dark) ctx.fillRect((i % m.pixx) * opts.cell, Math.floor(i / m.pixx) * opts.cell, opts.cell, opts.cell); });
    }
    result = { canvas };
  } catch (e) {
    result = { error: e instanceof Error ? e.message : String(e) };
  }
  if (cache.size > 500) cache.clear();
  cache.set(key, result);
  return result;
}
