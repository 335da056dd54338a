import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { ADMIN, apiLogin, signIn } from './helpers';

const fixtures = join(dirname(fileURLToPath(import.meta.url)), 'fixtures');
const PDF = join(fixtures, '检验报告.pdf');
const PNG = join(fixtures, '气瓶铭牌.png');

test('uploads files with Chinese names on the home screen, previews them and downloads them byte-identical', async ({ page }) => {
  const cspViolations: string[] = [];
  page.on('console', (m) => m.text().includes('Content Security Policy') && cspViolations.push(m.text()));

  await signIn(page, ADMIN.username, ADMIN.password);
  const card = page.getByTestId('shared-files');
  await expect(card.getByText('最多可上传5个附件，单个不超过10M')).toBeVisible();
  await card.getByTestId('upload-input').setInputFiles([PDF, PNG]);
  await expect(card.getByRole('button', { name: '预览 检验报告.pdf' })).toBeVisible();
  await expect(card.getByRole('button', { name: '预览 气瓶铭牌.png' })).toBeVisible();

  // Each shared file is listed once (not again as a thumbnail strip).
  await expect(card.getByText('检验报告.pdf', { exact: true })).toHaveCount(1);

  // 下载: the PDF under its Chinese name, bytes as uploaded.
  const downloading = page.waitForEvent('download');
  await card.getByRole('button', { name: '下载文件 检验报告.pdf' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('检验报告.pdf');
  expect(readFileSync(await download.path()).equals(readFileSync(PDF))).toBe(true);

  // Document preview drawer: the picture and the PDF inline, titled with the document's name.
  await card.getByRole('button', { name: '预览 气瓶铭牌.png' }).click();
  const drawer = page.getByRole('dialog', { name: '气瓶铭牌.png' });
  const picture = drawer.getByRole('img', { name: '气瓶铭牌.png' });
  await expect(picture).toHaveAttribute('src', /^blob:/);
  // Its size is known once it is decoded (a busy machine decodes later than the src is set).
  expect(await picture.evaluate(async (img: HTMLImageElement) => (await img.decode(), img.naturalWidth))).toBe(16);
  expect((await drawer.boundingBox())!.width).toBeCloseTo(1174, 0);
  // The drawer's own close button is reachable (not covered by the fixed app bar).
  await drawer.getByRole('button', { name: '关闭' }).click();
  await expect(drawer).toBeHidden();

  await card.getByRole('button', { name: '预览 检验报告.pdf' }).click();
  const pdfDrawer = page.getByRole('dialog', { name: '检验报告.pdf' });
  await expect(pdfDrawer.locator('iframe[title="检验报告.pdf"]')).toHaveAttribute('src', /^blob:/);
  expect(cspViolations).toEqual([]);
});

test('the download endpoint refuses traversal paths and callers without a token', async ({ request }) => {
  const token = await apiLogin(request, ADMIN.username, ADMIN.password);
  for (const path of ['../../secrets.json', '..%2F..%2Fsecrets.json', '%2Fetc%2Fpasswd', '..%5Csecrets.json', '%252e%252e%252fsecrets.json']) {
    const res = await request.get(`/objectStorage/file/download?path=${path}`, { headers: { Authorization: `Bearer ${token}` } });
    expect(await res.json(), path).toMatchObject({ code: -1, msg: '文件路径无效' });
  }
  const anonymous = await request.get('/objectStorage/file/download?path=2026%2F01%2F01%2F0123456789abcdef0123456789abcdef.pdf');
  expect(anonymous.status()).toBe(401);
});
