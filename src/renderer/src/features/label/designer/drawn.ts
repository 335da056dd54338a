import { measureText, type LaidOutLabel } from '@shared/label/layout';
import { codeImage, type CodeImage } from './codeImage';
import type { Box } from './model';

/** One item as the canvas draws it: its box in mm (from the shared layout) and, for codes, the image. */
export interface DrawnItem {
  box: Box;
  image?: CodeImage;
}

/**
 * Every item of a laid-out label: where the printer puts it (the layout's dots back in mm) and how large it
 * comes out — text by SPEC 9's widths (0.618 of the font size per Latin character, 1 per Chinese one), codes by
 * the bwip-js image at the printer's dots. An empty or undrawable code keeps a 10 × 5 mm box, drawn as a warning.
 */
export function drawnItems(laid: LaidOutLabel): DrawnItem[] {
  const dotsPerMm = laid.dpi / 25.4;
  return laid.items.map((item) => {
    const left = item.x / dotsPerMm;
    const top = item.y / dotsPerMm;
    if (item.type === 'FONT') {
      const height = item.fontDots / dotsPerMm;
      return { box: { left, top, width: Math.max(measureText(item.content, height), 1), height } };
    }
    if (!item.content) return { box: { left, top, width: 10, height: 5 }, image: { error: '' } };
    const image = codeImage(item.type, item.content, { barHeight: item.barHeight, cell: item.cell, errorLevel: item.errorLevel });
    if ('error' in image) return { box: { left, top, width: 10, height: 5 }, image };
    return { box: { left, top, width: image.canvas.width / dotsPerMm, height: image.canvas.height / dotsPerMm }, image };
  });
}
