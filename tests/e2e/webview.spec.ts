import { createServer, type Server } from 'node:http';
import { expect, test } from '@playwright/test';
import { ADMIN, api, apiLogin, signIn } from './helpers';

/**
 * Menu links (issue 31 item 14) against two tiny sites on other ports of 127.0.0.1: one that may be framed, one
 * that forbids it (X-Frame-Options DENY and CSP frame-ancestors 'none'). A link opens inside the layout under a bar
 * with its address and 在新窗口打开, in the whole window, or from the parent frame; only http(s) links are taken.
 */
const RUN = Date.now().toString(36).toUpperCase();
let open: Server;
let closed: Server;
let openUrl = '';
let closedUrl = '';

const page = (title: string) => `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head>`
  + `<body><h1>${title}</h1><a href="/next">下一页</a></body></html>`;

function site(headers: Record<string, string>): Promise<Server> {
  return new Promise((ok) => {
    const server = createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...headers });
      res.end(page(req.url === '/next' ? '外部站点第二页' : '外部站点'));
    });
    server.listen(0, '127.0.0.1', () => ok(server));
  });
}
const urlOf = (s: Server) => `http://127.0.0.1:${(s.address() as { port: number }).port}`;
const NAMES = { frame: `外部报表${RUN}`, closed: `禁嵌站点${RUN}`, self: `门户${RUN}`, parent: `上级门户${RUN}` };

test.beforeAll(async ({ request }) => {
  open = await site({});
  closed = await site({ 'x-frame-options': 'DENY', 'content-security-policy': "frame-ancestors 'none'" });
  openUrl = urlOf(open);
  closedUrl = urlOf(closed);
  const token = await apiLogin(request, ADMIN.username, ADMIN.password);
  const save = (menuNo: string, menuName: string, menuLink: string, target: string) =>
    api<{ id: number }>(request, 'POST', '/menu/save', { token, data: { menuNo: `${menuNo}${RUN}`, menuName, menuLink, target } });
  for (const [no, name, link, target] of [
    ['wvframe', NAMES.frame, `${openUrl}/`, 'iframe'], ['wvclosed', NAMES.closed, `${closedUrl}/`, 'iframe'],
    ['wvself', NAMES.self, `${openUrl}/self`, '_self'], ['wvparent', NAMES.parent, `${openUrl}/parent`, '_parent'],
  ]) {
    const saved = await save(no!, name!, link!, target!);
    expect(saved.body.code, saved.body.msg).toBe(0);
  }
  // Refused when saved: never an address that runs or reads something.
  for (const link of ['javascript:alert(document.cookie)', 'data:text/html,<script>alert(1)</script>', 'file:///etc/passwd']) {
    expect((await save('wvbad', '坏链接', link, 'iframe')).body.code, link).toBe(-1);
  }
});

test.afterAll(async () => {
  await new Promise((r) => open?.close(r));
  await new Promise((r) => closed?.close(r));
});

test('a framed link opens inside the layout under its bar; the site navigates within its frame, the app stays', async ({ page: app }) => {
  await signIn(app, ADMIN.username, ADMIN.password);
  await app.getByRole('navigation', { name: '主菜单' }).getByRole('link', { name: NAMES.frame }).click();
  await expect(app).toHaveURL(new RegExp(`/webview\\?menu=wvframe${RUN}$`));
  const bar = app.getByRole('toolbar', { name: NAMES.frame });
  await expect(bar.getByTestId('webview-address')).toHaveText(`${openUrl}/`);
  await expect(app.getByRole('tablist', { name: '已打开页面' }).getByRole('tab', { name: NAMES.frame })).toHaveAttribute('aria-selected', 'true');
  const frame = app.frameLocator(`iframe[title="${NAMES.frame}"]`);
  await expect(frame.getByRole('heading', { name: '外部站点' })).toBeVisible();
  await frame.getByRole('link', { name: '下一页' }).click();
  await expect(frame.getByRole('heading', { name: '外部站点第二页' })).toBeVisible();
  await expect(app).toHaveURL(new RegExp(`/webview\\?menu=wvframe${RUN}$`));
});

test('a site that refuses framing shows nothing in the frame; 在新窗口打开 opens it, the app staying', async ({ page: app }) => {
  await signIn(app, ADMIN.username, ADMIN.password);
  await app.getByRole('navigation', { name: '主菜单' }).getByRole('link', { name: NAMES.closed }).click();
  const bar = app.getByRole('toolbar', { name: NAMES.closed });
  await expect(bar.getByText('页面空白或显示“拒绝连接”时，是该网站不允许嵌入显示，请点“在新窗口打开”。')).toBeVisible();
  // The browser refuses to show it framed: the site's page never appears in the frame.
  const frame = app.locator(`iframe[title="${NAMES.closed}"]`);
  await expect(frame).toBeVisible();
  await expect(app.frameLocator(`iframe[title="${NAMES.closed}"]`).getByRole('heading', { name: '外部站点' })).toHaveCount(0);
  const [popup] = await Promise.all([app.waitForEvent('popup'), bar.getByRole('link', { name: '在新窗口打开' }).click()]);
  await expect(popup).toHaveURL(`${closedUrl}/`);
  await expect(popup.getByRole('heading', { name: '外部站点' })).toBeVisible();
  await expect(app).toHaveURL(new RegExp(`/webview\\?menu=wvclosed${RUN}$`));
});

test('a whole-window link takes the window to the site', async ({ page: app }) => {
  await signIn(app, ADMIN.username, ADMIN.password);
  await app.getByRole('navigation', { name: '主菜单' }).getByRole('link', { name: NAMES.self, exact: true }).click();
  await expect(app).toHaveURL(`${openUrl}/self`);
  await expect(app.getByRole('heading', { name: '外部站点' })).toBeVisible();
});

test('a parent-frame link takes the framing page to the site; without a parent, the window', async ({ page: app }) => {
  await signIn(app, ADMIN.username, ADMIN.password);
  // The app framed by a page of its own origin (as a plant's portal page on the same server would).
  await app.evaluate((src) => {
    document.body.innerHTML = '';
    const frame = document.createElement('iframe');
    frame.src = src;
    frame.style.width = '1000px';
    frame.style.height = '700px';
    document.body.append(frame);
  }, `/webview/parent?menu=wvparent${RUN}`);
  await expect(app).toHaveURL(`${openUrl}/parent`);
  await expect(app.getByRole('heading', { name: '外部站点' })).toBeVisible();

  await app.goto(`/webview/parent?menu=wvparent${RUN}`);
  await expect(app).toHaveURL(`${openUrl}/parent`);
});
