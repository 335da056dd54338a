import { expect, test, type Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hasSocat, startSocatPair, type SocatPair } from '../devices/socat-pair';
import { startTcpPrinter, type TcpPrinter } from '../devices/tcp-listener';
import { configureFillStation, startDeviceAgent, startFillingScale, startRelayBoard, type DeviceAgent, type FillingScale, type RelayBoard } from './fill-rig';
import { ADMIN, api, apiLogin, signIn } from './helpers';

/**
 * Issue 34 in Chromium at 充装, through the real standalone device agent (`npm run print-agent`, its scale and relay
 * from its configuration): a Yaohua A9 filling scale and a Modbus RTU relay board on the far ends of two socat pairs,
 * the scale's weight rising only while the board's coil is on; the label printer a raw-TCP listener on 127.0.0.1.
 * Scan → the gate → the coil on, the target and the live weight shown → the coil off near the target → the record
 * written by itself with the measured net → the label printed. A station suspended from outside refuses with the
 * reason and fills again once resumed. Counts only its own data (its gas, its cylinders, its workstation name).
 */
const RUN = Date.now().toString(36).toUpperCase();
const GAS = `丙烷${RUN}`;
const CODES = [`FC${RUN}-1`, `FC${RUN}-2`];
const WORKSTATION = `充装秤工位${RUN}`;
const TARE = 15.2;
const TARGET = 14.5;
const COIL = 3;
/** A filler of its own (the admin role) holding a valid 气瓶充装作业人员证 for liquefied gases: a new plant asks for it. */
const FILLER = { username: `filler${RUN}`.toLowerCase(), password: 'Filler-Passw0rd' };

let dir = '';
const pairs: SocatPair[] = [];
let relay: RelayBoard;
let scale: FillingScale;
let printer: TcpPrinter;
let agent: DeviceAgent;
let token = '';

test.skip(!hasSocat, 'socat is not installed');

test.beforeAll(async ({ request, baseURL }) => {
  test.setTimeout(90_000);
  dir = mkdtempSync(join(tmpdir(), 'fill-e2e-'));
  const [scaleEnd, scaleApp, relayEnd, relayApp] = ['scale', 'scale-app', 'relay', 'relay-app'].map((n) => join(dir, n)) as [string, string, string, string];
  pairs.push(await startSocatPair(scaleEnd, scaleApp), await startSocatPair(relayEnd, relayApp));
  relay = await startRelayBoard(relayEnd, 1);
  scale = await startFillingScale(scaleEnd, () => relay.isOn(COIL), 3);
  printer = await startTcpPrinter();
  agent = await startDeviceAgent({
    origin: baseURL!, scalePath: scaleApp, relayPath: relayApp, relayName: '充装阀', coil: COIL, printerPort: printer.port,
  });

  const admin = await apiLogin(request, ADMIN.username, ADMIN.password);
  const ok = (r: { body: { code: number; msg: string } }, what: string) => expect(r.body.code, `${what}: ${r.body.msg}`).toBe(0);
  const roles = await api<Array<{ id: number; roleCode: string }>>(request, 'POST', '/role/list', { token: admin, data: {} });
  const expiry = new Date(Date.now() + 2 * 365 * 86_400_000).toISOString().slice(0, 10);
  ok(await api(request, 'POST', '/user/save', {
    token: admin, data: {
      username: FILLER.username, name: `充装工${RUN}`, password: FILLER.password, roleIds: [roles.body.data.find((r) => r.roleCode === 'admin')!.id],
      mustChangePassword: false, fillerCertNo: `TS${RUN}`, fillerCertExpiry: expiry, fillerCertCategories: ['liquefied'],
    },
  }), 'filler');
  token = await apiLogin(request, FILLER.username, FILLER.password);
  const gas = await api<{ id: number }>(request, 'POST', '/material/save', {
    token, data: { materialName: GAS, code: `C3${RUN}`, category: 'liquefied', targetNetWeight: TARGET, weightTolerance: 0.5 },
  });
  ok(gas, 'gas');
  // A label template for 充装 (the station prints it after the record).
  ok(await api(request, 'POST', '/setting/save', {
    token, data: {
      kind: 'LABEL', name: `充装标签${RUN}`, settingKey: 'FILLING', dataSource: 'CYLINDER', content: {
        width: 60, height: 40, dpi: 203, direction: 0, lang: 'tspl', details: [{ type: 'FONT', x: 2, y: 2, fontSize: 3, content: '{cylinder.code}' }],
      },
    },
  }), 'label template');
  const next = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
  for (const code of CODES) {
    ok(await api(request, 'POST', '/product/addProduct', {
      token, data: { code, materialId: gas.body.data.id, manufactureDate: '2024-01-01', nextInspectionDate: next, tareWeight: TARE },
    }), `addProduct ${code}`);
    ok(await api(request, 'POST', '/produce/addPicking', { token, data: { code, materialId: gas.body.data.id } }), `addPicking ${code}`);
  }
});

test.afterAll(async () => {
  // Resume whatever this spec suspended, so a failure leaves no station stopped.
  if (token) await fetch(`${test.info().project.use.baseURL}/api/produce/resume`, {
    method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ scope: 'station', workstation: WORKSTATION }),
  }).catch(() => undefined);
  await agent?.stop();
  await scale?.stop();
  await relay?.close();
  await printer?.close();
  for (const p of pairs) await p.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const verdict = (page: Page) => page.getByTestId('verdict');
async function scan(page: Page, code: string) {
  const input = page.getByLabel('扫码充装', { exact: true });
  await input.fill(code);
  await input.press('Enter');
}

async function openStation(page: Page) {
  await signIn(page, FILLER.username, FILLER.password);
  await configureFillStation(page, { agentUrl: agent.url, workstation: WORKSTATION, printer: `tcp://127.0.0.1:${printer.port}?lang=tspl`, template: `充装标签${RUN}` });
  await page.goto('/produce/produce');
  await page.getByRole('tab', { name: '充装', exact: true }).click();
  await page.getByLabel('充装介质').click();
  await page.getByRole('option', { name: GAS, exact: true }).click();
  await expect(page.getByTestId('fill-config')).toBeVisible();
}

test('scan → the coil on, the target and the live weight → the coil off near the target → the record by itself → the label', async ({ page, request }) => {
  test.setTimeout(120_000);
  await openStation(page);
  scale.place(TARE);
  const writesBefore = relay.writes.length;
  const jobsBefore = printer.jobs.length;

  await scan(page, CODES[0]!);
  await expect(verdict(page)).toHaveAttribute('data-kind', 'granted');
  await expect(verdict(page)).toContainText(`${CODES[0]} 允许充装`);
  const cycle = page.getByTestId('fill-cycle');
  await expect(cycle.getByTestId('fill-target')).toContainText(`目标净重 ${TARGET} kg（皮重 ${TARE} kg，目标毛重 29.7 kg）`);
  // The coil went on, and the weight rises on screen while it is.
  await expect.poll(() => relay.writes.slice(writesBefore).some((w) => w.coil === COIL && w.on)).toBe(true);
  await expect(cycle.getByTestId('fill-live')).toContainText(/净重 ([1-9]|1[0-3])\.\d\d kg/, { timeout: 10_000 });

  // The fill ends by itself: the coil off, the record written with the measured net, the label printed.
  await expect(verdict(page)).toHaveAttribute('data-kind', 'ok', { timeout: 20_000 });
  await expect(verdict(page)).toContainText(`气瓶 ${CODES[0]}`);
  await expect(verdict(page)).toContainText(/充装量 1[45]\.\d+ kg（充装秤）/);
  expect(relay.isOn(COIL)).toBe(false);
  const offAt = relay.writes.slice(writesBefore).findLast((w) => w.coil === COIL && !w.on);
  expect(offAt).toBeDefined();
  await expect.poll(() => printer.jobs.length, { timeout: 10_000 }).toBe(jobsBefore + 1);
  expect(printer.jobs.at(-1)!.toString('latin1')).toContain(CODES[0]);

  const history = await api<{ list: Array<{ code: string; filledWeight: number; source: string }> }>(request, 'POST', '/produce/fillingHistory', {
    token, data: { code: CODES[0], pageNum: 1, pageSize: 10 },
  });
  expect(history.body.data.list).toEqual([expect.objectContaining({ code: CODES[0], source: 'scale' })]);
  const filled = history.body.data.list[0]!.filledWeight;
  expect(filled).toBeGreaterThan(TARGET - 0.5);
  expect(filled).toBeLessThanOrEqual(TARGET + 0.5);
});

test('suspended from outside mid-fill: the coil off within a second and the reason shown; a scan while suspended is refused with the reason; resumed, the interrupted cylinder is filled again', async ({ page, request }) => {
  test.setTimeout(120_000);
  await openStation(page);
  const REASON = `储罐区检修${RUN}`;
  const code = CODES[1]!;
  scale.place(TARE);
  await scan(page, code);
  await expect(verdict(page)).toHaveAttribute('data-kind', 'granted');
  await expect.poll(() => relay.isOn(COIL)).toBe(true);

  const suspended = await api(request, 'POST', '/produce/suspend', { token, data: { scope: 'station', workstation: WORKSTATION, reason: REASON } });
  expect(suspended.body.code, suspended.body.msg).toBe(0);
  const at = Date.now();
  await expect.poll(() => relay.isOn(COIL), { timeout: 5_000, intervals: [50] }).toBe(false);
  expect(Date.now() - at).toBeLessThan(1_500);
  await expect(verdict(page)).toHaveAttribute('data-kind', 'refused');
  await expect(verdict(page)).toContainText(`${code} 充装中断：充装被停止：${REASON}`);

  // Still suspended: refused by the server with the reason, the coil never written on.
  const writesBefore = relay.writes.length;
  await scan(page, code);
  await expect(verdict(page)).toContainText(REASON);
  await expect(verdict(page)).toHaveAttribute('data-kind', 'refused');
  await page.waitForTimeout(500);
  expect(relay.writes.slice(writesBefore).some((w) => w.on)).toBe(false);

  // Resumed: the next scan asks what to do with the interrupted fill; 重新充装 fills it to the target.
  const resumed = await api(request, 'POST', '/produce/resume', { token, data: { scope: 'station', workstation: WORKSTATION } });
  expect(resumed.body.code, resumed.body.msg).toBe(0);
  await scan(page, code);
  await expect(verdict(page)).toHaveAttribute('data-kind', 'pending');
  await page.getByTestId('fill-decision').getByRole('button', { name: '重新充装' }).click();
  await expect(verdict(page)).toHaveAttribute('data-kind', 'granted');
  await expect(verdict(page)).toHaveAttribute('data-kind', 'ok', { timeout: 20_000 });
  await expect(verdict(page)).toContainText(/充装量 1[45]\.\d+ kg（充装秤）/);
});
