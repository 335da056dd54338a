import { expect, test, type Page } from '@playwright/test';
import { ADMIN, api, apiLogin, signIn } from './helpers';

/**
 * The product's proof that the loop closes: one cylinder round the whole life cycle by typed scans alone
 * (a keyboard-wedge scanner types the code and Enter) — pick, fill, inspect, re-weigh, finished stock-in,
 * an outbound order scanned and completed with a signature drawn on the pad, recovery, vacuum, empty
 * stock-in — and the traceability screen shows every step with its user and time; the customer's holdings
 * show the cylinder while it is out and not after.
 */
const RUN = Date.now().toString(36).toUpperCase();
const CODE = `LOOP${RUN}`;
const GAS = `氩气${RUN}`;
const CUSTOMER = `环路客户${RUN}`;
const PLATE = `浙B${RUN.slice(-5)}`;
const DRIVER = `赵师傅${RUN}`;
const ESCORT = `钱押运${RUN}`;
const FINISHED = `成品库${RUN}`;
const EMPTY = `空瓶库${RUN}`;

test.beforeAll(async ({ request }) => {
  const token = await apiLogin(request, ADMIN.username, ADMIN.password);
  const ok = (r: { body: { code: number; msg: string } }) => expect(r.body.code, r.body.msg).toBe(0);
  const gas = await api<{ id: number }>(request, 'POST', '/material/save', {
    token, data: { materialName: GAS, code: `AR${RUN}`, category: 'compressed', reweighRequired: true, targetNetWeight: 20, weightTolerance: 0.5 },
  });
  ok(gas);
  ok(await api(request, 'POST', '/produce/saveTestProject', {
    token, data: { materialId: gas.body.data.id, projects: [{ projectName: '纯度', standardMin: 99.9, unit: '%', required: true }] },
  }));
  ok(await api(request, 'POST', '/wdwarehouse/saveAndEditWare', { token, data: { warehouseName: FINISHED, warehouseCode: `F${RUN}`, kind: 'finished' } }));
  ok(await api(request, 'POST', '/wdwarehouse/saveAndEditWare', { token, data: { warehouseName: EMPTY, warehouseCode: `E${RUN}`, kind: 'empty' } }));
  ok(await api(request, 'POST', '/enterprise/save', { token, data: { type: '2', enterpriseName: CUSTOMER, enterpriseCode: `K${RUN}` } }));
  // The transport registers an outbound order chooses from (危险货物运输: a vehicle, its driver and an escort).
  const papers = new Date(Date.now() + 2 * 365 * 86_400_000).toISOString().slice(0, 10);
  ok(await api(request, 'POST', '/vehicle/save', { token, data: { plate: PLATE, permitNo: `渝交运${RUN}`, permitExpiry: papers, status: 1 } }));
  ok(await api(request, 'POST', '/crew/save', { token, data: { name: DRIVER, kind: 'driver', qualificationNo: `JS${RUN}`, qualificationExpiry: papers, status: 1 } }));
  ok(await api(request, 'POST', '/crew/save', { token, data: { name: ESCORT, kind: 'escort', qualificationNo: `YY${RUN}`, qualificationExpiry: papers, status: 1 } }));
  const next = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
  ok(await api(request, 'POST', '/product/addProduct', {
    token, data: { code: CODE, materialId: gas.body.data.id, specification: '40L', manufactureDate: '2024-01-01', nextInspectionDate: next, tareWeight: 40 },
  }));
});

async function scan(page: Page, label: string, code: string): Promise<void> {
  const input = page.getByLabel(label, { exact: true });
  await input.fill(code);
  await input.press('Enter');
}

const verdict = (page: Page) => page.getByRole('region', { name: '扫描结论' });

async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The holdings list filtered by the cylinder's code. */
async function holdingsShow(page: Page): Promise<ReturnType<Page['getByRole']>> {
  await page.goto('/storage/query');
  await page.getByRole('tab', { name: '持瓶明细' }).click();
  await page.getByRole('textbox', { name: '气瓶编码' }).fill(CODE);
  await page.getByTestId('screen').getByRole('button', { name: '查询', exact: true }).click();
  return page.getByTestId('holdings-table').getByRole('row').filter({ hasText: CODE });
}

test('one cylinder round the whole loop by typed scans; the trace shows every step, the holdings follow it', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto('/Setting/machine');
  await page.getByLabel('工作站名称').fill('全流程工位');

  // Production: pick, fill, inspect, re-weigh.
  await page.goto('/produce/produce');
  await page.getByRole('tab', { name: '领瓶', exact: true }).click();
  await scan(page, '扫码领瓶', CODE);
  await expect(verdict(page)).toContainText(`气瓶 ${CODE} 领瓶成功`);
  await page.getByRole('tab', { name: '充装', exact: true }).click();
  await choose(page, '充装介质', GAS);
  // A compressed gas: the final pressure typed for the cylinder.
  await page.getByLabel('充装压力（MPa）').fill('15');
  await scan(page, '扫码充装', CODE);
  await expect(verdict(page)).toContainText(`气瓶 ${CODE} 充装成功`);
  await page.goto('/produce/inspect');
  await scan(page, '扫码检验', CODE);
  await page.getByRole('form').getByLabel('纯度（%）').fill('99.95');
  await page.getByRole('form').getByRole('button', { name: '提交' }).click();
  await expect(verdict(page)).toContainText(`气瓶 ${CODE} 检验合格`);
  await page.goto('/produce/produce');
  await page.getByRole('tab', { name: '复秤', exact: true }).click();
  await page.getByLabel('手工录入毛重（kg）').fill('60.1');
  await scan(page, '扫码复秤', CODE);
  await expect(verdict(page)).toContainText(`气瓶 ${CODE} 复秤合格`);

  // Finished stock-in: the first scan opens the order, 完成入库 closes it.
  await page.goto('/storage/inbound');
  await page.getByRole('tab', { name: '入库', exact: true }).click();
  await choose(page, '入库类型', '成品入库');
  await choose(page, '仓库', FINISHED);
  await scan(page, '扫码入库', CODE);
  await expect(verdict(page)).toContainText(`气瓶 ${CODE} 成品入库成功`);
  await expect(page.getByTestId('in-order')).toContainText('已入库 1 瓶');
  await page.getByRole('button', { name: '完成入库' }).click();
  await expect(page.getByTestId('in-order')).toContainText('扫描第一个气瓶时自动新建入库单');

  // Outbound: an order for the customer, one line of the gas; scanned; completed with a drawn signature.
  await page.goto('/storage/outbound');
  await page.getByRole('button', { name: '新建出库单' }).click();
  const create = page.getByRole('dialog', { name: '新建出库单' });
  await create.getByLabel('客户').fill(CUSTOMER);
  await page.getByRole('option', { name: CUSTOMER }).click();
  // A vehicle makes its driver and escort required (their labels then end in *): chosen by the combobox's name.
  for (const [name, option] of [['运输车辆', PLATE], ['驾驶员', DRIVER], ['押运员', ESCORT]] as const) {
    await create.getByRole('combobox', { name }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  }
  await create.getByTestId('order-line').getByLabel('介质').click();
  await page.getByRole('option', { name: GAS, exact: true }).click();
  await create.getByTestId('order-line').getByLabel('数量').fill('1');
  await create.getByRole('button', { name: '保存' }).click();
  await expect(create).toBeHidden();
  // A new order opens at its scanning view.
  await expect(page.getByTestId('out-order-header')).toContainText(CUSTOMER);
  await scan(page, '扫码出库', CODE);
  await expect(verdict(page)).toContainText(`气瓶 ${CODE} 已扫入出库单`);
  await expect(page.getByTestId('line-progress').first()).toHaveText('1 / 1');

  await page.getByRole('button', { name: '完成出库' }).click();
  const done = page.getByRole('dialog', { name: /完成出库/ });
  const confirm = done.getByRole('button', { name: '确认出库' });
  await done.getByLabel('签收人').fill('钱收货');
  await expect(confirm).toBeDisabled();
  const pad = done.getByTestId('sign-pad');
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 30, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 10; i += 1) await page.mouse.move(box.x + 30 + i * 25, box.y + box.height / 2 + (i % 2 ? 20 : -20), { steps: 3 });
  await page.mouse.up();
  await expect(confirm).toBeEnabled();
  await confirm.click();
  await expect(done).toBeHidden();
  await expect(page.getByText('出库完成').first()).toBeVisible();

  // Out at the customer: the holdings show it.
  await expect(await holdingsShow(page)).toContainText(CUSTOMER);

  // Recovery by a typed scan, then the holdings no longer show it.
  await page.goto('/storage/inbound');
  await page.getByRole('tab', { name: '回收', exact: true }).click();
  await scan(page, '扫码回收', CODE);
  await expect(verdict(page)).toContainText(`气瓶 ${CODE} 回收成功`);
  await expect(await holdingsShow(page)).toHaveCount(0);
  await expect(page.getByTestId('holdings-table').getByText('暂无数据')).toBeVisible();

  // Vacuum on the trace screen, then the empty stock-in.
  await page.goto('/produce/traceability');
  await scan(page, '气瓶编码', CODE);
  await page.getByRole('button', { name: '抽真空', exact: true }).click();
  const vacuum = page.getByRole('dialog', { name: `抽真空：${CODE}` });
  await vacuum.getByLabel('真空度（MPa）').fill('-0.09');
  await vacuum.getByRole('button', { name: '抽真空', exact: true }).click();
  await expect(vacuum).toBeHidden();
  await page.goto('/storage/inbound');
  await page.getByRole('tab', { name: '入库', exact: true }).click();
  await choose(page, '入库类型', '空瓶入库');
  await choose(page, '仓库', EMPTY);
  await scan(page, '扫码入库', CODE);
  await expect(verdict(page)).toContainText(`气瓶 ${CODE} 空瓶入库成功`);

  // The whole history, each step with its user and time.
  await page.goto('/produce/traceability');
  await scan(page, '气瓶编码', CODE);
  const timeline = page.getByRole('list', { name: '追溯时间线' });
  const steps = ['登记', '领瓶', '充装', '检验合格', '复秤合格', '成品入库', '出库扫描', '出库', '回收', '抽真空', '空瓶入库'];
  for (const step of steps) await expect(timeline.getByText(step, { exact: true }).first()).toBeVisible();
  await expect(timeline.getByRole('listitem')).toHaveCount(steps.length);
  for (const item of await timeline.getByRole('listitem').all()) {
    await expect(item).toContainText('管理员');
    await expect(item).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
  }
  await expect(timeline.getByText('@全流程工位')).toHaveCount(steps.length - 1);
});
