import { mkdtempSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import S3rver from 's3rver';
import type { S3StorageConfig } from '../../src/server/config';

/**
 * A real S3 server speaking the S3 REST protocol over HTTP on 127.0.0.1 (s3rver, from npm: the S3-compatible
 * server the registries offer here; MinIO cannot be installed). It checks the access key (an unknown one is
 * refused) but not SigV4 signatures; objects are files in a folder of its own.
 */
export async function startS3Server(bucket = 'cylinder-files'): Promise<{ config: S3StorageConfig; close(): Promise<void> }> {
  const directory = mkdtempSync(resolve('.tmp', 's3rver-'));
  const server = new S3rver({
    address: '127.0.0.1', port: 0, directory, silent: true, configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    config: {
      kind: 's3', endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', bucket,
      accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true, prefix: 'plant/',
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
