import { expect, test } from '@playwright/test';
import { ADMIN, api, apiLogin, signIn } from './helpers';

/**
 * An alert the server raises by itself reaches the person: a cylinder whose periodic inspection is overdue
 * is announced by the alert job (every 2 s on the e2e server), the top bar's bell shows it within one poll,
 * and the message opens the cylinder.
 */
const RUN = Date.now().toString(36).toUpperCase();
const CODE = `MSG${RUN}`;

const ok = (r: { body: { code: number; msg: string } }) => expect(r.body.code, r.body.msg).toBe(0);

test('an overdue cylinder raises a message that the bell shows and that links to the cylinder', async ({ page, request }) => {
  const token = await apiLogin(request, ADMIN.username, ADMIN.password);
  ok(await api(request, 'POST', '/message/readAll', { token }));
  await signIn(page, ADMIN.username, ADMIN.password);
  const bell = page.getByTestId('message-badge');
  await expect(bell).toBeVisible();

  const gas = await api<{ id: number }>(request, 'POST', '/material/save', { token, data: { materialName: `提醒气${RUN}`, code: `AL${RUN}`, category: 'compressed' } });
  ok(gas);
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  ok(await api(request, 'POST', '/product/addProduct', {
    token, data: { code: CODE, materialId: gas.body.data.id, manufactureDate: '2020-01-01', nextInspectionDate: yesterday },
  }));

  // The job runs within 2 s; the bell asks every 10 s.
  await expect(bell).toHaveAccessibleName(/未读消息 [1-9]\d* 条/, { timeout: 15_000 });
  await bell.click();
  await expect(page).toHaveURL(/\/main\/message$/);
  await page.getByRole('button', { name: '气瓶定期检验已超期' }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('message-content')).toContainText(`气瓶 ${CODE}`);
  await dialog.getByRole('button', { name: '前往' }).click();
  await expect(page).toHaveURL(new RegExp(`/product/product\\?code=${CODE}$`));
  await expect(page.getByRole('gridcell', { name: CODE, exact: true })).toBeVisible();
});
