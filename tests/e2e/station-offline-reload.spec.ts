import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, api, apiLogin, signIn } from './helpers';
import { ownServer, type OwnServer } from './own-server';

/**
 * Issue 37: the plant's browser station reloads with the server stopped and its queue intact. The web UI's service
 * worker (vite-plugin-pwa, electron.vite.config.ts) precaches the built renderer when the station is opened online;
 * then the server is STOPPED — its process ended, not the browser's line cut (Playwright's setOffline would cut the
 * service worker off too) — a scan at 领瓶 is kept, and the reload shows the station from the worker with the
 * queue from IndexedDB, where the browser used to show "site can't be reached". Started again, the server gets
 * the kept scan: the queue drains by itself. The server is this spec's own, so stopping it stops no other spec.
 */
const RUN = Date.now().toString(36).toUpperCase();
const GAS = `断电氧气${RUN}`;
const CODES = [1, 2].map((n) => `SW${RUN}-${n}`);

let server: OwnServer;
let request: APIRequestContext;
let token = '';

type Ok = { body: { code: number; msg: string } };
const ok = <T extends Ok>(r: T): T => (expect(r.body.code, r.body.msg).toBe(0), r);

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await ownServer('sw');
  await server.start();
  request = await playwrightRequest.newContext({ baseURL: server.url });
  token = await apiLogin(request, ADMIN.username, ADMIN.password);
  // As global-setup.ts does for the shared server: the admin holds no filling-operator certificate.
  ok(await api(request, 'POST', '/setting/rule/save', { token, data: { fillerCertRequired: false } }));
  const gas = ok(await api<{ id: number }>(request, 'POST', '/material/save', {
    token, data: { materialName: GAS, code: `O${RUN}`, category: 'compressed', reweighRequired: false },
  }));
  const next = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
  for (const code of CODES) {
    ok(await api(request, 'POST', '/product/addProduct', {
      token, data: { code, materialId: gas.body.data.id, specification: '40L', manufactureDate: '2024-01-01', nextInspectionDate: next },
    }));
  }
});

test.afterAll(async () => {
  await request?.dispose();
  await server?.dispose();
});

async function scan(page: Page, code: string): Promise<void> {
  const input = page.getByLabel('扫码领瓶', { exact: true });
  await input.fill(code);
  await input.press('Enter');
}
const verdict = (page: Page) => page.getByRole('region', { name: '扫描结论' });
const header = (page: Page) => page.getByTestId('station-header');

test('领瓶 in a browser: the server stopped, a scan kept, the page reloads with its queue; the server back, the queue drains', async ({ browser }) => {
  test.setTimeout(300_000);
  // The config blocks service workers for the other specs (their page.route cuts); this station is a real browser.
  const context = await browser.newContext({ baseURL: server.url, locale: 'zh-CN', serviceWorkers: 'allow' });
  const page = await context.newPage();
  try {
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.goto('/produce/produce');
    await page.getByRole('tab', { name: '领瓶', exact: true }).click();
    await scan(page, CODES[0]!);
    await expect(verdict(page)).toContainText(`气瓶 ${CODES[0]} 领瓶成功`);
    await expect(header(page).getByTestId('copy')).toHaveText(/本机资料 \d+ 瓶/, { timeout: 30_000 });
    await expect(header(page).getByTestId('connection')).toHaveText('在线');

    // The service worker is installed (the whole build precached) and controls this page.
    // Bounded: the install fetches the whole build (~4 MB) from a server on a busy machine.
    await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated', null, { timeout: 60_000 });
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${server.url}/`);
    const manifest = await page.evaluate(async () => (await (await fetch('/manifest.webmanifest')).json()) as { start_url: string });
    expect(manifest.start_url).toBe('/field');
    // The camera's ZXing reader is not precached (a phone reads codes itself); this Chromium has no reader of its own,
    // so the app stores it in the worker's cache for it soon after the start.
    // Stored means readable whole from the cache (an entry listed by keys() may still be being written). Polled from
    // here: waitForFunction does not wait for an async predicate (its promise is truthy at once), so this check used
    // to go on with the answer `false` whenever the app had not stored the reader yet (5 s after the start).
    const storedReader = () => page.evaluate(async () => {
      if ('BarcodeDetector' in window) return 'native';
      const cache = await caches.open('zxing-reader');
      const key = (await cache.keys())[0];
      const stored = key ? await cache.match(key) : undefined;
      return stored && (await stored.arrayBuffer()).byteLength > 500_000 ? key!.url : '';
    });
    await expect.poll(storedReader, { timeout: 60_000, intervals: [500] }).not.toBe('');
    const reader = await storedReader();
    const precached = await page.evaluate(async () => {
      const names = (await caches.keys()).filter((n) => n.startsWith('workbox-precache'));
      return (await Promise.all(names.map(async (n) => (await (await caches.open(n)).keys()).map((r) => r.url)))).flat();
    });
    expect(precached.some((u) => u.includes('/assets/StopPage-'))).toBe(true);
    expect(precached.filter((u) => u.endsWith('.wasm'))).toEqual([]);

    await server.stop();
    if (reader !== 'native') {
      // With the server stopped, the worker still answers the reader: the camera works offline on this PC.
      const answer = await page.evaluate(async (url) => { const r = await fetch(url); return { status: r.status, bytes: (await r.arrayBuffer()).byteLength }; }, reader);
      expect(answer.status).toBe(200);
      expect(answer.bytes).toBeGreaterThan(500_000);
    }
    await scan(page, CODES[1]!);
    await expect(verdict(page)).toContainText(`${CODES[1]} 已暂存，待同步`);
    await expect(header(page).getByTestId('waiting')).toHaveText('待同步 1');

    // The reload with no server: the station, not the browser's error page, and the kept scan still waiting.
    await page.reload();
    await expect(page).toHaveTitle('气瓶追溯平台');
    await expect(page.getByLabel('扫码领瓶', { exact: true })).toBeVisible();
    await expect(header(page).getByTestId('waiting')).toHaveText('待同步 1');
    await expect(header(page).getByTestId('connection')).toHaveText(/离线/);

    // A page the server renders itself (a cylinder's public page) is not answered with the app.
    const publicPage = await context.newPage();
    await expect(publicPage.goto(`/q/${CODES[0]}-aaaaaaaaaaaaaaaa`)).rejects.toThrow(/ERR_CONNECTION_REFUSED|ERR_FAILED/);
    await publicPage.close();

    await server.start();
    await expect(header(page).getByTestId('waiting')).toHaveText('待同步 0', { timeout: 60_000 });
    await expect(header(page).getByTestId('connection')).toHaveText('在线');
    const trace = ok(await api<{ action: string; replayed?: boolean }[]>(request, 'POST', '/produce/traceDetails', { token, data: { code: CODES[1] } }));
    const picks = trace.body.data.filter((e) => e.action === 'pick');
    expect(picks).toHaveLength(1);
    expect(picks[0]!.replayed).toBe(true);
  } finally {
    await context.close();
  }
});
