import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADMIN, api, apiLogin, signIn } from './helpers';

/** Saved by LibreOffice (tests/fixtures/xlsx/README.md): four customers and two suppliers. */
const ENTERPRISES = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'xlsx', 'enterprises.xlsx');

async function choose(page: Page, scope: Locator | Page, label: RegExp, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('warehouse: created on 仓库管理; deleting it while it holds a cylinder shows how many', async ({ page, request }) => {
  const token = await apiLogin(request, ADMIN.username, ADMIN.password);
  const gas = await api<{ id: number }>(request, 'POST', '/material/save', { token, data: { materialName: '氩气', code: 'AR', category: 'compressed' } });
  expect(gas.body.code, gas.body.msg).toBe(0);
  await signIn(page, ADMIN.username, ADMIN.password);

  await page.goto('/storage/warehouse');
  await page.getByRole('button', { name: '新增', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('仓库名称').fill('二号成品库');
  await dialog.getByLabel('仓库编码').fill('CP02');
  await choose(page, dialog, /仓库类型/, '成品库');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('gridcell', { name: 'CP02', exact: true })).toBeVisible();

  const list = await api<{ id: number; warehouseCode: string }[]>(request, 'GET', '/wdwarehouse/getWareList', { token });
  const warehouseId = list.body.data.find((w) => w.warehouseCode === 'CP02')!.id;
  const added = await api(request, 'POST', '/product/addProduct', { token, data: { code: 'WH-E2E-1', materialId: gas.body.data.id, warehouseId } });
  expect(added.body.code, added.body.msg).toBe(0);

  // Other specs share this server and may have made warehouses too: act on this one's row.
  const row = page.getByRole('row').filter({ has: page.getByRole('gridcell', { name: 'CP02', exact: true }) });
  await row.getByRole('button', { name: '删除', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('仓库 二号成品库 中还有 1 个气瓶，不能删除')).toBeVisible();
  await expect(page.getByRole('gridcell', { name: 'CP02', exact: true })).toBeVisible();
});

test('customers and suppliers: import the LibreOffice sheet, a second import is refused row by row, a new customer with its district', async ({ page }) => {
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto('/Setting/ComeEnterprise');
  // The sheet is checked as soon as it is chosen (nothing imported yet), then 导入 confirms.
  await page.getByRole('button', { name: '导入', exact: true }).click();
  let dialog = page.getByRole('dialog', { name: '导入客户与供应商' });
  await dialog.getByTestId('import-input').setInputFiles(ENTERPRISES);
  await expect(dialog.getByText('检查通过：共 6 行')).toBeVisible();
  await dialog.getByRole('button', { name: '导入', exact: true }).click();
  await expect(page.getByText('成功导入 6 条')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('gridcell', { name: '北京朝阳医院' })).toBeVisible();
  await page.getByRole('tab', { name: '供应商', exact: true }).click();
  await expect(page.getByRole('gridcell', { name: '浙江省 杭州市 西湖区' })).toBeVisible();

  // The same sheet again: every row is a duplicate, listed row by row, and nothing is imported.
  await page.getByRole('button', { name: '导入', exact: true }).click();
  dialog = page.getByRole('dialog', { name: '导入客户与供应商' });
  await dialog.getByTestId('import-input').setInputFiles(ENTERPRISES);
  const report = dialog.getByRole('alert', { name: '导入检查结果' });
  await expect(report).toContainText('导入失败，未导入任何数据：共 6 行，其中 6 行有误');
  await expect(report).toContainText(/第 2 行/);
  await dialog.getByRole('button', { name: '取消' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('tab', { name: '客户', exact: true }).click();
  await page.getByRole('button', { name: '新增', exact: true }).click();
  await expect(page).toHaveURL(/\/Setting\/addEnter\?type=2/);
  // The list stays on screen while the form's code loads: wait for the form before typing.
  await expect(page.getByText('新增客户/供应商')).toBeVisible();
  // By role: the list's filter fields of the same names stay (hidden) in its open tab.
  await page.getByRole('textbox', { name: '企业名称' }).fill('宁波焊材有限公司');
  await page.getByRole('textbox', { name: '企业编码' }).fill('KH0200');
  await choose(page, page, /^省/, '浙江省');
  await choose(page, page, /^市/, '宁波市');
  await choose(page, page, /^区\/县/, '鄞州区');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page).toHaveURL(/\/Setting\/ComeEnterprise\?type=2$/); // back on the tab of what was saved
  await expect(page.getByRole('gridcell', { name: '浙江省 宁波市 鄞州区' })).toBeVisible();
});

test('inspection items: saved for a gas and shown again after a reload', async ({ page, request }) => {
  const token = await apiLogin(request, ADMIN.username, ADMIN.password);
  const gas = await api(request, 'POST', '/material/save', { token, data: { materialName: '氦气', code: 'HE', category: 'compressed' } });
  expect(gas.body.code, gas.body.msg).toBe(0);
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto('/product/productExam');
  await choose(page, page, /介质/, '氦气（HE）');
  await page.getByRole('button', { name: '新增', exact: true }).click();
  await page.getByRole('textbox', { name: '项目名称 1' }).fill('纯度');
  await page.getByRole('textbox', { name: '标准下限 1' }).fill('99.999');
  await page.getByRole('textbox', { name: '单位 1' }).fill('%');
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByText('保存成功')).toBeVisible();
  await page.reload();
  await choose(page, page, /介质/, '氦气（HE）');
  await expect(page.getByRole('textbox', { name: '项目名称 1' })).toHaveValue('纯度');
  await expect(page.getByRole('textbox', { name: '标准下限 1' })).toHaveValue('99.999');
});
