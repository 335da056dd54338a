import { PHOTO_MAX_CHARS } from '@shared/api/trip';

/** A proof photo on the wire: a JPEG of at most 200 KB (shared/api/trip.ts ProofBody). */
export const PHOTO_MAX_BYTES = 200 * 1024;
/** The longest side a photo is first drawn at: enough to read a label or a face on the receipt. */
export const PHOTO_MAX_SIDE = 1280;
const QUALITIES = [0.8, 0.65, 0.5, 0.35];

/** The bytes a base64 data URL carries. */
export const dataUrlBytes = (url: string): number => {
  const payload = url.slice(url.indexOf(',') + 1).replace(/=+$/, '');
  return Math.floor((payload.length * 3) / 4);
};

/**
 * A camera frame as a JPEG data URL of at most PHOTO_MAX_BYTES: drawn at most PHOTO_MAX_SIDE wide or high, the JPEG
 * quality lowered, then the picture made smaller, until it fits; null when it never does (or the browser draws nothing).
 */
export function compressPhoto(source: CanvasImageSource, width: number, height: number): string | null {
  if (!width || !height) return null;
  let scale = Math.min(1, PHOTO_MAX_SIDE / Math.max(width, height));
  for (let round = 0; round < 6; round++, scale *= 0.7) {
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(width * scale));
    canvas.height = Math.max(1, Math.round(height * scale));
    const ctx = canvas.getContext('2d');
    if (!ctx) return null;
    ctx.drawImage(source, 0, 0, canvas.width, canvas.height);
    for (const quality of QUALITIES) {
      const url = canvas.toDataURL('image/jpeg', quality);
      if (!url.startsWith('data:image/jpeg;base64,')) return null;
      if (dataUrlBytes(url) <= PHOTO_MAX_BYTES && url.length <= PHOTO_MAX_CHARS) return url;
    }
  }
  return null;
}
