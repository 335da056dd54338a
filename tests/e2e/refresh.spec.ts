import { expect, test, type Page } from '@playwright/test';
import { ADMIN, signIn } from './helpers';

/** Rewrites the stored session token (kept in sessionStorage under TOKEN) in the page. */
async function tamperToken(page: Page, change: 'expire' | 'invalidate'): Promise<void> {
  await page.evaluate((mode) => {
    const raw = sessionStorage.getItem('TOKEN');
    if (!raw) throw new Error('no TOKEN in sessionStorage');
    const value = JSON.parse(raw);
    if (mode === 'expire') value.expiresAt = Date.now() - 1000;
    else value.token = `${value.token}x`;
    sessionStorage.setItem('TOKEN', JSON.stringify(value));
  }, change);
}

for (const mode of ['expire', 'invalidate'] as const) {
  test(`an access token the ${mode === 'expire' ? 'client' : 'server'} finds expired is refreshed without the user noticing`, async ({ page }) => {
    await signIn(page, ADMIN.username, ADMIN.password);
    await tamperToken(page, mode);

    const refreshes: number[] = [];
    page.on('response', (res) => {
      if (res.url().includes('/api/user/refreshToken')) refreshes.push(res.status());
    });
    await page.getByRole('navigation').getByText('系统设置').click();
    await page.getByRole('navigation').getByText('用户管理').click();
    await expect(page.getByRole('gridcell', { name: 'admin', exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/Setting\/user/);
    expect(refreshes).toEqual([200]);
  });
}
