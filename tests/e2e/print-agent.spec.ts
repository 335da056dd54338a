import { expect, test } from '@playwright/test';
import { createServer, type Server } from 'node:net';
import iconv from 'iconv-lite';
import { startPrintAgent, type RunningAgent } from '../../src/main/print-agent/agent-server';
import { ADMIN, signIn } from './helpers';

// A browser-mode page prints through the local print agent: the agent runs here on a free port on
// 127.0.0.1 and accepts only the app's origin; a raw-TCP "printer" records the bytes it receives.
let agent: RunningAgent;
let printerServer: Server;
let printerPort = 0;
const jobs: Buffer[] = [];

test.beforeAll(async ({ baseURL }) => {
  printerServer = createServer((socket) => {
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('end', () => {
      jobs.push(Buffer.concat(chunks));
      socket.end();
    });
  });
  await new Promise<void>((resolve) => printerServer.listen(0, '127.0.0.1', resolve));
  printerPort = (printerServer.address() as { port: number }).port;
  agent = await startPrintAgent({ port: 0, origins: () => [baseURL!], printers: () => [] });
});

test.afterAll(async () => {
  await agent?.close();
  await new Promise((resolve) => printerServer?.close(resolve));
});

test('设备设置 in a browser prints a test label through the local print agent', async ({ page }) => {
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto('/Setting/machine');
  await expect(page.getByText('需要桌面客户端，或在本机运行打印代理', { exact: false })).toBeVisible();

  await page.getByLabel('打印代理地址').fill(agent.url);
  await page.getByRole('button', { name: '检测' }).click();
  await expect(page.getByText('打印代理已连接')).toBeVisible();

  await page.getByLabel('打印机（名称或地址）').fill(`tcp://127.0.0.1:${printerPort}?lang=tspl`);
  await page.getByRole('button', { name: '测试打印' }).click();
  await expect.poll(() => jobs.length).toBe(1);
  const bytes = jobs[0]!;
  expect(bytes.toString('latin1')).toMatch(/^SIZE 60 mm,40 mm\r\nGAP 2 mm,0 mm\r\nDIRECTION 0\r\nCLS\r\n/);
  expect(bytes.includes(iconv.encode('测试打印', 'gbk'))).toBe(true);
  expect(bytes.toString('latin1')).toContain('QRCODE ');
  expect(bytes.toString('latin1')).toMatch(/PRINT 1\r\n$/);
});

test('the agent refuses a page from another origin and prints nothing', async ({ page }) => {
  await page.goto('about:blank');
  const before = jobs.length;
  const job = {
    printer: `tcp://127.0.0.1:${printerPort}?lang=tspl`,
    width: 40,
    details: [{ type: 'FONT', x: 1, y: 1, content: 'X' }],
  };
  const status = await page.evaluate(
    async ({ url, body }) => {
      try {
        const res = await fetch(`${url}/label/print`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
        return res.status;
      } catch {
        return 'blocked';
      }
    },
    { url: agent.url, body: JSON.stringify(job) },
  );
  expect(status).toBe('blocked');
  await page.waitForTimeout(300);
  expect(jobs.length).toBe(before);
});
