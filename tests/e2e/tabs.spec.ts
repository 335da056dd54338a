import { expect, test, type Page } from '@playwright/test';
import { ADMIN, signIn } from './helpers';

/**
 * Many open tabs (issue 31 item 16): the strip of open pages scrolls, and the active tab is always wholly
 * visible, the first time the tabs overflow included (when the scroll buttons appear).
 */
const MENUS: Array<[group: string, item: string]> = [
  ['产品中心', '气瓶档案'], ['产品中心', '定期检验'], ['产品中心', '介质管理'], ['仓储中心', '入库管理'], ['仓储中心', '出库管理'],
  ['仓储中心', '库存查询'], ['生产中心', '充装管理'], ['生产中心', '检验管理'], ['生产中心', '追溯查询'], ['质量中心', '客户质量'],
  ['质量中心', '出厂质量'], ['质量中心', '追溯召回'], ['系统设置', '用户管理'], ['系统设置', '角色管理'], ['系统设置', '菜单管理'],
  ['系统设置', '操作日志'], ['系统设置', '数据字典'], ['系统设置', '设备设置'],
];

/** How far the tab `label` sticks out of the visible strip (0 when wholly visible); -1 while it is not the active one. */
function cutOff(page: Page, label: string): Promise<number> {
  return page.evaluate((name) => {
    const strip = document.querySelector('[role="tablist"][aria-label="已打开页面"]');
    const tab = [...(strip?.querySelectorAll('[role="tab"]') ?? [])].find((el) => el.getAttribute('aria-label') === name);
    const scroller = tab?.closest('.MuiTabs-scroller');
    if (!tab || !scroller || tab.getAttribute('aria-selected') !== 'true') return -1;
    const [s, t] = [scroller.getBoundingClientRect(), tab.getBoundingClientRect()];
    // Whole pixels: layout puts edges on fractions of a pixel.
    return Math.max(0, Math.round(s.left - t.left), Math.round(t.right - s.right));
  }, label);
}

test('with many tabs open, the active tab is scrolled wholly into view', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, ADMIN.username, ADMIN.password);
  const nav = page.getByRole('navigation', { name: '主菜单' });
  for (const [group, item] of MENUS) {
    const entry = nav.getByRole('link', { name: item, exact: true });
    if (!(await entry.isVisible())) await nav.getByRole('button', { name: group, exact: true }).click();
    await entry.click();
    // The strip scrolls with an animation: the tab must end up (and stay) wholly visible.
    await expect.poll(() => cutOff(page, item), { message: `${item} cut off` }).toBe(0);
  }
  // Back to the first: scrolled into view from the left too.
  await page.getByRole('tablist', { name: '已打开页面' }).getByRole('tab', { name: '首页', exact: true }).click();
  await expect.poll(() => cutOff(page, '首页')).toBe(0);
});
