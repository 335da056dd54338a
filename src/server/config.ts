import type { LookupAddress } from 'node:dns';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pkg from '../../package.json';
import { parseVersion } from '@shared/version';
import { getOrCreateSecret } from './secrets';

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** External PostgreSQL (15 or newer); absent → the embedded server in DATA_DIR/pg. */
  databaseUrl?: string;
  embeddedPgPort: number;
  accessTokenSecret: string;
  /**
   * Encrypts the fields stored encrypted (ID numbers, a platform's credentials: lib/field-cipher.ts); DATA_ENCRYPTION_KEY,
   * else generated once into DATA_DIR/secrets.json. Every server on one database needs the same value, and a backup's
   * encrypted fields can be read only with it. Absent (a config built by hand): derived from accessTokenSecret.
   */
  dataEncryptionKey?: string;
  /** Seconds. */
  accessTokenTtl: number;
  /** Seconds. */
  refreshTokenTtl: number;
  initialAdminPassword?: string;
  corsOrigins: string[];
  /** Built renderer served at /; absent → no UI (API only). */
  rendererDir?: string;
  version: string;
  trustProxy: boolean;
  /** Prepare the application's fixed statements per connection (PG_PREPARED_STATEMENTS); off behind a transaction-pooling PgBouncer. */
  preparedStatements?: boolean;
  /** Largest accepted upload, per file, in bytes (UPLOAD_MAX_MB); absent → DEFAULT_UPLOAD_MAX_BYTES. */
  uploadMaxBytes?: number;
  /** Desktop releases served under /updates/ (UPDATES_DIR); absent → DATA_DIR/updates. */
  updatesDir?: string;
  /** The oldest desktop client version the server accepts (MIN_CLIENT_VERSION); absent → any. */
  minClientVersion?: string;
  /** Seconds between runs of the alert job (ALERT_INTERVAL_SECONDS); 0 or absent → no job in this process (tests). */
  alertIntervalSeconds?: number;
  /** Public cylinder page (/q/{code}): answers per client address per minute (QR_PAGE_RATE_LIMIT); 0 → unlimited; absent → 60. */
  qrPageRateLimit?: number;
  /** Public cylinder page: seconds a built page is served from memory (QR_PAGE_CACHE_SECONDS); 0 → not cached; absent → 10. */
  qrPageCacheSeconds?: number;
  /** API processes `npm start` runs on this machine (WORKERS); 1: one process, no cluster. */
  workers?: number;
  /** Where uploads, templates, generated documents and logos are kept (FILE_STORAGE); absent → DATA_DIR/files. */
  fileStorage?: FileStorageConfig;
  /** Seconds a client has to send a whole request, body included (REQUEST_TIMEOUT_SECONDS); absent → 120. */
  requestTimeoutSeconds?: number;
  /**
   * Connections one address may hold open at once in this process (MAX_CONNECTIONS_PER_ADDRESS), counted by the
   * socket's own address; 0 → no limit; absent → 128, or no limit with TRUST_PROXY (every client is then the proxy).
   */
  maxConnectionsPerAddress?: number;
  /** Continuous archiving and nightly base backups of the embedded database; absent → none (tests, or BACKUP=off). */
  backup?: BackupConfig;
  /** 接口推送's delivery engine (modules/webhook): off when false; tests shorten its timings. */
  webhooks?: false | Partial<WebhookTuning>;
  /** 监管平台对接's engine (modules/regulator): off when false; tests shorten its timings. */
  regulator?: false | Partial<RegulatorTuning>;
}

/** How the regulator gateway works (modules/regulator/regulator.engine.ts REGULATOR_DEFAULTS). */
export interface RegulatorTuning {
  /** The first retry's pause after a record could not be delivered; doubled each failure, up to maxBackoffMs. */
  backoffMs: number;
  maxBackoffMs: number;
  /** The timer that catches due retries and missed notices. */
  pollMs: number;
  /** How often a platform is asked for the verdicts of records sent and not decided (audits). */
  verdictPollMs: number;
  /** A platform unreachable this long is told to 消息中心 (once per outage). */
  tellAfterMs: number;
  /** Held records are composed again this often (a fix of 企业信息 or a register is picked up without a re-send). */
  heldRetryMs: number;
}

/** How 接口推送 delivers (modules/webhook/webhook.engine.ts WEBHOOK_DEFAULTS). */
export interface WebhookTuning {
  /** A request is cut after this (10 s). */
  timeoutMs: number;
  /** The first retry's pause; doubled each failure, up to maxBackoffMs. */
  backoffMs: number;
  maxBackoffMs: number;
  /** Failing this long without a 2xx marks the endpoint failing and tells administrators (3 days). */
  failAfterMs: number;
  /** The timer that catches due retries and missed notices. */
  pollMs: number;
  /** How receivers' names resolve (dns.lookup when absent); link-local answers are refused over it (webhook.url.ts). */
  lookup?: (hostname: string, options: { all: true }, callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void;
}

/** Backups of the embedded PostgreSQL (issue 33): WAL archived continuously, a verified base backup every night. */
export interface BackupConfig {
  /** BACKUP_DIR: base backups in base/, archived WAL in wal/; absent → DATA_DIR-backups beside DATA_DIR. */
  dir: string;
  /** BACKUP_HOUR: the nightly base backup starts after this hour (local time), 0–23. */
  hour: number;
  /** BACKUP_KEEP_DAILY / _WEEKLY / _MONTHLY: verified base backups kept, the newest of each day, week, month. */
  keepDaily: number;
  keepWeekly: number;
  keepMonthly: number;
  /** BACKUP_ARCHIVE_TIMEOUT_SECONDS: a WAL segment is archived at least this often while there are writes. */
  archiveTimeoutSeconds: number;
  /** BACKUP_LAG_ALERT_MINUTES: the archive falling this far behind raises a message to administrators. */
  lagAlertMinutes: number;
  /** BACKUP_VERIFY_TIMEOUT_SECONDS: the longest a verification (restore into a scratch cluster) may take. */
  verifyTimeoutSeconds: number;
}

/** S3-compatible object storage (MinIO, Aliyun OSS, Tencent COS, AWS S3): every server of a plant reads the same files. */
export interface S3StorageConfig {
  kind: 's3';
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Bucket in the path (MinIO, most private stores) rather than in the host name (OSS, COS, AWS). */
  forcePathStyle: boolean;
  /** Prepended to every object key, so one bucket can hold several plants or other data. */
  prefix: string;
}

export type FileStorageConfig = { kind: 'local'; root: string } | S3StorageConfig;

/** A configuration mistake the operator must fix; the message names the variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

export const CONFIG_DEFAULTS = {
  port: 8080,
  host: '0.0.0.0',
  dataDir: './data',
  embeddedPgPort: 54329,
  accessTokenTtl: 900,
  refreshTokenTtl: 108_000,
  // app://renderer is the desktop shell's own origin; the Vite dev server is the desktop shell in dev.
  corsOrigins: ['app://renderer', 'http://localhost:5173', 'http://127.0.0.1:5173'],
  rendererDir: 'out/renderer',
  alertIntervalSeconds: 300,
  qrPageRateLimit: 60,
  qrPageCacheSeconds: 10,
  requestTimeoutSeconds: 120,
  maxConnectionsPerAddress: 128,
  backupHour: 2,
  backupKeepDaily: 7,
  backupKeepWeekly: 4,
  backupKeepMonthly: 12,
  backupArchiveTimeoutSeconds: 60,
  backupLagAlertMinutes: 30,
  backupVerifyTimeoutSeconds: 1800,
} as const;

/** SPEC section 9: uploads default to 10M per file. */
export const DEFAULT_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

type Env = Record<string, string | undefined>;

function value(env: Env, name: string): string | undefined {
  const raw = env[name]?.trim();
  return raw ? raw : undefined;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = value(env, name);
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(n) || n < min || n > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return n;
}

function boolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = value(env, name)?.toLowerCase();
  if (raw === undefined) return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

function databaseUrl(env: Env): string | undefined {
  const raw = value(env, 'DATABASE_URL');
  if (raw === undefined) return undefined;
  if (!/^postgres(ql)?:\/\//.test(raw)) {
    throw new ConfigError('DATABASE_URL must be a postgres:// or postgresql:// connection URL');
  }
  return raw;
}

function accessTokenSecret(env: Env, dataDir: string): string {
  const raw = value(env, 'ACCESS_TOKEN_SECRET');
  if (raw === undefined) return getOrCreateSecret(dataDir, 'accessTokenSecret');
  if (raw.length < 32) throw new ConfigError('ACCESS_TOKEN_SECRET must be at least 32 characters long');
  return raw;
}

function dataEncryptionKey(env: Env, dataDir: string): string {
  const raw = value(env, 'DATA_ENCRYPTION_KEY');
  if (raw === undefined) return getOrCreateSecret(dataDir, 'dataEncryptionKey');
  if (raw.length < 32) throw new ConfigError('DATA_ENCRYPTION_KEY must be at least 32 characters long');
  return raw;
}

function minClientVersion(env: Env): string | undefined {
  const raw = value(env, 'MIN_CLIENT_VERSION');
  if (raw === undefined) return undefined;
  // A floor the clients cannot compare would silently block nobody: refuse it at start instead.
  if (!parseVersion(raw)) throw new ConfigError(`MIN_CLIENT_VERSION must be a version such as 1.4.0, got "${raw}"`);
  return raw.replace(/^v/, '');
}

function s3Storage(env: Env): S3StorageConfig {
  const required = (name: string) => {
    const raw = value(env, name);
    if (raw === undefined) throw new ConfigError(`${name} is required with FILE_STORAGE=s3`);
    return raw;
  };
  const endpoint = value(env, 'S3_ENDPOINT');
  if (endpoint !== undefined && !/^https?:\/\/[^/\s]+\/?$/.test(endpoint)) {
    throw new ConfigError(`S3_ENDPOINT must be an http:// or https:// address without a path, got "${endpoint}"`);
  }
  const bucket = required('S3_BUCKET');
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) throw new ConfigError(`S3_BUCKET is not a valid bucket name: "${bucket}"`);
  const prefix = value(env, 'S3_PREFIX') ?? '';
  if (!/^([A-Za-z0-9_.-]+\/)*$/.test(prefix)) throw new ConfigError('S3_PREFIX must be folder names each ending in /, e.g. plant-a/files/');
  return {
    kind: 's3',
    endpoint: endpoint?.replace(/\/$/, ''),
    region: value(env, 'S3_REGION') ?? 'us-east-1',
    bucket,
    accessKeyId: required('S3_ACCESS_KEY_ID'),
    secretAccessKey: required('S3_SECRET_ACCESS_KEY'),
    // Path style unless told otherwise: MinIO and most stores on a plant's own network need it.
    forcePathStyle: boolean(env, 'S3_FORCE_PATH_STYLE', true),
    prefix,
  };
}

function fileStorage(env: Env, dataDir: string): FileStorageConfig {
  const kind = value(env, 'FILE_STORAGE')?.toLowerCase() ?? 'local';
  if (kind === 'local') return { kind: 'local', root: join(dataDir, 'files') };
  if (kind === 's3') return s3Storage(env);
  throw new ConfigError(`FILE_STORAGE must be local or s3, got "${kind}"`);
}

function backup(env: Env, dataDir: string, databaseUrl: string | undefined): BackupConfig | undefined {
  // An external PostgreSQL is the DBA's to back up: the server only shows what it can see of it.
  if (databaseUrl !== undefined || !boolean(env, 'BACKUP', true)) return undefined;
  return {
    dir: resolve(value(env, 'BACKUP_DIR') ?? `${dataDir}-backups`),
    hour: integer(env, 'BACKUP_HOUR', CONFIG_DEFAULTS.backupHour, 0, 23),
    keepDaily: integer(env, 'BACKUP_KEEP_DAILY', CONFIG_DEFAULTS.backupKeepDaily, 1, 366),
    keepWeekly: integer(env, 'BACKUP_KEEP_WEEKLY', CONFIG_DEFAULTS.backupKeepWeekly, 0, 520),
    keepMonthly: integer(env, 'BACKUP_KEEP_MONTHLY', CONFIG_DEFAULTS.backupKeepMonthly, 0, 1200),
    archiveTimeoutSeconds: integer(env, 'BACKUP_ARCHIVE_TIMEOUT_SECONDS', CONFIG_DEFAULTS.backupArchiveTimeoutSeconds, 1, 3600),
    lagAlertMinutes: integer(env, 'BACKUP_LAG_ALERT_MINUTES', CONFIG_DEFAULTS.backupLagAlertMinutes, 1, 10_080),
    verifyTimeoutSeconds: integer(env, 'BACKUP_VERIFY_TIMEOUT_SECONDS', CONFIG_DEFAULTS.backupVerifyTimeoutSeconds, 30, 86_400),
  };
}

function corsOrigins(env: Env): string[] {
  const raw = value(env, 'CORS_ORIGINS');
  if (raw === undefined) return [...CONFIG_DEFAULTS.corsOrigins];
  return raw
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
}

/** The folder holding package.json: src/server/config.ts and out/server/index.mjs both sit two levels down. */
function appRoot(): string {
  return resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
}

function rendererDir(env: Env): string | undefined {
  const raw = value(env, 'RENDERER_DIR');
  if (raw !== undefined) {
    const dir = resolve(raw);
    if (!existsSync(dir)) throw new ConfigError(`RENDERER_DIR ${dir} does not exist`);
    return dir;
  }
  const candidates = [resolve(CONFIG_DEFAULTS.rendererDir), resolve(appRoot(), CONFIG_DEFAULTS.rendererDir)];
  return candidates.find((dir) => existsSync(dir));
}

/**
 * Reads the configuration from the environment. Creates DATA_DIR, and DATA_DIR/secrets.json when the
 * token secret has to be generated. Throws ConfigError naming the variable when a value is invalid.
 */
export function loadConfig(env: Env = process.env): AppConfig {
  const dataDir = resolve(value(env, 'DATA_DIR') ?? CONFIG_DEFAULTS.dataDir);
  const trustProxy = boolean(env, 'TRUST_PROXY', false);
  // Checked only: lib/password.ts reads it when it hashes (the test suites lower it).
  integer(env, 'PASSWORD_HASH_COST', 15, 10, 20);
  const dbUrl = databaseUrl(env);
  const config: Omit<AppConfig, 'accessTokenSecret' | 'dataEncryptionKey'> = {
    port: integer(env, 'PORT', CONFIG_DEFAULTS.port, 0, 65535),
    host: value(env, 'HOST') ?? CONFIG_DEFAULTS.host,
    dataDir,
    databaseUrl: dbUrl,
    embeddedPgPort: integer(env, 'EMBEDDED_PG_PORT', CONFIG_DEFAULTS.embeddedPgPort, 1, 65535),
    accessTokenTtl: integer(env, 'ACCESS_TOKEN_TTL', CONFIG_DEFAULTS.accessTokenTtl, 1, 31_536_000),
    refreshTokenTtl: integer(env, 'REFRESH_TOKEN_TTL', CONFIG_DEFAULTS.refreshTokenTtl, 1, 31_536_000),
    initialAdminPassword: value(env, 'INITIAL_ADMIN_PASSWORD'),
    corsOrigins: corsOrigins(env),
    rendererDir: rendererDir(env),
    version: pkg.version,
    trustProxy,
    preparedStatements: boolean(env, 'PG_PREPARED_STATEMENTS', true),
    uploadMaxBytes: integer(env, 'UPLOAD_MAX_MB', DEFAULT_UPLOAD_MAX_BYTES / 1024 / 1024, 1, 1024) * 1024 * 1024,
    updatesDir: resolve(value(env, 'UPDATES_DIR') ?? join(dataDir, 'updates')),
    minClientVersion: minClientVersion(env),
    alertIntervalSeconds: integer(env, 'ALERT_INTERVAL_SECONDS', CONFIG_DEFAULTS.alertIntervalSeconds, 0, 86_400),
    qrPageRateLimit: integer(env, 'QR_PAGE_RATE_LIMIT', CONFIG_DEFAULTS.qrPageRateLimit, 0, 1_000_000),
    qrPageCacheSeconds: integer(env, 'QR_PAGE_CACHE_SECONDS', CONFIG_DEFAULTS.qrPageCacheSeconds, 0, 300),
    workers: integer(env, 'WORKERS', 1, 1, 64),
    fileStorage: fileStorage(env, dataDir),
    requestTimeoutSeconds: integer(env, 'REQUEST_TIMEOUT_SECONDS', CONFIG_DEFAULTS.requestTimeoutSeconds, 5, 3600),
    maxConnectionsPerAddress: integer(env, 'MAX_CONNECTIONS_PER_ADDRESS', trustProxy ? 0 : CONFIG_DEFAULTS.maxConnectionsPerAddress, 0, 100_000),
    backup: backup(env, dataDir, dbUrl),
  };
  // Last, so an invalid value elsewhere fails before anything is written to DATA_DIR.
  return { ...config, accessTokenSecret: accessTokenSecret(env, dataDir), dataEncryptionKey: dataEncryptionKey(env, dataDir) };
}
