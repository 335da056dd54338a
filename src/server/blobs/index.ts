import type { FileStorageConfig } from '../config';
import type { BlobStore } from './blob-store';
import { LocalDiskBlobStore } from './local-disk';
import { S3BlobStore } from './s3';

export type { BlobStore, PutResult, StoredStat } from './blob-store';
export { newStoredPath, isStoredPath, safeExtension } from './object-path';

/**
 * The store FILE_STORAGE chose: the local folder (one server) or an S3-compatible bucket (every server of the
 * plant sees the same files). Modules take it from `app.blobs`, never make their own.
 */
export function createBlobStore(config: FileStorageConfig): BlobStore & { describe(): string; check(): Promise<void> } {
  return config.kind === 's3' ? new S3BlobStore(config) : new LocalDiskBlobStore(config.root);
}
