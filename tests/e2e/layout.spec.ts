import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADMIN, api, apiLogin, signIn } from './helpers';

/**
 * The window the desktop shell enforces (1200×800 minimum) and a common laptop screen: every built
 * screen shows its buttons, row actions and pager inside the viewport, and a long table scrolls inside
 * itself (one scroll area), never the page.
 */
const VIEWPORTS = [
  { width: 1200, height: 800 },
  { width: 1366, height: 768 },
];

/** Screens with a server-paginated table: the row actions of the first row and the pager must be seen. */
const LIST_SCREENS = ['/Setting/user', '/product/product', '/product/detect', '/product/materialMng', '/storage/warehouse', '/Setting/ComeEnterprise',
  '/Setting/Log'];
/** The other built screens: no horizontal clipping of what they show. */
const OTHER_SCREENS = ['/main/home', '/Setting/machine', '/Setting/addEnter?type=2', '/product/productExam', '/produce/produce', '/produce/inspect', '/produce/traceability',
  '/storage/inbound', '/storage/outbound', '/storage/query', '/Setting/Role', '/Setting/MenuMng', '/Setting/framework', '/Setting/AddUser',
  '/Setting/enterpriseInfo', '/Setting/dictionary', '/Setting/SystemSetting', '/Setting/InterfaceLogSettings'];

const ROWS = 25;
/** Codes of this run: Playwright runs beforeAll again in a new worker after a failure. */
const RUN = Date.now().toString(36).toUpperCase();
/** The last customer made in beforeAll (the outbound order's). */
let customerId = 0;

test.beforeAll(async ({ request }) => {
  // Enough rows on every list that the first page is longer than the window.
  const token = await apiLogin(request, ADMIN.username, ADMIN.password);
  const ok = (r: { body: { code: number; msg: string } }) => expect(r.body.code, r.body.msg).toBe(0);
  const gas = await api<{ id: number }>(request, 'POST', '/material/save', { token, data: { materialName: `布局氮气${RUN}`, code: `L${RUN}-N2`, category: 'compressed' } });
  ok(gas);
  const store = await api<{ id: number }>(request, 'POST', '/wdwarehouse/saveAndEditWare', { token, data: { warehouseName: `布局仓${RUN}`, warehouseCode: `L${RUN}-W0`, kind: 'finished' } });
  ok(store);
  for (let i = 1; i <= ROWS; i++) {
    const n = String(i).padStart(2, '0');
    ok(await api(request, 'POST', '/material/save', { token, data: { materialName: `布局介质${RUN}${n}`, code: `L${RUN}-M${n}`, category: 'compressed' } }));
    ok(await api(request, 'POST', '/wdwarehouse/saveAndEditWare', { token, data: { warehouseName: `布局仓库${RUN}${n}`, warehouseCode: `L${RUN}-W${n}`, kind: 'finished' } }));
    const customer = await api<{ id: number }>(request, 'POST', '/enterprise/save', {
      token,
      data: { type: '2', enterpriseName: `布局客户有限责任公司${RUN}${n}`, enterpriseCode: `L${RUN}-C${n}`, contact: '张三', phone: '0571-88888888', address: '浙江省杭州市西湖区文三路 100 号' },
    });
    ok(customer);
    customerId = customer.body.data.id;
    ok(await api(request, 'POST', '/user/save', { token, data: { username: `layout${RUN}${n}`, name: `布局用户${n}`, password: 'Layout-Passw0rd', roleIds: [] } }));
  }
  ok(await api(request, 'POST', '/product/addProduct', {
    // Due within the 定期检验 screen's default 30 days, so that list is long too.
    token, data: { materialId: gas.body.data.id, warehouseId: store.body.data.id, manufactureDate: '2022-03-01', nextInspectionDate: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10), range: { prefix: `L${RUN}-`, start: 1, end: ROWS, steelStampPrefix: `GY${RUN}` } },
  }));
  // A stock-in and an outbound order with the longest customer name, for the order lists.
  ok(await api(request, 'POST', '/storageOrder/inStock', { token, data: { type: 'productRK', warehouseId: store.body.data.id, remark: '布局检查入库单' } }));
  ok(await api(request, 'POST', '/storageOrder/outStock', {
    token, data: { type: 'productCK', customerId, vehicle: '浙A12345', lines: [{ materialId: gas.body.data.id, quantity: 2 }] },
  }));
});

/** The first row's cell of a column shows its whole text: nothing cut off with an ellipsis. */
async function expectWhole(page: Page, field: string, what: string): Promise<void> {
  const cell = page.getByRole('grid').locator(`[role=row][data-rowindex="0"] [role=gridcell][data-field=${field}]`);
  await expect(cell, `${what}: no first row`).not.toBeEmpty();
  const size = await cell.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth, text: el.textContent }));
  expect(size.scrollWidth, `${what} "${size.text}" is cut off`).toBeLessThanOrEqual(size.clientWidth);
}

test('the order lists show the order number and times whole at 1200×800; the customer gives way', async ({ page }) => {
  await page.setViewportSize({ width: 1200, height: 800 });
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto('/storage/inbound');
  await page.getByRole('tab', { name: '入库单', exact: true }).click();
  for (const field of ['orderNo', 'createdAt']) await expectWhole(page, field, `入库单 ${field}`);
  await page.goto('/storage/outbound');
  for (const field of ['orderNo', 'createdAt']) await expectWhole(page, field, `出库单 ${field}`);
  await expectInside(page, page.getByRole('grid').locator('[role=row][data-rowindex="0"] [data-field=actions] button'), '出库单 first row\'s actions');
});

async function expectInside(page: Page, target: Locator, what: string): Promise<void> {
  const viewport = page.viewportSize()!;
  // Wait for what is measured: the rows, their actions and the pager render after the data arrives.
  await expect(target.first(), `${what}: nothing found`).toBeVisible();
  // Every box in one call: one boundingBox per element was a round trip each, 22 of them on a screen.
  const boxes = await target.evaluateAll((els) => els.map((el) => {
    const r = el.getBoundingClientRect();
    return r.width === 0 && r.height === 0 ? null : { x: r.x, y: r.y, width: r.width, height: r.height };
  }));
  boxes.forEach((box, i) => {
    expect(box, `${what} #${i}: not rendered`).not.toBeNull();
    const { x, y, width, height } = box!;
    expect(x, `${what} #${i}: left edge`).toBeGreaterThanOrEqual(0);
    expect(y, `${what} #${i}: top edge`).toBeGreaterThanOrEqual(0);
    expect(x + width, `${what} #${i}: right edge ${x + width} beyond ${viewport.width}`).toBeLessThanOrEqual(viewport.width + 0.5);
    expect(y + height, `${what} #${i}: bottom edge ${y + height} beyond ${viewport.height}`).toBeLessThanOrEqual(viewport.height + 0.5);
  });
}

/** The document itself does not scroll sideways (and, for list screens, not down either: the table does). */
async function expectNoPageScroll(page: Page, path: string, vertical: boolean): Promise<void> {
  const size = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth, scrollHeight: document.documentElement.scrollHeight,
    width: window.innerWidth, height: window.innerHeight,
  }));
  expect(size.scrollWidth, `${path}: the page scrolls sideways`).toBeLessThanOrEqual(size.width);
  if (vertical) expect(size.scrollHeight, `${path}: the page scrolls besides its table`).toBeLessThanOrEqual(size.height);
}

for (const viewport of VIEWPORTS) {
  test(`every built screen fits ${viewport.width}×${viewport.height}: buttons, row actions and pager in view, one scroll area`, async ({ page }) => {
    // A hang bound: every screen of the product, two more with each feature (2.1 min on a loaded CI run, 2026-11-28).
    test.setTimeout(240_000);
    await page.setViewportSize(viewport);
    await signIn(page, ADMIN.username, ADMIN.password);

    for (const path of LIST_SCREENS) {
      await page.goto(path);
      const grid = page.getByRole('grid');
      await expect(grid.getByRole('row').nth(1), `${path}: no rows`).toBeVisible();
      await expectNoPageScroll(page, path, true);
      await expectInside(page, page.getByTestId('screen').getByRole('button').filter({ visible: true }).and(page.locator(':not([role=gridcell] *)')), `${path} buttons`);
      await expectInside(page, grid.locator('[role=columnheader][data-field=actions]'), `${path} 操作 header`);
      await expectInside(page, grid.locator('[role=row][data-rowindex="0"] [data-field=actions] button'), `${path} first row's actions`);
      await expectInside(page, page.getByRole('navigation', { name: 'pagination' }).locator('button, input, [role=combobox]').filter({ visible: true }), `${path} pager`);
      // The rows scroll inside the table: its last row on the first page can be scrolled to, and the pager stays put.
      const pagerBefore = await page.getByRole('navigation', { name: 'pagination' }).boundingBox();
      await grid.locator('.MuiDataGrid-virtualScroller').evaluate((el) => el.scrollTo(0, el.scrollHeight));
      expect(await page.getByRole('navigation', { name: 'pagination' }).boundingBox()).toEqual(pagerBefore);
    }

    for (const path of OTHER_SCREENS) {
      await page.goto(path);
      if (path === '/produce/traceability') {
        // With a cylinder looked up: its card, timeline and actions.
        const input = page.getByLabel('气瓶编码', { exact: true });
        await input.fill(`L${RUN}-01`);
        await input.press('Enter');
        await expect(page.getByRole('list', { name: '追溯时间线' })).toBeVisible();
      }
      await expect(page.getByTestId('screen').getByRole('button').first(), `${path}: nothing shown`).toBeVisible();
      await expectNoPageScroll(page, path, false);
      const buttons = page.getByTestId('screen').getByRole('button').filter({ visible: true });
      const viewportWidth = viewport.width;
      const boxes = await buttons.evaluateAll((els) => els.map((el) => {
        const r = el.getBoundingClientRect();
        return { x: r.x, width: r.width };
      }));
      boxes.forEach((box, i) => {
        expect(box.x, `${path} button #${i}: left edge`).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, `${path} button #${i}: right edge`).toBeLessThanOrEqual(viewportWidth + 0.5);
      });
    }
  });
}
