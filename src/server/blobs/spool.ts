import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PutResult } from './blob-store';

/**
 * Writes `source` to `file` (a new file), counting and hashing it. Past `maxBytes` the rest is drained without
 * being kept and the file is removed: `tooLarge`. A multipart source that hit its own limit says so too. On
 * any failure the file is removed and the error rethrown.
 */
export async function spoolMetered(source: Readable, file: string, maxBytes: number): Promise<PutResult> {
  const hash = createHash('sha256');
  let size = 0;
  let tooLarge = false;
  const meter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (size > maxBytes) {
        tooLarge = true;
        return done(); // drain the rest of the source without keeping it
      }
      hash.update(chunk);
      done(null, chunk);
    },
  });
  try {
    await pipeline(source, meter, createWriteStream(file, { flags: 'wx', mode: 0o640 }));
    if ((source as Readable & { truncated?: boolean }).truncated) tooLarge = true;
  } catch (error) {
    await rm(file, { force: true });
    throw error;
  }
  if (tooLarge) {
    await rm(file, { force: true });
    return { size, sha256: '', tooLarge };
  }
  return { size, sha256: hash.digest('hex'), tooLarge };
}
