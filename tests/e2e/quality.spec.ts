import ExcelJS from 'exceljs';
import { expect, test } from '@playwright/test';
import { ADMIN, apiLogin, caller, signIn } from './helpers';

/**
 * 质量中心 in the browser: the 客户质量 export read back with exceljs holds the totals the screen shows; a
 * recall of a lot lists the customer holding its shipped cylinders, with contact and outbound order.
 */
const RUN = Date.now().toString(36).toUpperCase();
const LOT = `QE${RUN}`;
const CUSTOMER = `召回客户${RUN}`;
const CODES = [1, 2, 3].map((i) => `QE${RUN}-${i}`);
let orderNo = '';


test.beforeAll(async ({ request }) => {
  const token = await apiLogin(request, ADMIN.username, ADMIN.password);
  const call = caller(request, token);
  const gas = await call<{ id: number }>('/material/save', { materialName: `氮气${RUN}`, code: `N2${RUN}`, category: 'compressed', reweighRequired: false });
  await call('/produce/saveTestProject', { materialId: gas.id, projects: [{ projectName: '纯度', standardMin: 99.9, unit: '%', required: true }] });
  const store = await call<{ id: number }>('/wdwarehouse/saveAndEditWare', { warehouseName: `成品库${RUN}`, warehouseCode: `QF${RUN}`, kind: 'finished' });
  const customer = await call<{ id: number }>('/enterprise/save', {
    type: '2', enterpriseName: CUSTOMER, enterpriseCode: `QC${RUN}`, contact: '王经理', phone: '13900001111',
  });
  const next = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
  for (const code of CODES) {
    await call('/product/addProduct', { code, materialId: gas.id, specification: '40L', manufactureDate: '2025-06-01', nextInspectionDate: next, tareWeight: 50 });
    await call('/produce/addPicking', { code });
    await call('/produce/filling', { code, materialId: gas.id, lotNo: LOT, filledPressure: 15 });
    const preview = await call<{ projects: Array<{ id: number }> }>('/produce/testScan', { code });
    const projectId = preview.projects[0]!.id;
    await call('/produce/testResult', { code, items: [{ projectId, value: 99.99 }] });
    await call('/storageOrder/inStock', { type: 'productRK', warehouseId: store.id, code });
  }
  const order = await call<{ id: number; orderNo: string }>('/storageOrder/outStock', {
    type: 'productCK', customerId: customer.id, lines: [{ materialId: gas.id, quantity: 2 }],
  });
  orderNo = order.orderNo;
  for (const code of CODES.slice(0, 2)) await call('/storageOrder/scanOutStock', { orderId: order.id, code });
  await call('/storageOrder/outStock', { id: order.id, complete: true });
});

test('客户质量: the export holds the totals the screen shows, under the filter line', async ({ page }) => {
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto('/quality/customer');
  const delivered = page.getByTestId('quality-delivered');
  await expect(delivered).not.toHaveText('0');
  const shown = { delivered: Number(await delivered.textContent()), recovered: Number(await page.getByTestId('quality-recovered').textContent()),
    customers: Number(await page.getByTestId('quality-customers').textContent()) };
  await expect(page.getByRole('grid').getByText(CODES[0]!)).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出', exact: true }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^客户质量_\d{8}\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await download.path());
  const rows = Array.from(book.worksheets[0]!.getSheetValues().slice(1), (r) => (Array.isArray(r) ? Array.from(r.slice(1)) : []));
  expect(String(rows[0]![0])).toMatch(/^筛选条件：期间 \d{4}-\d{2}-\d{2} 至 \d{4}-\d{2}-\d{2}；介质：全部；客户：全部；操作员：全部$/);
  const total = rows.findIndex((r) => r[0] === '合计');
  expect(rows[total + 2]).toEqual([shown.delivered, shown.recovered, shown.customers]);
  const byCustomer = rows.findIndex((r) => r[0] === '按客户');
  expect(rows.slice(byCustomer + 2).find((r) => r[0] === CUSTOMER)).toEqual([CUSTOMER, 2, 0]);
});

test('追溯召回 of a lot lists the customer holding its cylinders, with contact and outbound order', async ({ page }) => {
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto('/quality/recall');
  await page.getByLabel('充装批号').fill(LOT);
  await page.getByRole('button', { name: '召回查询' }).click();
  await expect(page.getByTestId('recall-cylinders')).toHaveText('3');
  const holders = page.getByRole('table', { name: '持有客户' });
  const row = holders.getByRole('row').filter({ hasText: CUSTOMER });
  await expect(row).toContainText('王经理');
  await expect(row).toContainText('13900001111');
  await expect(row.getByRole('cell').nth(3)).toHaveText('2');
  await expect(page.getByText('已出库：2')).toBeVisible();
  await expect(page.getByRole('grid').getByText(orderNo).first()).toBeVisible();
});
