import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { ADMIN, api, apiLogin, signIn } from './helpers';

/** Saved by LibreOffice (tests/fixtures/xlsx/README.md): fifty cylinders of N2 and CO2 in KP01, some owned by KH0001. */
const VALID_SHEET = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'xlsx', 'products-valid.xlsx');

/** 保存 stays loading for a second after a click; wait for the dialog to go. */
async function save(dialog: Locator): Promise<void> {
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toBeHidden();
}

async function choose(page: Page, scope: Locator, label: RegExp, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const tab = (page: Page, name: string, count: number) => page.getByRole('tab', { name: `${name} (${count})`, exact: true });

test('master data: a gas, ten cylinders by range, filter, fifty imported, export, scrap with the tab counts following', async ({ page, request }) => {
  // What the fixture refers to besides N2: gas CO2, warehouse KP01, customer KH0001 (their screens are tested elsewhere).
  const token = await apiLogin(request, ADMIN.username, ADMIN.password);
  for (const [path, data] of [
    ['/material/save', { materialName: '二氧化碳', code: 'CO2', category: 'liquefied', targetNetWeight: 30, weightTolerance: 0.5, status: 1 }],
    ['/wdwarehouse/saveAndEditWare', { warehouseName: '空瓶库', warehouseCode: 'KP01', kind: 'empty' }],
    ['/enterprise/save', { type: '2', enterpriseName: '华东化工有限公司', enterpriseCode: 'KH0001' }],
  ] as const) {
    const { body } = await api(request, 'POST', path, { token, data });
    expect(body.code, `${path}: ${body.msg}`).toBe(0);
  }

  await signIn(page, ADMIN.username, ADMIN.password);

  // The gas N2 through 介质管理.
  await page.goto('/product/materialMng');
  await page.getByRole('button', { name: '新增', exact: true }).click();
  const gasDialog = page.getByRole('dialog');
  await gasDialog.getByLabel('介质名称').fill('氮气');
  await gasDialog.getByLabel('介质编码').fill('N2');
  await choose(page, gasDialog, /介质类别/, '压缩气体');
  await save(gasDialog);
  await expect(page.getByRole('gridcell', { name: 'N2', exact: true })).toBeVisible();

  // Ten cylinders by code range on 气瓶档案.
  await page.goto('/product/product');
  await expect(tab(page, '全部', 0)).toBeVisible();
  await page.getByRole('button', { name: '新增', exact: true }).click();
  const addDialog = page.getByRole('dialog');
  await addDialog.getByRole('radio', { name: '按号段批量' }).check();
  await addDialog.getByLabel('编码前缀').fill('E2E');
  await addDialog.getByLabel('起始号').fill('1');
  await addDialog.getByLabel('结束号').fill('10');
  await addDialog.getByLabel('补零位数').fill('4');
  await choose(page, addDialog, /^介质/, '氮气');
  await choose(page, addDialog, /^仓库/, '空瓶库');
  await addDialog.getByLabel('规格型号').fill('40L');
  await save(addDialog);
  await expect(page.getByText('已登记 10 个气瓶')).toBeVisible();
  await expect(tab(page, '在库', 10)).toBeVisible();

  // Filter by the code prefix: those ten.
  await page.getByLabel('气瓶编码').fill('E2E');
  await page.getByRole('button', { name: '查询' }).click();
  await expect(page.getByText('共 10 条')).toBeVisible();
  await expect(page.getByRole('gridcell', { name: 'E2E0010', exact: true })).toBeVisible();

  // Fifty from the LibreOffice sheet.
  await page.getByRole('button', { name: '导入', exact: true }).click();
  const importDialog = page.getByRole('dialog');
  await importDialog.getByTestId('import-input').setInputFiles(VALID_SHEET);
  await importDialog.getByRole('button', { name: '导入', exact: true }).click();
  await expect(importDialog).toBeHidden();
  await expect(page.getByText('已导入 50 个气瓶')).toBeVisible();
  await expect(tab(page, '全部', 60)).toBeVisible();
  await expect(page.getByText('共 10 条')).toBeVisible();

  // Export the filtered list: the ten E2E cylinders and nothing else.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出', exact: true }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('气瓶档案.xlsx');
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await download.path());
  const sheet = book.worksheets[0]!;
  const codes: string[] = [];
  sheet.eachRow((row, n) => void (n > 1 && codes.push(String(row.getCell(1).value))));
  expect(sheet.getRow(1).getCell(1).value).toBe('气瓶编码');
  expect(codes.sort()).toEqual(Array.from({ length: 10 }, (_, i) => `E2E${String(i + 1).padStart(4, '0')}`));

  // Scrap one: 库存 −1, 报废 +1.
  const stock = Number(/\((\d+)\)/.exec((await page.getByRole('tab', { name: /^在库/ }).textContent())!)![1]);
  await expect(tab(page, '报废', 0)).toBeVisible();
  await page.getByRole('row').filter({ hasText: 'E2E0001' }).getByRole('button', { name: '报废' }).click();
  const scrapDialog = page.getByRole('dialog');
  await scrapDialog.getByLabel('报废原因').fill('瓶体严重腐蚀');
  await save(scrapDialog);
  await expect(tab(page, '在库', stock - 1)).toBeVisible();
  await expect(tab(page, '报废', 1)).toBeVisible();
  await page.getByRole('tab', { name: '报废 (1)' }).click();
  await expect(page.getByText('共 1 条')).toBeVisible();
  await expect(page.getByRole('gridcell', { name: 'E2E0001', exact: true })).toBeVisible();
});
