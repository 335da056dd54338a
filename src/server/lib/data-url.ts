import { BusinessError } from './errors';

const MAGIC: Record<string, string> = { png: '89504e470d0a1a0a', jpeg: 'ffd8ff' };

/**
 * A data URL's image (a signature, a photo from a phone): its bytes and content type, its first bytes those of the
 * type it says it is. `what` names it in the refusal.
 */
export function decodeImage(dataUrl: string, what: string): { bytes: Buffer; type: string } {
  const m = /^data:image\/(png|jpeg);base64,([A-Za-z0-9+/]+={0,2})$/.exec(dataUrl);
  if (!m) throw new BusinessError(`${what}不是有效的 PNG 或 JPEG 图片`);
  const bytes = Buffer.from(m[2]!, 'base64');
  const magic = MAGIC[m[1]!]!;
  if (bytes.length < magic.length / 2 + 8 || bytes.subarray(0, magic.length / 2).toString('hex') !== magic) {
    throw new BusinessError(`${what}不是有效的 ${m[1] === 'png' ? 'PNG' : 'JPEG'} 图片`);
  }
  return { bytes, type: `image/${m[1]}` };
}

/** The content type of stored image bytes (PNG or JPEG by their first bytes). */
export const imageType = (bytes: Buffer): string => (bytes.subarray(0, 8).toString('hex') === MAGIC.png ? 'image/png' : 'image/jpeg');
