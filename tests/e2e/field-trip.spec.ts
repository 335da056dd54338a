import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { devices, expect, test as base, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, api, apiLogin } from './helpers';

/**
 * The driver's field app (issue 37) on a phone, offline: the office prepares a trip through the API (vehicle, a driver
 * linked to a user with trip:drive, two customers, two outbound orders completed on the trip, departed); the driver
 * signs in on /field, saves the trip on the phone, loses the network, delivers at both stops (signature drawn, photo
 * from Chromium's fake camera, position granted), takes back empties (one of another customer: a forced return), gets
 * the network back; the queue drains and the records show the trip reconciled, the holdings moved at the times of
 * the acts on the phone, and the receipt PDF naming the customer.
 */
const RUN = Date.now().toString(36).toUpperCase();
const CUSTOMER_A = `甲客户${RUN}`;
const CUSTOMER_B = `乙客户${RUN}`;
const A = [`FA${RUN}-1`, `FA${RUN}-2`];
const B = [`FB${RUN}-1`, `FB${RUN}-2`];
const EMPTY_A = `FEA${RUN}`;
const EMPTY_B = `FEB${RUN}`;
const DRIVER = { username: `drv${RUN.toLowerCase()}`, password: 'Passw0rd!x' };

// A phone's screen and touch, Chromium's fake camera granted without asking, and a position.
const test = base.extend<object, object>({
  launchOptions: [async ({ launchOptions }, use) => {
    await use({ ...launchOptions, args: [...(launchOptions.args ?? []), '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'] });
  }, { scope: 'worker' }],
});
const { viewport, deviceScaleFactor, isMobile, hasTouch, userAgent } = devices['Pixel 7'];
test.use({
  viewport, deviceScaleFactor, isMobile, hasTouch, userAgent,
  permissions: ['camera', 'geolocation'],
  geolocation: { latitude: 29.5630, longitude: 106.5516, accuracy: 20 },
});

let admin = '';
let tripId = 0;
let customerA = 0;
let customerB = 0;

async function call<T = unknown>(request: APIRequestContext, path: string, data?: unknown, method: 'GET' | 'POST' = 'POST'): Promise<T> {
  const r = await api<T>(request, method, path, { token: admin, data });
  expect(r.body.code, `${path}: ${r.body.msg}`).toBe(0);
  return r.body.data;
}

test.beforeAll(async ({ request }) => {
  admin = await apiLogin(request, ADMIN.username, ADMIN.password);
  const today = new Date().toISOString().slice(0, 10);
  const next = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
  const gas = await call<{ id: number }>(request, '/material/save', { materialName: `氩气${RUN}`, code: `AR${RUN}`, category: 'compressed', reweighRequired: false });
  await call(request, '/produce/saveTestProject', { materialId: gas.id, projects: [{ projectName: '纯度', standardMin: 99.5, unit: '%', required: true }] });
  const store = await call<{ id: number }>(request, '/wdwarehouse/saveAndEditWare', { warehouseName: `成品库${RUN}`, warehouseCode: `FT${RUN}`, kind: 'finished' });
  customerA = (await call<{ id: number }>(request, '/enterprise/save', { type: '2', enterpriseName: CUSTOMER_A, enterpriseCode: `FCA${RUN}`, address: '工业路 1 号' })).id;
  customerB = (await call<{ id: number }>(request, '/enterprise/save', { type: '2', enterpriseName: CUSTOMER_B, enterpriseCode: `FCB${RUN}` })).id;

  // Full cylinders in the finished store (picked, filled, tested, put in).
  const inStock = async (code: string) => {
    await call(request, '/product/addProduct', { code, materialId: gas.id, specification: '40L', manufactureDate: '2025-06-01', nextInspectionDate: next, tareWeight: 50 });
    await call(request, '/produce/addPicking', { code });
    await call(request, '/produce/filling', { code, materialId: gas.id, lotNo: `L${RUN}`, filledPressure: 15 });
    const preview = await call<{ projects: Array<{ id: number }> }>(request, '/produce/testScan', { code });
    await call(request, '/produce/testResult', { code, items: [{ projectId: preview.projects[0]!.id, value: 99.8 }] });
    await call(request, '/storageOrder/inStock', { type: 'productRK', warehouseId: store.id, code });
  };
  const order = async (customerId: number, codes: string[], onTrip?: number) => {
    const made = await call<{ id: number }>(request, '/storageOrder/outStock', { type: 'productCK', customerId, lines: [{ materialId: gas.id, quantity: codes.length }] });
    if (onTrip) await call(request, '/trip/addOrder', { tripId: onTrip, orderId: made.id });
    for (const code of codes) {
      await inStock(code);
      await call(request, '/storageOrder/scanOutStock', { orderId: made.id, code });
    }
    await call(request, '/storageOrder/outStock', { id: made.id, complete: true });
  };

  // An empty at each customer already (shipped earlier, without a trip).
  await order(customerA, [EMPTY_A]);
  await order(customerB, [EMPTY_B]);

  // The road: a vehicle, a driver who signs in (trip:drive), an escort; the trip with both customers' orders, departed.
  const vehicle = await call<{ id: number }>(request, '/vehicle/save', { plate: `渝F${RUN.slice(-5)}`, permitNo: `P${RUN}`, permitExpiry: next, status: 1 });
  const role = await call<{ id: number }>(request, '/role/saveRole', { roleName: `司机${RUN}`, roleCode: `drv_${RUN.toLowerCase()}`, buttonKeys: ['trip:drive'] });
  const user = await call<{ id: number }>(request, '/user/save', {
    username: DRIVER.username, name: `司机${RUN}`, password: DRIVER.password, roleIds: [role.id], mustChangePassword: false,
  });
  const crew = (name: string, kind: string, userId?: number) => call<{ id: number }>(request, '/crew/save', {
    name, kind, qualificationNo: `Q${name}`, qualificationExpiry: next, status: 1, ...(userId ? { userId } : {}),
  });
  const driver = await crew(`张${RUN}`, 'driver', user.id);
  const escort = await crew(`李${RUN}`, 'escort');
  tripId = (await call<{ id: number }>(request, '/trip/save', { vehicleId: vehicle.id, driverId: driver.id, escortId: escort.id, planDate: today })).id;
  await order(customerA, A, tripId);
  await order(customerB, B, tripId);
  await call(request, '/trip/depart', { id: tripId });
});

/** What the scan field says of the last scan. */
const status = (page: Page) => page.locator('[role="status"][data-kind]');

/** A keyboard-wedge scanner: the code typed as a burst, then Enter (or Tab). */
async function scan(page: Page, label: string, code: string, end: 'Enter' | 'Tab' = 'Enter'): Promise<void> {
  const field = page.getByLabel(label);
  await field.pressSequentially(code);
  await field.press(end);
}

/** The proof at the open stop: receiver, a signature drawn with the mouse, a photo from the fake camera, the position. */
async function sign(page: Page, receiver: string, differences: Record<string, string> = {}): Promise<void> {
  await page.getByRole('button', { name: '签收', exact: true }).click();
  await page.getByLabel('签收人', { exact: true }).fill(receiver);
  // The mouse works in the viewport's coordinates: the pad is brought into view first.
  await page.getByTestId('signature').scrollIntoViewIfNeeded();
  const pad = await page.getByTestId('signature').boundingBox();
  expect(pad).not.toBeNull();
  await page.mouse.move(pad!.x + 30, pad!.y + 100);
  await page.mouse.down();
  for (const [dx, dy] of [[80, -50], [140, 40], [200, -30], [260, 60]] as const) await page.mouse.move(pad!.x + dx, pad!.y + 100 + dy, { steps: 5 });
  await page.mouse.up();
  await page.getByRole('button', { name: '拍照' }).click();
  const live = page.getByTestId('photo-live');
  await expect(live).toBeVisible();
  await expect.poll(() => live.evaluate((v: HTMLVideoElement) => v.videoWidth)).toBeGreaterThan(0);
  await page.getByRole('button', { name: '拍下' }).click();
  await expect(page.getByTestId('photo')).toBeVisible();
  await expect(page.getByTestId('position')).toContainText('位置：29.56300, 106.55160');
  // The differences are given in the proof's step: a reason for each cylinder left on board.
  for (const [code, reason] of Object.entries(differences)) {
    await page.getByLabel(`${code} 的差异原因`).click();
    await page.getByRole('option', { name: reason }).click();
    await expect(page.getByRole('listbox')).toBeHidden();
  }
  await page.getByRole('button', { name: '提交签收' }).click();
  await expect(page.getByTestId('proof-done')).toContainText(`已签收：${receiver}`);
}

test('a driver delivers at two stops offline with proof, takes back empties, and the records follow once online', async ({ page, context, request }) => {
  // Signing in from the field app comes back to it.
  await page.goto('/field');
  await expect(page).toHaveURL(/\/login\?redirect=%2Ffield/);
  await page.getByLabel('用户名').fill(DRIVER.username);
  await page.getByLabel('密码').fill(DRIVER.password);
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(/\/field$/);
  await page.getByRole('link', { name: '我的车次' }).click();
  await page.getByRole('link').filter({ hasText: `渝F${RUN.slice(-5)}` }).click();
  // The trip as read from the server, with its heading: 保存离线 no longer moves once it is there.
  await expect(page.getByTestId('trip-no')).toBeVisible();
  await expect(page.getByTestId('copy-age')).toHaveText('尚未保存到本机：离线前请先保存');
  await page.getByRole('button', { name: '保存离线' }).click();
  await expect(page.getByTestId('copy-age')).toContainText('离线副本：刚刚保存');

  // No network from here until the end of the route.
  await context.setOffline(true);
  await expect(page.getByTestId('connection')).toHaveText('离线');
  const times: Record<string, [number, number]> = {};
  const timed = async (code: string, act: () => Promise<void>) => {
    const before = Date.now();
    await act();
    times[code] = [before, Date.now()];
  };

  // Stop 1: both cylinders handed over (one scanner ending in Tab), a cylinder of stop 2 refused on the phone.
  await page.getByTestId('stop-1').click();
  await expect(page.getByTestId('stop-name')).toHaveText(`第 1 站 ${CUSTOMER_A}`);
  await timed(A[0]!, async () => {
    await scan(page, '扫描交付的气瓶', A[0]!);
    await expect(status(page)).toHaveText(`已暂存（离线）：${A[0]}，联网后自动同步`);
  });
  await scan(page, '扫描交付的气瓶', B[0]!);
  await expect(status(page)).toHaveText(`气瓶 ${B[0]} 是第 2 站「${CUSTOMER_B}」的，不能交给第 1 站「${CUSTOMER_A}」`);
  await timed(A[1]!, async () => {
    await scan(page, '扫描交付的气瓶', A[1]!, 'Tab');
    await expect(status(page)).toHaveText(`已暂存（离线）：${A[1]}，联网后自动同步`);
  });
  await expect(page.getByTestId('expected').locator('li[data-outcome="delivered"]')).toHaveCount(2);
  // Empties: this customer's, then one the records have at the other customer (a forced return).
  await page.getByRole('button', { name: '回收空瓶' }).click();
  await scan(page, '扫描收回的空瓶', EMPTY_A);
  await expect(status(page)).toHaveText(`已暂存（离线）：${EMPTY_A}，联网后自动同步`);
  await scan(page, '扫描收回的空瓶', EMPTY_B);
  await expect(page.getByTestId('scan-warning')).toHaveText(`强制回收：气瓶 ${EMPTY_B} 不在「${CUSTOMER_A}」的持瓶记录中，差异将被记录`);
  await expect(page.getByTestId('pickups').locator('li')).toHaveCount(2);
  await sign(page, '王经理');
  await expect(page.getByTestId('receipt-pending')).toBeVisible();

  // Stop 2: one handed over, the other refused by the customer (a difference with its reason).
  await page.getByRole('button', { name: '返回' }).click();
  await expect(page.getByTestId('stop-1')).toContainText('已签收');
  await page.getByTestId('stop-2').click();
  await timed(B[0]!, async () => {
    await scan(page, '扫描交付的气瓶', B[0]!);
    await expect(status(page)).toHaveText(`已暂存（离线）：${B[0]}，联网后自动同步`);
  });
  await sign(page, '赵主任', { [B[1]!]: '客户拒收' });
  await expect(page.getByTestId('waiting')).toHaveText('待同步 7');
  expect((await api(request, 'GET', `/trip/reconcile/${tripId}`, { token: admin })).body).toMatchObject({ code: 0, data: { delivered: 0, pickedUp: 0 } });

  // The network is back: the queue drains by itself, in the order of the acts.
  const onlineAt = Date.now();
  await context.setOffline(false);
  await expect(page.getByTestId('waiting')).toHaveText('待同步 0', { timeout: 30_000 });
  await expect(page.getByTestId('connection')).toHaveText('在线');

  // The receipt of a proof taken offline, once the server has it: a QR code and a link that opens the PDF.
  await page.getByRole('button', { name: '返回' }).click();
  await page.getByTestId('stop-1').click();
  const link = page.getByRole('link', { name: '打开签收单' });
  await expect(link).toBeVisible({ timeout: 15_000 });
  const href = (await link.getAttribute('href'))!;
  expect(await page.getByTestId('receipt-qr').getAttribute('data-url')).toBe(href);
  const pdf = await request.get(href);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  const dir = mkdtempSync(join(tmpdir(), 'field-trip-'));
  try {
    writeFileSync(join(dir, 'receipt.pdf'), await pdf.body());
    // pdftotext puts a space between Chinese and Latin letters: compared without spaces.
    const text = execFileSync('pdftotext', ['-layout', join(dir, 'receipt.pdf'), '-'], { encoding: 'utf8' }).replace(/\s+/g, '');
    expect(text).toContain(`客户：${CUSTOMER_A}`);
    expect(text).toContain('签收人：王经理');
    expect(text).toContain(A[0]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  // The trip reconciled: 4 loaded, 3 delivered, 1 still on board (refused at stop 2), 2 empties back, 1 forced.
  const rec = await call<{
    loaded: number; delivered: number; onBoard: number; pickedUp: number; forced: number;
    stops: Array<{ seq: number; status: number; delivered: number; differences: number; pickedUp: number; receiverName: string | null; latitude: number | null }>;
    cylinders: Array<{ code: string; outcome: string; reason: string | null }>;
  }>(request, `/trip/reconcile/${tripId}`, undefined, 'GET');
  expect(rec).toMatchObject({ loaded: 4, delivered: 3, onBoard: 1, pickedUp: 2, forced: 1 });
  expect(rec.stops.map((s) => [s.seq, s.status, s.delivered, s.differences, s.pickedUp, s.receiverName])).toEqual([
    [1, 1, 2, 0, 2, '王经理'], [2, 1, 1, 1, 0, '赵主任'],
  ]);
  expect(rec.stops[0]!.latitude).toBeCloseTo(29.563, 3);
  expect(rec.cylinders.find((c) => c.code === B[1])).toMatchObject({ outcome: 'onBoard', reason: 'refused' });

  // The holdings moved at the moments of the acts on the phone, not when the queue reached the server.
  const holdings = async (customerId: number) => (await call<{ list: Array<{ code: string; since: string | null }> }>(request, '/stock/holdings', { customerId, size: 100 })).list;
  const heldA = await holdings(customerA);
  expect(heldA.map((h) => h.code).sort()).toEqual([...A].sort());
  const heldB = await holdings(customerB);
  expect(heldB.map((h) => h.code)).toEqual([B[0]]);
  for (const h of [...heldA, ...heldB]) {
    const since = new Date(h.since!.replace(' ', 'T')).getTime();
    const [before, after] = times[h.code]!;
    expect(since, `${h.code} at ${h.since}`).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(since).toBeLessThanOrEqual(after);
    expect(since).toBeLessThan(onlineAt);
  }
});
