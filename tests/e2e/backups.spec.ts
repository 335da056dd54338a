import { expect, test } from '@playwright/test';
import { ADMIN, api, apiLogin, signIn } from './helpers';

/**
 * 数据备份 on the e2e server (embedded PostgreSQL, archiving on by default): after a base backup the test runs
 * (立即备份), the screen shows the backup and its verification by a restore into a scratch cluster.
 */
test('the backup screen shows the last base backup and its verification after a backup ran', async ({ page, request }) => {
  test.setTimeout(240_000);
  const token = await apiLogin(request, ADMIN.username, ADMIN.password);
  const before = await api<{ lastBackup: { id: string } | null }>(request, 'GET', '/backup/status', { token });
  expect(before.body.code).toBe(0);
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto('/Setting/Backup');
  await expect(page.getByText('内置数据库：服务器持续归档 WAL')).toBeVisible();
  // The first start's own backup may still be running: 立即备份 is enabled once it is done.
  const runNow = page.getByRole('button', { name: '立即备份' });
  await expect(runNow).toBeEnabled({ timeout: 180_000 });
  await runNow.click();
  // The new backup appears once copied, its verification once the scratch restore ended.
  await expect.poll(async () => {
    const s = await api<{ lastBackup: { id: string } | null; lastVerification: { backupId: string; ok: boolean } | null }>(request, 'GET', '/backup/status', { token });
    const id = s.body.data.lastBackup?.id;
    return id && id !== before.body.data.lastBackup?.id && s.body.data.lastVerification?.backupId === id ? s.body.data.lastVerification.ok : null;
  }, { timeout: 180_000, intervals: [1000] }).toBe(true);
  await expect(page.getByTestId('backup-last')).toContainText(/MB/);
  await expect(page.getByTestId('backup-verification')).toContainText('通过');
  await expect(page.getByText('最近归档的 WAL')).toBeVisible();
});
