import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { isStoredPath } from './object-path';
import { spoolMetered } from './spool';
import type { BlobStore, PutResult, StoredStat } from './blob-store';

/** Files on the local disk under one root folder (DATA_DIR/files). */
export class LocalDiskBlobStore implements BlobStore {
  readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  describe(): string {
    return `folder ${this.root}`;
  }

  /** Nothing to check: the folder is made at the first upload. */
  async check(): Promise<void> {}

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
    const result = await spoolMetered(source, partial, maxBytes);
    if (result.tooLarge) return result;
    try {
      await rename(partial, file);
    } catch (err) {
      await rm(partial, { force: true });
      throw err;
    }
    return result;
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
