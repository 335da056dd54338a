import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackupStatus } from '../../src/shared/api/backup';
import { verifyAndReport } from '../../src/server/modules/backup';
import { buildTestApp, type TestApp } from './app-helper';

// 数据备份's status and the message a failed verification sends, on a backup folder the test lays out.
let t: TestApp;
let token: string;
let dir: string;

function layBackup(id: string, verification?: object): void {
  const root = join(dir, 'base', id);
  mkdirSync(join(root, 'data'), { recursive: true });
  writeFileSync(join(root, 'data', 'PG_VERSION'), '17\n');
  // The manifest remembers 4 bytes: the file on disk (3) is truncated.
  writeFileSync(join(root, 'manifest.json'), JSON.stringify({ files: [{ path: 'PG_VERSION', size: 4, sha256: 'x' }] }));
  writeFileSync(join(root, 'backup.json'), JSON.stringify({
    id, startedAt: '2026-11-26T18:00:00.000Z', finishedAt: '2026-11-26T18:00:05.000Z', durationMs: 5000,
    startWalFile: '000000010000000000000002', stopLsn: '0/2000100', sizeBytes: 3, newestTrace: null, ...(verification ? { verification } : {}),
  }));
}

beforeAll(async () => {
  dir = mkdtempSync(resolve('.tmp', 'backup-status-'));
  t = await buildTestApp({
    config: {
      backup: { dir, hour: 2, keepDaily: 7, keepWeekly: 4, keepMonthly: 12, archiveTimeoutSeconds: 60, lagAlertMinutes: 30, verifyTimeoutSeconds: 60 },
    },
  });
  token = (await t.login()).token;
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const status = async () => (await t.call<BackupStatus>('GET', '/api/backup/status', { token })).body;

describe('数据备份', () => {
  it('shows the last base backup and its verification', async () => {
    layBackup('20261126-180000-000Z', { at: '2026-11-26T18:01:00.000Z', ok: true, durationMs: 40_000 });
    const s = await status();
    expect(s.code).toBe(0);
    expect(s.data).toMatchObject({
      mode: 'embedded', dir, backupCount: 1,
      lastBackup: { id: '20261126-180000-000Z', finishedAt: '2026-11-26T18:00:05.000Z', sizeBytes: 3 },
      lastVerification: { backupId: '20261126-180000-000Z', ok: true, error: null },
      lastVerifiedRestore: { backupId: '20261126-180000-000Z', at: '2026-11-26T18:01:00.000Z' },
    });
    expect(typeof s.data.archive.mode).toBe('string');
  });

  it('a corrupted backup fails verification and tells the administrators once in 消息中心', async () => {
    layBackup('20261127-180000-000Z');
    const deps = { db: t.db, config: t.config, log: () => {} };
    expect(await verifyAndReport(deps, '20261127-180000-000Z')).toBe(false);
    expect(await verifyAndReport(deps, '20261127-180000-000Z')).toBe(false);
    const s = await status();
    expect(s.data.lastVerification).toMatchObject({ backupId: '20261127-180000-000Z', ok: false, error: '备份文件大小不符：PG_VERSION' });
    expect(s.data.lastError).toContain('恢复验证失败');
    // The healthy, older one stays the last verified restore; nothing was pruned.
    expect(s.data.lastVerifiedRestore?.backupId).toBe('20261126-180000-000Z');
    expect(s.data.backupCount).toBe(2);
    const messages = await t.db.selectFrom('messages').selectAll().where('kind', '=', 'backup').execute();
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ title: '数据备份异常', link: '/Setting/Backup' });
    expect(messages[0]!.content).toContain('备份文件大小不符');
  });

  it('立即备份 is refused with an external database', async () => {
    const ext = await buildTestApp({ config: { databaseUrl: 'postgres://dba@db/plant' } });
    try {
      const admin = (await ext.login()).token;
      const run = await ext.call('POST', '/api/backup/run', { token: admin });
      expect(run.body).toMatchObject({ code: -1, msg: expect.stringContaining('数据库管理员') });
      const s = await ext.call<BackupStatus>('GET', '/api/backup/status', { token: admin });
      expect(s.body.data).toMatchObject({ mode: 'external', lastBackup: null });
    } finally {
      await ext.close();
    }
  });
});
