import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { lstat, mkdir, open, realpath, rename, rm } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { isStoredPath } from './object-path';
import { spoolMetered } from './spool';
import type { BlobStore, PutResult, StoredStat } from './blob-store';

/** Opening a file never follows a link at its last step (O_NOFOLLOW; Windows has none: checked with lstat instead). */
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;

/** A stored path that leads through a link: the store never follows one, whatever it points at. */
export class LinkedPathError extends Error {
  override name = 'LinkedPathError';
  constructor(path: string) {
    super(`stored path ${path} leads through a link in the files folder; links there are never followed`);
  }
}

const isMissing = (err: unknown) => ['ENOENT', 'ENOTDIR'].includes((err as NodeJS.ErrnoException).code ?? '');

/**
 * Files on the local disk under one root folder (DATA_DIR/files). Nothing in it is reached through a link: a
 * symbolic link put there (to /etc, to another plant's folder) is neither read, written through nor deleted
 * through. The root itself may be a link (the folder moved to another disk).
 */
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

  /** The file of a stored path whose folders (YYYY/MM/DD) are real folders under the root, not links. */
  private async unlinkedFile(path: string): Promise<string> {
    const file = this.fileOf(path);
    const [root, folder] = await Promise.all([realpath(this.root), realpath(dirname(file))]);
    if (folder !== resolve(root, dirname(path))) throw new LinkedPathError(path);
    return file;
  }

  /** The stored file opened for reading, never through a link. */
  private async openFile(path: string) {
    const file = await this.unlinkedFile(path);
    if (!NO_FOLLOW && (await lstat(file)).isSymbolicLink()) throw new LinkedPathError(path);
    try {
      return await open(file, constants.O_RDONLY | NO_FOLLOW);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ELOOP') throw new LinkedPathError(path);
      throw err;
    }
  }

  async put(path: string, source: Readable, { maxBytes }: { maxBytes: number }): Promise<PutResult> {
    const file = this.fileOf(path);
    await mkdir(dirname(file), { recursive: true });
    await this.unlinkedFile(path);
    // Written beside the target (created new: never through a link) and renamed at the end, so a half-written
    // file is never served; a rename replaces a link at the target instead of writing through it.
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
    const out = new PassThrough();
    this.openFile(path).then(
      (handle) => {
        const stream = handle.createReadStream();
        stream.once('error', (err) => out.destroy(err));
        stream.pipe(out);
      },
      (err: Error) => out.destroy(err),
    );
    return out;
  }

  /** Size of a stored file; null when there is none, or when a link stands where it should be. */
  async stat(path: string): Promise<StoredStat | null> {
    try {
      const s = await lstat(await this.unlinkedFile(path));
      return s.isFile() ? { size: s.size } : null;
    } catch (err) {
      if (isMissing(err) || err instanceof LinkedPathError) return null;
      throw err;
    }
  }

  /** Removes the file (a link standing in its place is removed itself, never what it points at). */
  async delete(path: string): Promise<void> {
    let file: string;
    try {
      file = await this.unlinkedFile(path);
    } catch (err) {
      if (isMissing(err)) return;
      throw err;
    }
    await rm(file, { force: true });
  }
}
