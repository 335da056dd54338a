import { expect, test as base, type Page } from '@playwright/test';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import bwipjs from 'bwip-js/node';
import { ADMIN, api, apiLogin, signIn } from './helpers';

/**
 * Scanning as field devices do it (issue 37): a label's QR code — the public page address of a real cylinder —
 * read through the camera (Chromium's fake capture plays a frame this test renders; headless Chromium on Linux
 * has no native BarcodeDetector, so the ZXing WebAssembly reader does the decoding), and the same address typed
 * by a PDA's imager ending in Tab. Both pick the cylinder at 领瓶.
 */
const RUN = Date.now().toString(36).toUpperCase();
const CAMERA_CODE = `CAM${RUN}`;
const TYPED_CODE = `PDA${RUN}`;
const VIDEO = join(tmpdir(), `camera-scan-${process.pid}.y4m`);

// This spec's browser only: a camera that plays VIDEO, granted without asking.
const test = base.extend<object, object>({
  launchOptions: [async ({ launchOptions }, use) => {
    await use({
      ...launchOptions,
      args: [...(launchOptions.args ?? []), '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${VIDEO}`],
    });
  }, { scope: 'worker' }],
});
test.use({ permissions: ['camera'] });

/** One frame of YUV4MPEG2 (4:2:0): the QR code, black modules of 8 px on white, centred in a wide quiet zone. */
function writeQrVideo(text: string, file: string): void {
  const [matrix] = bwipjs.raw({ bcid: 'qrcode', text, eclevel: 'M' } as Parameters<typeof bwipjs.raw>[0]) as { pixs: number[]; pixx: number; pixy: number }[];
  const { pixs, pixx, pixy } = matrix!;
  const [width, height, cell] = [640, 480, 8];
  expect(pixy * cell).toBeLessThan(height - 8 * cell);
  const y = Buffer.alloc(width * height, 255);
  const left = (width - pixx * cell) >> 1;
  const top = (height - pixy * cell) >> 1;
  for (let row = 0; row < pixy * cell; row++) {
    for (let col = 0; col < pixx * cell; col++) {
      if (pixs[Math.floor(row / cell) * pixx + Math.floor(col / cell)]) y[(top + row) * width + left + col] = 0;
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420\nFRAME\n`), y, chroma]));
}

let qrUrl = '';
let typedUrl = '';

test.beforeAll(async ({ request }) => {
  const token = await apiLogin(request, ADMIN.username, ADMIN.password);
  const ok = (r: { body: { code: number; msg: string } }) => expect(r.body.code, r.body.msg).toBe(0);
  const gas = await api<{ id: number }>(request, 'POST', '/material/save', {
    token, data: { materialName: `氮气${RUN}`, code: `CN${RUN}`, category: 'compressed', targetNetWeight: 20, weightTolerance: 0.5 },
  });
  ok(gas);
  const next = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
  const urls: string[] = [];
  for (const code of [CAMERA_CODE, TYPED_CODE]) {
    ok(await api(request, 'POST', '/product/addProduct', {
      token, data: { code, materialId: gas.body.data.id, specification: '40L', manufactureDate: '2024-01-01', nextInspectionDate: next, tareWeight: 40 },
    }));
    // The address the cylinder's label prints in its QR code.
    const data = await api<{ cylinder: { qrUrl: string } }>(request, 'POST', '/label/cylinderData', { token, data: { code } });
    ok(data);
    expect(data.body.data.cylinder.qrUrl).toMatch(new RegExp(`/q/${code}-[a-z2-7]{16}$`));
    urls.push(data.body.data.cylinder.qrUrl);
  }
  [qrUrl, typedUrl] = urls as [string, string];
  writeQrVideo(qrUrl, VIDEO);
});

test.afterAll(() => rmSync(VIDEO, { force: true }));

const verdict = (page: Page) => page.getByRole('region', { name: '扫描结论' });

test('a label QR code read by the camera and typed by a PDA imager (ending in Tab) picks the cylinder', async ({ page }) => {
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto('/Setting/machine');
  await page.getByLabel('工作站名称').fill('摄像头工位');
  await page.goto('/produce/produce');
  await page.getByRole('tab', { name: '领瓶', exact: true }).click();
  const field = page.getByLabel('扫码领瓶', { exact: true });
  await expect(field).toBeFocused();

  // The camera: the dialog opens, reads the QR code, closes; the station acts on the code the address names.
  // Without a native BarcodeDetector (Chromium on Linux) the ZXing reader's .wasm comes from this server.
  const native = await page.evaluate(() => 'BarcodeDetector' in window);
  const wasm = native ? null : page.waitForResponse((r) => r.url().startsWith(`${new URL(page.url()).origin}/assets/zxing_reader`) && r.url().endsWith('.wasm'));
  await page.getByRole('button', { name: '用摄像头扫描' }).click();
  const dialog = page.getByRole('dialog', { name: '扫描条码或二维码' });
  await expect(dialog).toBeVisible();
  if (wasm) expect((await wasm).status()).toBe(200);
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  await expect(verdict(page)).toContainText(`气瓶 ${CAMERA_CODE} 领瓶成功`);
  await expect(field).toBeFocused();

  // A PDA's imager types what it read, as a burst of keys, and Tab: the same scan, the focus kept.
  await field.pressSequentially(typedUrl);
  await field.press('Tab');
  await expect(verdict(page)).toContainText(`气瓶 ${TYPED_CODE} 领瓶成功`);
  await expect(field).toBeFocused();
  await expect(field).toHaveValue('');

  // Text that names no cylinder is refused with the reason, not sent.
  await field.pressSequentially('https://example.com/q/');
  await field.press('Enter');
  await expect(verdict(page)).toContainText('“https://example.com/q/”不是有效的气瓶编码');
});
