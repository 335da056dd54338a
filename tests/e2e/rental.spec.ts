import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, apiLogin, caller, signIn, withPlantDb } from './helpers';

/**
 * 租赁结算 against the real server (issue 38): a customer's agreement and its version typed on 租赁协议 in yuan; two
 * cylinders shipped and one taken back through the API, their custody moved to known days of last month; on 月结对账单 the
 * month previewed and issued, the PDF's text holding each cylinder's days and the total, a credit note lowering what is
 * due, and a cylinder's return opening the trace at its event. Hand computation (2.00/day, 7 free days, deposit 100.00):
 * A1 held the 3rd–19th = 17 days, 10 charged = 20.00; A2 from the 25th to the month's end ≤ 7 days, all free; deposits
 * taken 200.00, refunded 100.00; total 120.00.
 */
const RUN = Date.now().toString(36).toUpperCase();
const CUSTOMER = `租赁客户${RUN}`;
const CODES = [`RA${RUN}-1`, `RA${RUN}-2`];
const now = new Date();
const last = new Date(now.getFullYear(), now.getMonth() - 1, 1);
const MONTH = `${last.getFullYear()}-${String(last.getMonth() + 1).padStart(2, '0')}`;
const DAYS_IN_MONTH = new Date(last.getFullYear(), last.getMonth() + 1, 0).getDate();
let customerId = 0;

test.beforeAll(async ({ request }) => {
  const token = await apiLogin(request, ADMIN.username, ADMIN.password);
  const call = caller(request, token);
  const gas = await call<{ id: number }>('/material/save', { materialName: `租赁氮气${RUN}`, code: `RN${RUN}`, category: 'compressed' });
  customerId = (await call<{ id: number }>('/enterprise/save', { type: '2', enterpriseName: CUSTOMER, enterpriseCode: `RC${RUN}` })).id;
  const next = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
  for (const code of CODES) {
    await call('/product/addProduct', { code, materialId: gas.id, specification: '40L', manufactureDate: '2025-06-01', nextInspectionDate: next, tareWeight: 50 });
  }
  // Filled, tested and stocked is not what this spec is about: the cylinders are put in stock (7) directly.
  await withPlantDb(async (db) => {
    await db.query('begin');
    await db.query(`select set_config('cylinder.transition', 'on', true)`);
    await db.query('update cylinders set status = 7 where code = any($1)', [CODES]);
    await db.query('commit');
  });
  const order = await call<{ id: number }>('/storageOrder/outStock', { type: 'productCK', customerId, lines: [{ materialId: gas.id, quantity: 2 }] });
  for (const code of CODES) await call('/storageOrder/scanOutStock', { orderId: order.id, code });
  await call('/storageOrder/outStock', { id: order.id, complete: true });
  await call('/storageOrder/scanHandel', { code: CODES[0], customerId, scanId: randomUUID() });
  // The custody the shipment and the recovery wrote, moved to known days of last month (plant time).
  await withPlantDb(async (db) => {
    const at = (day: number, hour: number) => `${MONTH}-${String(day).padStart(2, '0')} ${hour}:00:00`;
    await db.query(`update cylinder_custody set from_at = $2::timestamp, to_at = $3::timestamp
      where cylinder_id = (select id from cylinders where code = $1)`, [CODES[0], at(3, 10), at(20, 9)]);
    await db.query(`update cylinder_custody set from_at = $2::timestamp
      where cylinder_id = (select id from cylinders where code = $1)`, [CODES[1], at(25, 10)]);
  });
});

/** Clicks a dialog's button once it is free (保存 stays busy a second after a click). */
async function press(page: Page, dialog: string, button: string) {
  const b = page.getByRole('dialog', { name: dialog }).getByRole('button', { name: button });
  await expect(b).toBeEnabled();
  await b.click();
}
/** Types into a date or month picker's first section, found by its label inside a dialog. */
async function typeDate(page: Page, dialog: string, label: string, text: string) {
  await page.getByRole('dialog', { name: dialog }).getByRole('group', { name: label }).getByRole('spinbutton').first().click();
  await page.keyboard.type(text.replace(/-/g, ''));
}

test('an agreement typed in yuan, a month previewed, issued, printed and corrected by a note', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, ADMIN.username, ADMIN.password);

  await page.goto('/rental/agreement');
  await page.getByRole('button', { name: '新增' }).click();
  await page.getByRole('dialog', { name: '新增租赁协议' }).getByRole('combobox', { name: /客户/ }).click();
  await page.getByRole('option', { name: new RegExp(CUSTOMER) }).click();
  await page.getByRole('dialog', { name: '新增租赁协议' }).getByRole('textbox', { name: /协议名称/ }).fill(`协议${RUN}`);
  await press(page, '新增租赁协议', '保存');
  const row = page.getByRole('row').filter({ hasText: `协议${RUN}` });
  await row.getByRole('button', { name: '版本' }).click();
  await page.getByRole('button', { name: '新增版本' }).click();
  const version = `新增协议版本：协议${RUN}`;
  await typeDate(page, version, '生效日期', '2026-01-01');
  const lines = page.getByRole('dialog', { name: version });
  await lines.getByRole('textbox', { name: '单价（元） 1' }).fill('2');
  await lines.getByRole('textbox', { name: '免租天数 1' }).fill('7');
  await lines.getByRole('textbox', { name: '押金（元/瓶） 1' }).fill('100');
  await press(page, version, '保存');
  await expect(page.getByTestId('version-2026-01-01')).toContainText('2.00 元/瓶/天');
  await expect(page.getByTestId('version-2026-01-01')).toContainText('现行');

  await page.goto('/rental/statement');
  await page.getByRole('button', { name: '预览 / 出具' }).click();
  await page.getByRole('dialog', { name: '对账单预览' }).getByRole('combobox', { name: /客户/ }).click();
  await page.getByRole('option', { name: new RegExp(CUSTOMER) }).click();
  await typeDate(page, '对账单预览', '月份', MONTH);
  await press(page, '对账单预览', '预览');
  const preview = page.getByRole('dialog', { name: `对账单预览：${CUSTOMER} ${MONTH}` });
  const totals = preview.getByTestId('statement-totals');
  await expect(totals).toContainText('租金：20.00');
  await expect(totals).toContainText('收取押金：200.00');
  await expect(totals).toContainText('退还押金：100.00');
  await expect(totals).toContainText('本月合计：120.00');
  const a1 = preview.getByRole('row').filter({ hasText: CODES[0]! });
  await expect(a1).toContainText(`${MONTH}-03 10:00:00`);
  await expect(a1.getByRole('gridcell', { name: '17', exact: true })).toBeVisible();
  await expect(a1.getByRole('gridcell', { name: '20.00' })).toBeVisible();
  await expect(preview.getByRole('row').filter({ hasText: CODES[1]! }).getByRole('gridcell', { name: String(DAYS_IN_MONTH - 24), exact: true }).first()).toBeVisible();

  await preview.getByRole('button', { name: '出具' }).click();
  await press(page, '出具', '确定');
  const issued = page.getByRole('dialog', { name: /^月结对账单 DZ/ });
  await expect(issued).toBeVisible();
  const statementNo = (await issued.getByTestId('statement-no').textContent())!.replace(/^.*(DZ\d{6}-\d{4}).*$/, '$1');
  expect(statementNo).toMatch(/^DZ\d{6}-\d{4}$/);

  // The PDF: each cylinder's days and the total.
  const downloading = page.waitForEvent('download');
  await issued.getByRole('button', { name: '导出 PDF' }).click();
  const file = `${test.info().outputDir}/statement.pdf`;
  await (await downloading).saveAs(file);
  const text = execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, '');
  expect(text).toContain(statementNo);
  expect(text).toContain(CODES[0]!.replace(/\s+/g, ''));
  expect(text).toContain('120.00');

  // Issued once: a credit note lowers what is due.
  await issued.getByRole('button', { name: '开具调整单' }).click();
  const noteDialog = `开具调整单：${statementNo}`;
  await page.getByRole('dialog', { name: noteDialog }).getByRole('radio', { name: '贷项（减少应收）' }).check();
  await page.getByRole('dialog', { name: noteDialog }).getByRole('textbox', { name: /金额/ }).fill('12.50');
  await page.getByRole('dialog', { name: noteDialog }).getByRole('textbox', { name: /原因/ }).fill('多收一天');
  await press(page, noteDialog, '确定');
  await expect(issued.getByTestId('statement-totals')).toContainText('应收：107.50');

  // The return opens the trace at its event.
  await issued.getByRole('button', { name: `${MONTH}-20 09:00:00` }).click();
  await expect(page).toHaveURL(new RegExp(`/produce/traceability\\?code=${CODES[0]}&event=\\d+`));
  await expect(page.getByRole('region', { name: '气瓶档案' })).toContainText(CODES[0]!);
  await expect(page.locator('li[aria-current="true"]')).toHaveCount(1);
});
