import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import pkg from '../../package.json';
import { ConfigError, loadConfig } from './config';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'config-test-'));
});
afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
  vi.restoreAllMocks();
});

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir,
      embeddedPgPort: 54329,
      accessTokenTtl: 900,
      refreshTokenTtl: 108_000,
      trustProxy: false,
      preparedStatements: true,
      version: pkg.version,
      uploadMaxBytes: 10 * 1024 * 1024,
      requestTimeoutSeconds: 120,
      maxConnectionsPerAddress: 128,
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.initialAdminPassword).toBeUndefined();
    expect(config.updatesDir).toBe(join(dataDir, 'updates'));
    expect(config.minClientVersion).toBeUndefined();
    expect(config.corsOrigins).toContain('app://renderer');
  });

  it('resolves a relative DATA_DIR to an absolute path', () => {
    const config = loadConfig({ DATA_DIR: join(dataDir, 'a', '..', 'b') });
    expect(config.dataDir).toBe(join(dataDir, 'b'));
  });

  it('reads every variable', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      PORT: '9000',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://u:p@db:5432/app',
      EMBEDDED_PG_PORT: '6000',
      ACCESS_TOKEN_SECRET: 'x'.repeat(40),
      ACCESS_TOKEN_TTL: '60',
      REFRESH_TOKEN_TTL: '3600',
      INITIAL_ADMIN_PASSWORD: 'Start@2024',
      CORS_ORIGINS: 'https://a.example, https://b.example',
      RENDERER_DIR: dataDir,
      TRUST_PROXY: 'true',
      PG_PREPARED_STATEMENTS: 'false',
      UPLOAD_MAX_MB: '25',
      UPDATES_DIR: join(dataDir, 'releases'),
      MIN_CLIENT_VERSION: 'v1.4.0',
      REQUEST_TIMEOUT_SECONDS: '600',
      MAX_CONNECTIONS_PER_ADDRESS: '32',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '127.0.0.1',
      databaseUrl: 'postgres://u:p@db:5432/app',
      embeddedPgPort: 6000,
      accessTokenSecret: 'x'.repeat(40),
      accessTokenTtl: 60,
      refreshTokenTtl: 3600,
      initialAdminPassword: 'Start@2024',
      corsOrigins: ['https://a.example', 'https://b.example'],
      rendererDir: dataDir,
      trustProxy: true,
      preparedStatements: false,
      uploadMaxBytes: 25 * 1024 * 1024,
      updatesDir: join(dataDir, 'releases'),
      minClientVersion: '1.4.0',
      requestTimeoutSeconds: 600,
      maxConnectionsPerAddress: 32,
    });
  });

  it('counts no connections per address behind a proxy unless told to (every client then has its address)', () => {
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: 'true' }).maxConnectionsPerAddress).toBe(0);
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: 'true', MAX_CONNECTIONS_PER_ADDRESS: '500' }).maxConnectionsPerAddress).toBe(500);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['EMBEDDED_PG_PORT', '0'],
    ['ACCESS_TOKEN_TTL', '-5'],
    ['REFRESH_TOKEN_TTL', '1.5'],
    ['TRUST_PROXY', 'maybe'],
    ['PG_PREPARED_STATEMENTS', 'sometimes'],
    ['UPLOAD_MAX_MB', '0'],
    ['DATABASE_URL', 'mysql://x'],
    ['ACCESS_TOKEN_SECRET', 'short'],
    ['RENDERER_DIR', '/no/such/dir'],
    ['MIN_CLIENT_VERSION', '1.4'],
    ['REQUEST_TIMEOUT_SECONDS', '2'],
    ['MAX_CONNECTIONS_PER_ADDRESS', '-1'],
    ['PASSWORD_HASH_COST', '9'],
  ])('rejects an invalid %s with an error naming it', (name, value) => {
    expect(() => loadConfig({ DATA_DIR: dataDir, [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir, [name]: value })).toThrow(name);
  });

  it('generates the token secret once, keeps it owner-only in secrets.json and never prints it', () => {
    const out = vi.spyOn(process.stdout, 'write');
    const info = vi.spyOn(console, 'info');
    const warn = vi.spyOn(console, 'warn');
    const first = loadConfig({ DATA_DIR: dataDir });
    const second = loadConfig({ DATA_DIR: dataDir });
    expect(first.accessTokenSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.accessTokenSecret).toBe(first.accessTokenSecret);
    const file = join(dataDir, 'secrets.json');
    expect(JSON.parse(readFileSync(file, 'utf8')).accessTokenSecret).toBe(first.accessTokenSecret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const printed = [...out.mock.calls, ...info.mock.calls, ...warn.mock.calls].flat().join(' ');
    expect(printed).not.toContain(first.accessTokenSecret);
  });

  it('does not write a secret when another value is invalid', () => {
    expect(() => loadConfig({ DATA_DIR: join(dataDir, 'new'), PORT: 'x' })).toThrow('PORT');
    expect(() => statSync(join(dataDir, 'new', 'secrets.json'))).toThrow();
  });

  it('runs one API process and keeps files in DATA_DIR/files unless told otherwise', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.workers).toBe(1);
    expect(config.fileStorage).toEqual({ kind: 'local', root: join(dataDir, 'files') });
    expect(loadConfig({ DATA_DIR: dataDir, WORKERS: '4' }).workers).toBe(4);
    expect(() => loadConfig({ DATA_DIR: dataDir, WORKERS: '0' })).toThrow(/WORKERS must be a whole number from 1 to 64/);
  });

  it('reads the S3-compatible storage, path style by default, and names what is missing or wrong', () => {
    const s3 = { DATA_DIR: dataDir, FILE_STORAGE: 's3', S3_ENDPOINT: 'http://10.0.0.5:9000/', S3_BUCKET: 'plant-files', S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret' };
    expect(loadConfig(s3).fileStorage).toEqual({
      kind: 's3', endpoint: 'http://10.0.0.5:9000', region: 'us-east-1', bucket: 'plant-files', accessKeyId: 'key', secretAccessKey: 'secret', forcePathStyle: true, prefix: '',
    });
    expect(loadConfig({ ...s3, S3_ENDPOINT: 'https://oss-cn-hangzhou.aliyuncs.com', S3_FORCE_PATH_STYLE: 'false', S3_REGION: 'oss-cn-hangzhou', S3_PREFIX: 'a/b/' }).fileStorage)
      .toMatchObject({ forcePathStyle: false, region: 'oss-cn-hangzhou', prefix: 'a/b/' });
    expect(() => loadConfig({ ...s3, S3_BUCKET: '' })).toThrow('S3_BUCKET is required with FILE_STORAGE=s3');
    expect(() => loadConfig({ ...s3, S3_SECRET_ACCESS_KEY: ' ' })).toThrow('S3_SECRET_ACCESS_KEY is required');
    expect(() => loadConfig({ ...s3, S3_BUCKET: 'Bad_Bucket' })).toThrow('S3_BUCKET is not a valid bucket name');
    expect(() => loadConfig({ ...s3, S3_ENDPOINT: 'minio:9000' })).toThrow('S3_ENDPOINT must be an http:// or https:// address');
    expect(() => loadConfig({ ...s3, S3_PREFIX: '../x' })).toThrow('S3_PREFIX');
    expect(() => loadConfig({ DATA_DIR: dataDir, FILE_STORAGE: 'ftp' })).toThrow('FILE_STORAGE must be local or s3, got "ftp"');
  });
});
