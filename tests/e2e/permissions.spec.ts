import { expect, test } from '@playwright/test';
import { ADMIN, api, apiLogin, signIn } from './helpers';

const VIEWER = { username: 'viewer', password: 'Look-only@2468' };

test('a user lacking a permission does not see the button and the API refuses the call', async ({ page, request }) => {
  const adminToken = await apiLogin(request, ADMIN.username, ADMIN.password);
  // A role that may open the user list but not reset passwords.
  const role = await api(request, 'POST', '/role/saveRole', {
    token: adminToken,
    data: { roleName: '用户查看员', roleCode: 'viewer', menuNos: ['home', 'setting', 'setting.user'], buttonKeys: ['home:view', 'user:view'] },
  });
  expect(role.body.code, role.body.msg).toBe(0);
  const roles = await api<Array<{ id: number; roleCode: string }>>(request, 'POST', '/role/list', { token: adminToken, data: {} });
  const roleId = roles.body.data.find((r) => r.roleCode === 'viewer')!.id;
  const user = await api(request, 'POST', '/user/save', {
    token: adminToken,
    data: { username: VIEWER.username, name: '查看员', password: VIEWER.password, roleIds: [roleId], mustChangePassword: false },
  });
  expect(user.body.code, user.body.msg).toBe(0);

  // The admin sees the button on the user list…
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto('/Setting/user');
  await expect(page.getByRole('button', { name: '重置密码' }).first()).toBeVisible();
  await page.getByRole('button', { name: '用户菜单' }).click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();

  // …the viewer sees the list but not the button.
  await signIn(page, VIEWER.username, VIEWER.password);
  await page.goto('/Setting/user');
  await expect(page.getByRole('gridcell', { name: 'viewer', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: '重置密码' })).toHaveCount(0);

  // The API refuses the viewer's call and the admin's password is unchanged.
  const viewerToken = await apiLogin(request, VIEWER.username, VIEWER.password);
  const refused = await api(request, 'POST', '/home/adminResetPassWd/1', { token: viewerToken, data: { newPassword: 'Hijacked@123' } });
  expect(refused.status).toBe(403);
  expect(refused.body.code).toBe(403);
  expect(await apiLogin(request, ADMIN.username, ADMIN.password)).toBeTruthy();
});

test('a permission taken away mid-shift: the station shows the refusal where the operator looks and stays open', async ({ page, request }) => {
  const adminToken = await apiLogin(request, ADMIN.username, ADMIN.password);
  const picker = { username: 'picker', password: 'Pick-only@1357' };
  const tree = { roleName: '领瓶员', roleCode: 'picker', menuNos: ['home', 'produce', 'produce.produce'], buttonKeys: ['home:view', 'produce:view', 'produce:picking'] };
  expect((await api(request, 'POST', '/role/saveRole', { token: adminToken, data: tree })).body.code).toBe(0);
  const roles = await api<Array<{ id: number; roleCode: string }>>(request, 'POST', '/role/list', { token: adminToken, data: {} });
  const roleId = roles.body.data.find((r) => r.roleCode === 'picker')!.id;
  const user = await api(request, 'POST', '/user/save', {
    token: adminToken, data: { username: picker.username, name: '领瓶员', password: picker.password, roleIds: [roleId], mustChangePassword: false },
  });
  expect(user.body.code, user.body.msg).toBe(0);

  await signIn(page, picker.username, picker.password);
  await page.goto('/produce/produce');
  const scanField = page.getByPlaceholder('请扫描气瓶条码');
  await expect(scanField).toBeFocused();

  // Meanwhile the administrator takes 领瓶 away from the role.
  const edited = await api(request, 'POST', '/role/editRole', {
    token: adminToken, data: { id: roleId, ...tree, buttonKeys: ['home:view', 'produce:view'] },
  });
  expect(edited.body.code, edited.body.msg).toBe(0);

  await scanField.fill('PERM0001');
  await scanField.press('Enter');
  await expect(page.getByTestId('verdict-title')).toHaveText('没有权限：领瓶（充装管理）');
  await expect(page).toHaveURL(/\/produce\/produce$/);
  await expect(scanField).toBeVisible();
});
