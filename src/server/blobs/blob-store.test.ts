import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server } from '../../../tests/server/s3-server';
import { createBlobStore, newStoredPath, type BlobStore } from './index';
import { S3BlobStore } from './s3';

let s3: Awaited<ReturnType<typeof startS3Server>>;
let folder: string;
beforeAll(async () => {
  s3 = await startS3Server();
  folder = mkdtempSync(resolve('.tmp', 'blobs-'));
});
afterAll(async () => {
  await s3?.close();
  rmSync(folder, { recursive: true, force: true });
});

const stores: Array<[string, () => BlobStore]> = [
  ['the local folder', () => createBlobStore({ kind: 'local', root: folder })],
  ['an S3-compatible bucket', () => createBlobStore(s3.config)],
];

describe.each(stores)('%s', (_name, make) => {
  it('keeps what was put under its path: size, hash, bytes; delete removes it, twice is fine', async () => {
    const store = make();
    const path = newStoredPath('证书.pdf');
    const bytes = Buffer.from('%PDF-1.7 气瓶 '.repeat(5000));
    const put = await store.put(path, Readable.from([bytes.subarray(0, 100), bytes.subarray(100)]), { maxBytes: 1024 * 1024 });
    expect(put).toEqual({ size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex'), tooLarge: false });
    expect(await store.stat(path)).toEqual({ size: bytes.length });
    expect(await text(store.get(path))).toBe(bytes.toString('utf8'));
    await store.delete(path);
    expect(await store.stat(path)).toBeNull();
    await store.delete(path);
  });

  it('keeps nothing of a source past maxBytes', async () => {
    const store = make();
    const path = newStoredPath('big.bin');
    const put = await store.put(path, Readable.from([Buffer.alloc(600), Buffer.alloc(600)]), { maxBytes: 1000 });
    expect(put.tooLarge).toBe(true);
    expect(await store.stat(path)).toBeNull();
  });

  it('answers null for a path never stored, and a failing stream when read anyway', async () => {
    const store = make();
    const path = newStoredPath('none.txt');
    expect(await store.stat(path)).toBeNull();
    await expect(text(store.get(path))).rejects.toThrow();
  });

  it('refuses a path it did not generate', async () => {
    const store = make();
    await expect(store.stat('../secrets.json')).rejects.toThrow(/invalid stored path/);
  });
});

describe('the S3 store', () => {
  it('keeps objects under S3_PREFIX in the bucket', async () => {
    const store = new S3BlobStore(s3.config);
    const path = newStoredPath('a.txt');
    await store.put(path, Readable.from([Buffer.from('x')]), { maxBytes: 10 });
    const other = new S3BlobStore({ ...s3.config, prefix: '' });
    expect(await other.stat(`${path}`)).toBeNull();
    const { HeadObjectCommand } = await import('@aws-sdk/client-s3');
    const head = await store.client.send(new HeadObjectCommand({ Bucket: s3.config.bucket, Key: `plant/${path}` }));
    expect(head.ContentLength).toBe(1);
  });

  it('says at start which bucket cannot be used, naming it and never the secret', async () => {
    await expect(new S3BlobStore({ ...s3.config, bucket: 'no-such-bucket' }).check()).rejects.toThrow(/bucket no-such-bucket\/plant\/ at http:\/\/127\.0\.0\.1:\d+ cannot be used \(no such bucket\)/);
    const refused = new S3BlobStore({ ...s3.config, accessKeyId: 'UNKNOWN' }).check();
    await expect(refused).rejects.toThrow(/cannot be used/);
    await expect(refused).rejects.not.toThrow(/S3RVER/);
    await expect(new S3BlobStore(s3.config).check()).resolves.toBeUndefined();
  });
});
