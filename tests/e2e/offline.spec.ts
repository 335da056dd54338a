import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, api, apiLogin, signIn } from './helpers';

/**
 * Stations that keep working when the server is away (issue 25): the browser's requests to the API are
 * dropped (as when the line to the server is cut), 21 cylinders are filled at 充装 and kept (已暂存), one
 * overdue for inspection is refused with the reason, a reload keeps the queue, and once the requests go
 * through again the queue drains by itself: 20 fill events with the station's time, marked replayed, and the
 * cylinder scrapped on another PC meanwhile in 待处理异常, resolved there. The same for an outbound order,
 * its line count enforced at the station while offline.
 */
const RUN = Date.now().toString(36).toUpperCase();
const GAS = `离线氮气${RUN}`;
const CUSTOMER = `离线客户${RUN}`;
const FINISHED = `离线成品库${RUN}`;
const PREFIX = `OFF${RUN}-`;
const codeOf = (n: number) => `${PREFIX}${String(n).padStart(2, '0')}`;
const OVERDUE = `OVD${RUN}`;
const OUT = [1, 2, 3].map((n) => `OUT${RUN}-${n}`);
let token = '';
let gasId = 0;

type Ok = { body: { code: number; msg: string } };
const ok = <T extends Ok>(r: T): T => (expect(r.body.code, r.body.msg).toBe(0), r);

async function idOf(request: APIRequestContext, code: string): Promise<number> {
  const r = ok(await api<{ list: { id: number; code: string }[] }>(request, 'POST', '/product/listPage', { token, data: { code, page: 1, size: 5 } }));
  return r.body.data.list.find((c) => c.code === code)!.id;
}

test.beforeAll(async ({ request }) => {
  token = await apiLogin(request, ADMIN.username, ADMIN.password);
  const gas = ok(await api<{ id: number }>(request, 'POST', '/material/save', {
    token, data: { materialName: GAS, code: `N${RUN}`, category: 'compressed', reweighRequired: false },
  }));
  gasId = gas.body.data.id;
  ok(await api(request, 'POST', '/wdwarehouse/saveAndEditWare', { token, data: { warehouseName: FINISHED, warehouseCode: `OF${RUN}`, kind: 'finished' } }));
  ok(await api(request, 'POST', '/enterprise/save', { token, data: { type: '2', enterpriseName: CUSTOMER, enterpriseCode: `OK${RUN}` } }));
  const next = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
  const common = { materialId: gasId, specification: '40L', manufactureDate: '2024-01-01', nextInspectionDate: next };
  ok(await api(request, 'POST', '/product/addProduct', { token, data: { ...common, range: { prefix: PREFIX, start: 1, end: 21, width: 2 } } }));
  ok(await api(request, 'POST', '/product/addProduct', { token, data: { ...common, code: OVERDUE, manufactureDate: '2015-01-01', nextInspectionDate: '2020-01-01' } }));
  // 21 picked for filling (the overdue one cannot be: the gate refuses it).
  for (let n = 1; n <= 21; n += 1) ok(await api(request, 'POST', '/produce/addPicking', { token, data: { code: codeOf(n) } }));
  // Three cylinders brought to 待出库 for the outbound order.
  const wh = ok(await api<{ list: { id: number; warehouseName: string }[] }>(request, 'POST', '/wdwarehouse/listPage', { token, data: { page: 1, size: 100 } }));
  const finished = wh.body.data.list.find((w) => w.warehouseName === FINISHED)!.id;
  for (const code of OUT) {
    ok(await api(request, 'POST', '/product/addProduct', { token, data: { ...common, code } }));
    ok(await api(request, 'POST', '/produce/addPicking', { token, data: { code } }));
    ok(await api(request, 'POST', '/produce/filling', { token, data: { code, materialId: gasId, filledPressure: 15 } }));
    ok(await api(request, 'POST', '/produce/testResult', { token, data: { code, items: [], result: 1 } }));
    ok(await api(request, 'POST', '/storageOrder/inStock', { token, data: { type: 'productRK', warehouseId: finished, code } }));
  }
});

async function scan(page: Page, label: string, code: string): Promise<void> {
  const input = page.getByLabel(label, { exact: true });
  await input.fill(code);
  await input.press('Enter');
}
const verdict = (page: Page) => page.getByRole('region', { name: '扫描结论' });
const header = (page: Page) => page.getByTestId('station-header');
/** Drops every request to the API, as a cut line does (the page itself stays loaded). */
const cutLine = (page: Page) => page.route('**/api/**', (route) => route.abort('internetdisconnected'));
const restoreLine = (page: Page) => page.unroute('**/api/**');

test('充装 keeps 21 scans offline, refuses an overdue cylinder, survives a reload and drains by itself; a cylinder scrapped meanwhile lands in 待处理异常', async ({ page, request }) => {
  test.setTimeout(240_000);
  const feed = await api(request, 'POST', '/offline/facts', { token, data: { station: 'fill', cursor: null, limit: 1 } });
  expect(feed.status, 'the station feed /api/offline/facts answers').toBe(200);

  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto('/Setting/machine');
  await page.getByLabel('工作站名称').fill('离线充装工位');
  await page.goto('/produce/produce');
  await page.getByRole('tab', { name: '充装', exact: true }).click();
  await page.getByLabel('充装介质', { exact: true }).click();
  await page.getByRole('option', { name: GAS, exact: true }).click();
  await page.getByLabel('充装压力（MPa）').fill('15');
  await page.getByLabel('整组固定').check();
  // The local copy of the gate facts for this gas: the 21 picked, the overdue one.
  await expect(header(page).getByTestId('copy')).toHaveText(/本机资料 (2[2-9]|[3-9]\d|\d{3,}) 瓶/, { timeout: 30_000 });
  await expect(header(page).getByTestId('connection')).toHaveText('在线');

  await cutLine(page);
  for (let n = 1; n <= 20; n += 1) {
    await scan(page, '扫码充装', codeOf(n));
    await expect(verdict(page)).toContainText(`${codeOf(n)} 已暂存，待同步`);
  }
  await expect(verdict(page)).toHaveAttribute('data-kind', 'queued');
  await expect(header(page).getByTestId('waiting')).toHaveText('待同步 20');
  await expect(header(page).getByTestId('connection')).toHaveText(/离线（自 \d\d:\d\d）/);

  // Overdue for inspection: refused at the station with the reason, as online.
  await scan(page, '扫码充装', OVERDUE);
  await expect(verdict(page)).toHaveAttribute('data-kind', 'refused');
  await expect(verdict(page)).toContainText(`${OVERDUE} 不能充装`);
  await expect(verdict(page)).toContainText('超期未检');

  // The 21st, scrapped meanwhile on another PC (this test's API client is the other PC).
  await scan(page, '扫码充装', codeOf(21));
  await expect(header(page).getByTestId('waiting')).toHaveText('待同步 21');
  ok(await api(request, 'POST', '/product/scrap', { token, data: { id: await idOf(request, codeOf(21)), reason: '瓶体腐蚀' } }));

  // A reload while the line is still cut: the queue is still there.
  await page.reload();
  await expect(header(page).getByTestId('waiting')).toHaveText('待同步 21');

  await restoreLine(page);
  await expect(header(page).getByTestId('waiting')).toHaveText('待同步 0', { timeout: 60_000 });
  await expect(header(page).getByTestId('connection')).toHaveText('在线');
  await expect(header(page).getByTestId('exceptions')).toHaveText('待处理异常 1', { timeout: 30_000 });

  // The trace: each of the 20 filled once, with the station's time, marked replayed.
  for (let n = 1; n <= 20; n += 1) {
    const trace = ok(await api<{ action: string; at: string; detail: unknown; replayed?: boolean; stationAt?: string | null }[]>(
      request, 'POST', '/produce/traceDetails', { token, data: { code: codeOf(n) } },
    ));
    const fills = trace.body.data.filter((e) => e.action === 'fill');
    expect(fills, codeOf(n)).toHaveLength(1);
    expect(fills[0]!.replayed, codeOf(n)).toBe(true);
    expect(fills[0]!.stationAt, codeOf(n)).toBeTruthy();
  }

  // 待处理异常: the scrapped cylinder, with the server's reason; dismissed with a reason.
  await header(page).getByTestId('exceptions').click();
  const dialog = page.getByRole('dialog', { name: '待处理异常' });
  const row = dialog.getByTestId('offline-exception').filter({ hasText: codeOf(21) });
  await expect(row).toContainText('报废');
  await row.getByRole('button', { name: '处理' }).click();
  await dialog.getByRole('combobox', { name: '处理' }).click();
  await page.getByRole('option', { name: '忽略' }).click();
  await dialog.getByLabel('处理说明').fill('气瓶已报废，本次充装作废');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog).toContainText('没有待处理异常');
  await dialog.getByRole('button', { name: '关闭' }).click();
  await expect(header(page).getByTestId('exceptions')).toHaveText('待处理异常 0');
});

test('出库扫描 offline: the order\'s line count is enforced at the station; the kept scans replay once the server answers', async ({ page, request }) => {
  test.setTimeout(180_000);
  const feed = await api(request, 'POST', '/offline/facts', { token, data: { station: 'outbound', cursor: null, limit: 1 } });
  expect(feed.status, 'the station feed /api/offline/facts answers').toBe(200);

  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto('/storage/outbound');
  await page.getByRole('button', { name: '新建出库单' }).click();
  const create = page.getByRole('dialog', { name: '新建出库单' });
  await create.getByLabel('客户').fill(CUSTOMER);
  await page.getByRole('option', { name: CUSTOMER }).click();
  await create.getByTestId('order-line').getByLabel('介质').click();
  await page.getByRole('option', { name: GAS, exact: true }).click();
  await create.getByTestId('order-line').getByLabel('数量').fill('2');
  await create.getByRole('button', { name: '保存' }).click();
  await expect(create).toBeHidden();
  await expect(page.getByTestId('out-order-header')).toContainText(CUSTOMER);
  await expect(header(page).getByTestId('copy')).not.toHaveText('本机资料 0 瓶', { timeout: 30_000 });

  await cutLine(page);
  await scan(page, '扫码出库', OUT[0]!);
  await expect(verdict(page)).toContainText(`${OUT[0]} 已暂存，待同步`);
  await scan(page, '扫码出库', OUT[1]!);
  await expect(verdict(page)).toContainText(`${OUT[1]} 已暂存，待同步`);
  // The line holds 2: the third is refused at the station.
  await scan(page, '扫码出库', OUT[2]!);
  await expect(verdict(page)).toHaveAttribute('data-kind', 'refused');
  await expect(verdict(page)).toContainText('明细已扫满');
  await expect(header(page).getByTestId('waiting')).toHaveText('待同步 2');

  await restoreLine(page);
  await expect(header(page).getByTestId('waiting')).toHaveText('待同步 0', { timeout: 60_000 });
  await expect(page.getByTestId('line-progress').first()).toHaveText('2 / 2');
  for (const code of OUT.slice(0, 2)) {
    const trace = ok(await api<{ action: string; replayed?: boolean }[]>(request, 'POST', '/produce/traceDetails', { token, data: { code } }));
    expect(trace.body.data.filter((e) => e.action === 'outboundScan').map((e) => e.replayed)).toEqual([true]);
  }
});

test('检验 offline: the form comes from the local copy\'s projects, 提交 is kept (已暂存) and replayed once the server answers', async ({ page, request }) => {
  test.setTimeout(180_000);
  const feed = await api(request, 'POST', '/offline/facts', { token, data: { station: 'inspect', cursor: null, limit: 1 } });
  expect(feed.status, 'the station feed /api/offline/facts answers').toBe(200);
  const gas = ok(await api<{ id: number }>(request, 'POST', '/material/save', {
    token, data: { materialName: `离线检验气${RUN}`, code: `T${RUN}`, category: 'compressed', reweighRequired: false },
  }));
  ok(await api(request, 'POST', '/produce/saveTestProject', {
    token, data: { materialId: gas.body.data.id, projects: [{ projectName: '纯度', standardMin: 99.9, unit: '%', required: true }] },
  }));
  const code = `INS${RUN}`;
  const next = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
  ok(await api(request, 'POST', '/product/addProduct', {
    token, data: { code, materialId: gas.body.data.id, specification: '40L', manufactureDate: '2024-01-01', nextInspectionDate: next },
  }));
  ok(await api(request, 'POST', '/produce/addPicking', { token, data: { code } }));
  ok(await api(request, 'POST', '/produce/filling', { token, data: { code, materialId: gas.body.data.id, filledPressure: 15 } }));

  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto('/produce/inspect');
  await expect(header(page).getByTestId('copy')).not.toHaveText('本机资料 0 瓶', { timeout: 30_000 });
  // The copy knows the cylinder once the feed's pages have come (the station pulls every few seconds).
  await expect.poll(async () => page.evaluate(async (c) => new Promise<boolean>((resolve) => {
    const open = indexedDB.open('cylinder-offline');
    open.onsuccess = () => {
      const get = open.result.transaction('facts').objectStore('facts').get(c);
      get.onsuccess = () => resolve(get.result?.status === 4);
      get.onerror = () => resolve(false);
    };
    open.onerror = () => resolve(false);
  }), code), { timeout: 30_000 }).toBe(true);

  await cutLine(page);
  await scan(page, '扫码检验', code);
  const form = page.getByRole('form', { name: `检验 ${code}` });
  await expect(page.getByTestId('local-form')).toBeVisible();
  await form.getByLabel(/^纯度（%）/).fill('99.95');
  await form.getByRole('button', { name: '提交' }).click();
  await expect(verdict(page)).toContainText(`${code} 已暂存，待同步`);
  await expect(header(page).getByTestId('waiting')).toHaveText('待同步 1');

  await restoreLine(page);
  await expect(header(page).getByTestId('waiting')).toHaveText('待同步 0', { timeout: 60_000 });
  const trace = ok(await api<{ action: string; replayed?: boolean }[]>(request, 'POST', '/produce/traceDetails', { token, data: { code } }));
  expect(trace.body.data.filter((e) => e.action === 'testPass').map((e) => e.replayed)).toEqual([true]);
});
