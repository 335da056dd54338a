import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import {
  DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3StorageConfig } from '../config';
import type { BlobStore, PutResult, StoredStat } from './blob-store';
import { spoolMetered } from './spool';
import { isStoredPath } from './object-path';

const isNotFound = (error: unknown) =>
  error instanceof S3ServiceException && (error.$metadata.httpStatusCode === 404 || error.name === 'NotFound' || error.name === 'NoSuchKey');

/**
 * Files in an S3-compatible bucket (MinIO, Aliyun OSS, Tencent COS, AWS S3), so every server of a plant reads
 * and writes the same files. An upload is first spooled to a temporary file (metered and hashed, refused
 * past its limit before anything reaches the bucket), then sent with its length known: one PUT, which every
 * S3-compatible store accepts. The SDK's newer default checksums (aws-chunked bodies with trailers) are
 * turned off: several stores plants use refuse them.
 */
export class S3BlobStore implements BlobStore {
  readonly client: S3Client;

  constructor(private readonly config: S3StorageConfig) {
    // The SDK warns at every start on Node 20 about releases it has not made yet; the one installed runs on
    // Node 20, and the warning would only alarm whoever reads the plant server's log.
    process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
    this.client = new S3Client({
      endpoint: config.endpoint,
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
    });
  }

  /** Where the store is, for the start-up log line (no credentials). */
  describe(): string {
    return `bucket ${this.config.bucket}${this.config.prefix ? `/${this.config.prefix}` : ''} at ${this.config.endpoint ?? `AWS ${this.config.region}`}`;
  }

  /** Fails with the store's own reason when the bucket cannot be reached with these credentials (checked at start). */
  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.config.bucket }));
    } catch (error) {
      const status = (error as S3ServiceException).$metadata?.httpStatusCode;
      const reason = status === 404 ? 'no such bucket' : status === 403 ? 'access denied' : (error as Error).message || (error as Error).name;
      throw new Error(`File storage: ${this.describe()} cannot be used (${reason})`);
    }
  }

  private keyOf(path: string): string {
    if (!isStoredPath(path)) throw new Error(`invalid stored path: ${path}`);
    return `${this.config.prefix}${path}`;
  }

  async put(path: string, source: Readable, { maxBytes }: { maxBytes: number }): Promise<PutResult> {
    const key = this.keyOf(path);
    const dir = await mkdtemp(join(tmpdir(), 'cylinder-upload-'));
    try {
      const spooled = await spoolMetered(source, join(dir, 'part'), maxBytes);
      if (spooled.tooLarge) return spooled;
      await this.client.send(new PutObjectCommand({
        Bucket: this.config.bucket, Key: key, Body: createReadStream(join(dir, 'part')), ContentLength: spooled.size,
      }));
      return spooled;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  get(path: string): Readable {
    const out = new PassThrough();
    const key = this.keyOf(path);
    this.client.send(new GetObjectCommand({ Bucket: this.config.bucket, Key: key })).then(
      (result) => {
        const body = result.Body as Readable | undefined;
        if (!body) return out.destroy(new Error(`empty object: ${path}`));
        body.on('error', (error) => out.destroy(error));
        body.pipe(out);
      },
      (error: unknown) => out.destroy(error as Error),
    );
    return out;
  }

  async stat(path: string): Promise<StoredStat | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.config.bucket, Key: this.keyOf(path) }));
      return { size: head.ContentLength ?? 0 };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(path: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: this.keyOf(path) }));
  }
}
