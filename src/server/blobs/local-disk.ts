import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isStoredPath } from './object-path';
import type { BlobStore, PutResult, StoredStat } from './blob-store';

/** Files on the local disk under one root folder (DATA_DIR/files). */
export class LocalDiskBlobStore implements BlobStore {
  readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  /** The absolute file of a stored path; throws for anything not shaped like a stored path or outside root. */
  private fileOf(path: string): string {
    const file = resolve(this.root, path);
    if (!isStoredPath(path) || !file.startsWith(this.root + sep)) throw new Error(`invalid stored path: ${path}`);
    return file;
  }

  async put(path: string, source: Readable, { maxBytes }: { maxBytes: number }): Promise<PutResult> {
    const file = this.fileOf(path);
    await mkdir(dirname(file), { recursive: true });
    // Written beside the target and renamed at the end, so a half-written file is never served.
    const partial = `${file}.${randomBytes(4).toString('hex')}.part`;
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
      await pipeline(source, meter, createWriteStream(partial, { flags: 'wx', mode: 0o640 }));
      // A multipart source that hit its own limit ends early and says so.
      if ((source as Readable & { truncated?: boolean }).truncated) tooLarge = true;
      if (tooLarge) {
        await rm(partial, { force: true });
        return { size, sha256: '', tooLarge };
      }
      await rename(partial, file);
      return { size, sha256: hash.digest('hex'), tooLarge };
    } catch (err) {
      await rm(partial, { force: true });
      throw err;
    }
  }

  get(path: string): Readable {
    return createReadStream(this.fileOf(path));
  }

  async stat(path: string): Promise<StoredStat | null> {
    try {
      const s = await stat(this.fileOf(path));
      return s.isFile() ? { size: s.size } : null;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async delete(path: string): Promise<void> {
    await rm(this.fileOf(path), { force: true });
  }
}
