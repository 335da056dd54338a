import { expect, test, type Page } from '@playwright/test';
import { ADMIN, api, apiLogin, signIn, withPlantDb } from './helpers';

/**
 * The home dashboard after a seeded month of work: gas, warehouse and cylinders through the API, and thirty
 * days of fills and inspections written into the trace of the embedded database (its trigger keeps
 * trace_daily, as for real scans). The charts are not empty, a click opens the list behind a figure with its
 * filter, and a user without the quality center sees no pass-rate card and is refused its call.
 */
const RUN = Date.now().toString(36).toUpperCase();
const GAS = `看板氮气${RUN}`;
const WAREHOUSE = `看板库${RUN}`;
const CODES = [1, 2, 3].map((i) => `DB${RUN}-${i}`);
const VIEWER = { username: `dash${RUN.toLowerCase()}`, password: 'Dash@e2e-12345' };
let token = '';

const ok = (r: { body: { code: number; msg: string } }) => expect(r.body.code, r.body.msg).toBe(0);

async function seedMonth(materialId: number): Promise<void> {
  await withPlantDb(async (db) => {
    const { rows } = await db.query<{ id: number }>('select id from cylinders where code = any($1) order by code', [CODES]);
    for (let day = 0; day < 30; day++) {
      for (const [i, { id }] of rows.entries()) {
        if ((day + i) % 2) continue;
        for (const action of ['fill', (day + i) % 5 ? 'testPass' : 'testFail']) {
          await db.query(`insert into cylinder_traces (cylinder_id, seq, from_status, to_status, action, operator_id, at, detail)
            values ($1, (select coalesce(max(seq), 0) + 1 from cylinder_traces where cylinder_id = $1), 2, 2, $2, 1,
              date_trunc('day', now()) - make_interval(days => $3) + interval '10 hours', $4::jsonb)`,
          [id, action, day, JSON.stringify(action === 'fill' ? { materialId, filledPressure: 15 } : {})]);
        }
      }
    }
  });
}

test.beforeAll(async ({ request }) => {
  token = await apiLogin(request, ADMIN.username, ADMIN.password);
  const gas = await api<{ id: number }>(request, 'POST', '/material/save', { token, data: { materialName: GAS, code: `DN${RUN}`, category: 'compressed' } });
  ok(gas);
  const warehouse = await api<{ id: number }>(request, 'POST', '/wdwarehouse/saveAndEditWare', {
    token, data: { warehouseName: WAREHOUSE, warehouseCode: `DW${RUN}`, kind: 'empty' },
  });
  ok(warehouse);
  const next = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
  for (const code of CODES) {
    ok(await api(request, 'POST', '/product/addProduct', {
      token, data: { code, materialId: gas.body.data.id, warehouseId: warehouse.body.data.id, specification: '40L', manufactureDate: '2025-06-01', nextInspectionDate: next },
    }));
  }
  await seedMonth(gas.body.data.id);
});

const card = (page: Page, testId: string) => page.getByTestId(testId);

test('after a month of work the charts are drawn, and a figure opens its list filtered', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.getByRole('button', { name: '近30天' }).click();
  const fills = card(page, 'card-fills');
  await expect(fills.locator('.recharts-bar-rectangle').first()).toBeVisible();
  await expect(fills.getByTestId('fills-total')).not.toHaveText('共 0 瓶');
  await expect(card(page, 'card-output').locator('.recharts-bar-rectangle').first()).toBeVisible();
  await expect(card(page, 'card-pass-rate').locator('.recharts-bar-rectangle').first()).toBeVisible();
  await expect(card(page, 'card-statuses').locator('.recharts-pie-sector').first()).toBeVisible();
  await expect(card(page, 'card-stock').locator('.recharts-bar-rectangle').first()).toBeVisible();
  await expect(page.getByText('常用文件')).toBeVisible();

  // The stock chart's bar of this run's warehouse: its cylinders in stock. Warehouses are drawn in id order,
  // so this run's (the newest) is the last bar of the 在库 series, the first series (status 2 is the lowest
  // stock status); other specs' warehouses hold other statuses in later series.
  const stock = card(page, 'card-stock');
  await stock.locator('.recharts-bar-rectangles').first().locator('.recharts-bar-rectangle path').last().click();
  await expect(page).toHaveURL(/\/product\/product\?status=2&warehouseId=\d+/);
  for (const code of CODES) await expect(page.getByRole('gridcell', { name: code, exact: true })).toBeVisible();

  // 今日待办: 已超期未检 opens the due list, overdue only.
  await page.goto('/main/home');
  await card(page, 'fig-overdue').click();
  await expect(page).toHaveURL(/\/product\/detect\?days=30&overdueOnly=1/);
  await expect(page.getByRole('switch', { name: '仅看已超期' })).toBeChecked();
});

test('a status has one colour in every chart: 在库 in the status pie and in the stock bars', async ({ page, request }) => {
  // A scrapped cylinder puts 报废 before 在库 in the pie, while the stock bars start with 在库.
  const code = `DS${RUN}`;
  const next = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
  const gas = (await api<Array<{ id: number; materialName: string }>>(request, 'GET', '/material/dropDown', { token })).body.data.find((g) => g.materialName === GAS)!;
  ok(await api(request, 'POST', '/product/addProduct', { token, data: { code, materialId: gas.id, manufactureDate: '2025-06-01', nextInspectionDate: next } }));
  const found = await api<{ list: Array<{ id: number; code: string }> }>(request, 'POST', '/product/listPage', { token, data: { code } });
  ok(await api(request, 'POST', '/product/scrap', { token, data: { id: found.body.data.list.find((c) => c.code === code)!.id, reason: '看板颜色' } }));

  await signIn(page, ADMIN.username, ADMIN.password);
  const legendFill = async (cardId: string, name: string) => {
    const item = card(page, cardId).locator('.recharts-legend-item').filter({ hasText: name });
    await expect(item).toHaveCount(1);
    return item.locator('path').first().getAttribute('fill');
  };
  await expect(card(page, 'card-statuses').locator('.recharts-legend-item').filter({ hasText: '报废' })).toHaveCount(1);
  const inPie = await legendFill('card-statuses', '在库');
  expect(inPie).toMatch(/^#[0-9a-f]{6}$/i);
  expect(await legendFill('card-stock', '在库')).toBe(inPie);
  expect(await legendFill('card-statuses', '报废')).not.toBe(inPie);
});

test('a user without the quality center sees no pass-rate card, and its call is refused', async ({ page, request }) => {
  const role = await api(request, 'POST', '/role/saveRole', {
    token, data: {
      roleName: `看板用户${RUN}`, roleCode: `dash${RUN}`, menuNos: ['home', 'product', 'product.product', 'produce', 'produce.produce'],
      buttonKeys: ['home:view', 'product:view', 'produce:view'],
    },
  });
  ok(role);
  const roles = await api<Array<{ id: number; roleCode: string }>>(request, 'POST', '/role/list', { token, data: {} });
  const roleId = roles.body.data.find((r) => r.roleCode === `dash${RUN}`)!.id;
  ok(await api(request, 'POST', '/user/save', {
    token, data: { username: VIEWER.username, name: '看板用户', password: VIEWER.password, roleIds: [roleId], mustChangePassword: false },
  }));

  await signIn(page, VIEWER.username, VIEWER.password);
  await expect(card(page, 'card-fills')).toBeVisible();
  await expect(card(page, 'card-statuses')).toBeVisible();
  await expect(card(page, 'card-pass-rate')).toHaveCount(0);
  await expect(card(page, 'card-stock')).toHaveCount(0);
  // Nor its menu: the side menu offers 首页 and the granted groups, not 质量中心.
  const nav = page.getByRole('navigation', { name: '主菜单' });
  await expect(nav.getByText('产品中心')).toBeVisible();
  await expect(nav.getByText('质量中心')).toHaveCount(0);

  const viewerToken = await apiLogin(request, VIEWER.username, VIEWER.password);
  const refused = await api(request, 'GET', '/homePage/passRateOutput?period=7d', { token: viewerToken });
  expect(refused.status).toBe(403);
  expect(refused.body.msg).toBe('没有权限：查看（出厂质量）');
  ok(await api(request, 'GET', '/homePage/totalOutput?period=7d', { token: viewerToken }));
});
