import type { Readable } from 'node:stream';

/** What `put` learned while storing. */
export interface PutResult {
  size: number;
  sha256: string;
  /** The source had more than `maxBytes`: nothing was kept. */
  tooLarge: boolean;
}

export interface StoredStat {
  size: number;
}

/**
 * A place for uploaded files, addressed by opaque paths (see object-path.ts): the local disk (local-disk.ts)
 * or an S3-compatible bucket (s3.ts), chosen by FILE_STORAGE (index.ts). Modules use `app.blobs`.
 */
export interface BlobStore {
  /** Stores the stream under `path`; stops and keeps nothing once more than `maxBytes` arrived. */
  put(path: string, source: Readable, opts: { maxBytes: number }): Promise<PutResult>;
  /** The stored bytes as a stream. Call `stat` first: a missing path fails the stream. */
  get(path: string): Readable;
  /** Size of the stored object, or null when there is none. */
  stat(path: string): Promise<StoredStat | null>;
  /** Removes the object; a missing one is not an error. */
  delete(path: string): Promise<void>;
}
