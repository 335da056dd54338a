import { expect, test } from '@playwright/test';
import { ADMIN, signIn } from './helpers';

test('admin signs in, sees the menu, opens two screens as tabs, reload keeps the session, signs out', async ({ page }) => {
  await signIn(page, ADMIN.username, ADMIN.password);
  await expect(page.getByText('管理员').first()).toBeVisible();

  // The menu comes from the server: the settings group holds the user screen.
  const nav = page.getByRole('navigation');
  await nav.getByText('系统设置').click();
  await nav.getByText('用户管理').click();
  await expect(page).toHaveURL(/\/Setting\/user/);
  await expect(page.getByRole('grid')).toBeVisible();
  await expect(page.getByRole('gridcell', { name: 'admin', exact: true })).toBeVisible();

  // Two tabs: 首页 and 用户管理; switching back works.
  const tabs = page.getByRole('tablist', { name: '已打开页面' });
  await expect(tabs.getByRole('tab', { name: '首页' })).toBeVisible();
  await expect(tabs.getByRole('tab', { name: '用户管理' })).toBeVisible();
  await tabs.getByRole('tab', { name: '首页' }).click();
  await expect(page).toHaveURL(/\/main\/home/);

  // Reload keeps the session and the open tabs.
  await page.reload();
  await expect(page).toHaveURL(/\/main\/home/);
  await expect(tabs.getByRole('tab', { name: '用户管理' })).toBeVisible();

  // Sign out: back to login, and a protected page now sends us to login.
  await page.getByRole('button', { name: '用户菜单' }).click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto('/Setting/user');
  await expect(page).toHaveURL(/\/login/);
});

test('a half-filled 新增 dialog stays with its tab, beside the tabs; closing the tab asks first', async ({ page }) => {
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto('/product/materialMng');
  await page.getByRole('button', { name: '新增', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('介质名称').fill('半填的介质');

  // The dialog covers its screen only: the open tabs above it stay usable.
  const tabs = page.getByRole('tablist', { name: '已打开页面' });
  const tabsBox = (await tabs.boundingBox())!;
  expect((await dialog.boundingBox())!.y).toBeGreaterThanOrEqual(tabsBox.y + tabsBox.height);
  await tabs.getByRole('tab', { name: '首页' }).click();
  await expect(page).toHaveURL(/\/main\/home/);
  await expect(dialog).toBeHidden();
  await tabs.getByRole('tab', { name: '介质管理' }).click();
  await expect(dialog.getByLabel('介质名称')).toHaveValue('半填的介质');

  await tabs.getByRole('button', { name: '关闭 介质管理' }).click();
  const ask = page.getByRole('dialog', { name: '确认关闭' });
  await expect(ask).toContainText('该页面有未保存的修改，确定关闭吗？');
  await ask.getByRole('button', { name: '确定' }).click();
  await expect(tabs.getByRole('tab', { name: '介质管理' })).toHaveCount(0);
  await expect(page).toHaveURL(/\/main\/home/);
});

test('a wrong password shows the error and stays on login', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('用户名').fill('admin');
  await page.getByLabel('密码').fill('not-the-password');
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page.getByText(/用户名或密码错误/)).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('unknown paths show the 404 page', async ({ page }) => {
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto('/no/such/screen');
  await expect(page).toHaveURL(/\/404/);
});
