import { compressPhoto } from '@renderer/features/trip';

/**
 * A picture from <input type=file capture>, compressed on a canvas to a JPEG of at most 200 KB; null when it cannot
 * be read or never gets that small.
 */
export async function photoOfFile(file: Blob): Promise<string | null> {
  try {
    const bitmap = await createImageBitmap(file);
    try {
      return compressPhoto(bitmap, bitmap.width, bitmap.height);
    } finally {
      bitmap.close();
    }
  } catch {
    return null;
  }
}
