import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import JSZip from 'jszip';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, apiLogin, caller, signIn } from './helpers';

/**
 * The documents the plant hands out, in the browser: 质量证明书 of a completed outbound order printed by the
 * server (the default template through LibreOffice) into the 1174 px preview drawer, downloaded as a PDF
 * whose text holds the customer and every cylinder; then a template uploaded on 报表模板 as the new default
 * and the order printed again with its text.
 */
const RUN = Date.now().toString(36).toUpperCase();
const CUSTOMER = `证书客户${RUN}`;
const CODES = [1, 2].map((i) => `DOC${RUN}-${i}`);
const MARK = `本厂自定证书${RUN}`;
let orderNo = '';

test.beforeAll(async ({ request }) => {
  const token = await apiLogin(request, ADMIN.username, ADMIN.password);
  const call = caller(request, token);
  const gas = await call<{ id: number }>('/material/save', { materialName: `氧气${RUN}`, code: `O2${RUN}`, category: 'compressed', reweighRequired: false });
  await call('/produce/saveTestProject', { materialId: gas.id, projects: [{ projectName: '纯度', standardMin: 99.5, unit: '%', required: true }] });
  const store = await call<{ id: number }>('/wdwarehouse/saveAndEditWare', { warehouseName: `成品库${RUN}`, warehouseCode: `DF${RUN}`, kind: 'finished' });
  const customer = await call<{ id: number }>('/enterprise/save', { type: '2', enterpriseName: CUSTOMER, enterpriseCode: `DC${RUN}` });
  const next = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
  for (const code of CODES) {
    await call('/product/addProduct', { code, materialId: gas.id, specification: '40L', manufactureDate: '2025-06-01', nextInspectionDate: next, tareWeight: 50 });
    await call('/produce/addPicking', { code });
    await call('/produce/filling', { code, materialId: gas.id, lotNo: `L${RUN}`, filledPressure: 15 });
    const preview = await call<{ projects: Array<{ id: number }> }>('/produce/testScan', { code });
    await call('/produce/testResult', { code, items: [{ projectId: preview.projects[0]!.id, value: 99.8 }] });
    await call('/storageOrder/inStock', { type: 'productRK', warehouseId: store.id, code });
  }
  const order = await call<{ id: number; orderNo: string }>('/storageOrder/outStock', {
    type: 'productCK', customerId: customer.id, lines: [{ materialId: gas.id, quantity: 2 }],
  });
  orderNo = order.orderNo;
  for (const code of CODES) await call('/storageOrder/scanOutStock', { orderId: order.id, code });
  await call('/storageOrder/outStock', { id: order.id, complete: true });
});

/** A Word document of one paragraph: the plant's own certificate with the order's placeholders. */
async function makeDocx(text: string): Promise<Buffer> {
  const zip = new JSZip();
  zip.file('[Content_Types].xml', '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
    + '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
    + '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
    + '<Default Extension="xml" ContentType="application/xml"/>'
    + '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>'
    + '</Types>');
  zip.file('_rels/.rels', '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
    + '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
    + '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>'
    + '</Relationships>');
  const paragraph = (t: string) => `<w:p><w:r><w:t xml:space="preserve">${t}</w:t></w:r></w:p>`;
  zip.file('word/document.xml', '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
    + '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>'
    + paragraph(text) + paragraph('客户：{customer.name}') + paragraph('{#cylinders}{code} {/cylinders}')
    + '</w:body></w:document>');
  return zip.generateAsync({ type: 'nodebuffer' });
}

/** Opens the order on 出库管理 and prints its 质量证明书 into the preview drawer. */
async function printCertificate(page: Page) {
  await page.goto('/storage/outbound');
  const row = page.getByRole('row').filter({ hasText: orderNo });
  await row.getByRole('button', { name: '详情' }).click();
  await expect(page.getByTestId('out-order-no')).toHaveText(orderNo);
  await page.getByRole('button', { name: '打印', exact: true }).click();
  await page.getByRole('menuitem', { name: '质量证明书' }).click();
  const drawer = page.getByRole('dialog', { name: `质量证明书 ${orderNo}` });
  await expect(drawer.getByTestId('document-pdf')).toBeVisible({ timeout: 60_000 });
  return drawer;
}

/**
 * Downloads the PDF from the drawer and answers its text (pdftotext, in reading order) without white space:
 * pdftotext puts a space between Chinese and Latin text, and a long code wraps inside its table cell.
 */
async function pdfText(page: Page, drawer: ReturnType<Page['getByRole']>): Promise<string> {
  const downloading = page.waitForEvent('download');
  await drawer.getByRole('button', { name: '下载 PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const file = test.info().outputPath(`${Date.now()}.pdf`);
  await download.saveAs(file);
  return execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, '');
}

test('质量证明书 of a completed outbound order opens in the preview drawer and downloads as its PDF', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, ADMIN.username, ADMIN.password);
  const drawer = await printCertificate(page);
  expect((await drawer.boundingBox())!.width).toBe(1174);
  const text = await pdfText(page, drawer);
  expect(text).toContain(CUSTOMER);
  for (const code of CODES) expect(text).toContain(code);
  await drawer.getByRole('button', { name: '关闭' }).click();
  await expect(drawer).toBeHidden();
  // The order's print record names the document, with who printed it.
  await page.getByRole('tab', { name: '打印记录' }).click();
  const record = page.getByRole('table', { name: '打印记录' }).getByRole('row').filter({ hasText: '质量证明书' });
  await expect(record).toContainText('管理员');
});

test('a template uploaded on 报表模板 as the default replaces the shipped one when the order is printed again', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto('/Setting/Report');
  await page.getByRole('button', { name: '上传模板' }).click();
  const dialog = page.getByRole('dialog', { name: '上传报表模板' });
  await dialog.getByLabel('模板名称').fill(`本厂证书${RUN}`);
  await dialog.getByRole('switch', { name: '设为该报表的默认模板' }).check();
  const file = test.info().outputPath('本厂证书.docx');
  writeFileSync(file, await makeDocx(MARK));
  await dialog.getByLabel('模板文件').setInputFiles(file);
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: `本厂证书${RUN}` })).toContainText('✓');

  const drawer = await printCertificate(page);
  const text = await pdfText(page, drawer);
  expect(text).toContain(MARK);
  expect(text).toContain(CUSTOMER);
  for (const code of CODES) expect(text).toContain(code);
});
