import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { ADMIN, api, apiLogin, signIn } from './helpers';

/**
 * 接口推送 end to end (needs the outbox's triggers and sequencer, branch outbox): an administrator adds an endpoint for a
 * receiver on 127.0.0.1, registers cylinders, sees the deliveries arrive in the log, pauses it (nothing more arrives),
 * resumes, and replays from a seq (the events arrive again).
 */
const RUN = Date.now().toString(36).toUpperCase();

test('an administrator adds an endpoint, sees deliveries arrive in the log, pauses and replays it', async ({ page, request }) => {
  test.setTimeout(120_000);
  let secret = '';
  const seqs: number[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        const body = new Webhook(secret).verify(Buffer.concat(chunks).toString('utf8'), req.headers as Record<string, string>) as
          { seq?: number; events?: { seq: number }[] };
        seqs.push(...(body.events ?? [body as { seq: number }]).map((e) => e.seq));
        res.writeHead(200).end('ok');
      } catch {
        res.writeHead(400).end('bad signature');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  try {
    const token = await apiLogin(request, ADMIN.username, ADMIN.password);
    const gas = await api<{ id: number }>(request, 'POST', '/material/save', {
      token, data: { materialName: `推送气${RUN}`, code: `WH${RUN}`, category: 'compressed', reweighRequired: false },
    });
    expect(gas.body.code, gas.body.msg).toBe(0);
    const register = async (n: number) => {
      const next = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
      const r = await api(request, 'POST', '/product/addProduct', {
        token, data: { code: `WH${RUN}${n}`, materialId: gas.body.data.id, specification: '40L', manufactureDate: '2024-01-01', nextInspectionDate: next, tareWeight: 40 },
      });
      expect(r.body.code, r.body.msg).toBe(0);
    };

    await signIn(page, ADMIN.username, ADMIN.password);
    await page.goto('/Setting/Webhook');
    await page.getByRole('button', { name: '新增' }).click();
    await page.getByTestId('webhook-url').fill(`http://127.0.0.1:${port}/in`);
    await page.getByRole('button', { name: '保存' }).click();
    secret = (await page.getByTestId('webhook-secret').textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);

    await register(1);
    await register(2);
    await expect.poll(() => seqs.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
    const row = page.getByTestId('webhook-list').getByRole('row').filter({ hasText: `127.0.0.1:${port}` });
    await row.getByRole('button', { name: '推送记录' }).click();
    await expect(page.getByTestId('webhook-deliveries').getByRole('row').filter({ hasText: '200' }).first()).toBeVisible({ timeout: 15_000 });

    await row.getByRole('button', { name: '暂停' }).click();
    await expect(row).toContainText('已暂停');
    const before = seqs.length;
    await register(3);
    await expect(row).toContainText(/(\d+) \/ (?!\1)\d+/, { timeout: 15_000 });
    expect(seqs.length).toBe(before);
    await row.getByRole('button', { name: '启用' }).click();
    await expect.poll(() => seqs.length, { timeout: 30_000 }).toBeGreaterThan(before);

    const first = seqs[0]!;
    const count = seqs.length;
    await row.getByRole('button', { name: '重新推送' }).click();
    await page.getByTestId('webhook-from-seq').fill(String(first));
    await page.getByRole('dialog').getByRole('button', { name: '重新推送' }).click();
    await expect.poll(() => seqs.filter((s) => s === first).length, { timeout: 30_000 }).toBe(2);
    expect(seqs.length).toBeGreaterThan(count);
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});
