import { expect, test, type Page } from '@playwright/test';
import { ADMIN, api, apiLogin, signIn } from './helpers';

/**
 * The production life cycle by typed scans alone (a keyboard-wedge scanner types the code and Enter):
 * one cylinder through pick → fill → inspect → re-weigh (weight typed, with the permission), one through
 * a failed re-weigh → vacuum handling → stock, one failed inspection → 分析处理 → stock; the trace screen
 * shows each step with its user, workstation and time.
 */
const RUN = Date.now().toString(36).toUpperCase();
const GOOD = `LC${RUN}-1`;
const HEAVY = `LC${RUN}-2`;
const IMPURE = `LC${RUN}-3`;
const GAS = `二氧化碳${RUN}`;
const GAS_CODE = `CO2${RUN}`;

test.beforeAll(async ({ request }) => {
  const token = await apiLogin(request, ADMIN.username, ADMIN.password);
  const ok = (r: { body: { code: number; msg: string } }) => expect(r.body.code, r.body.msg).toBe(0);
  const gas = await api<{ id: number }>(request, 'POST', '/material/save', {
    token, data: { materialName: GAS, code: GAS_CODE, category: 'liquefied', reweighRequired: true, targetNetWeight: 20, weightTolerance: 0.5 },
  });
  ok(gas);
  ok(await api(request, 'POST', '/produce/saveTestProject', {
    token, data: { materialId: gas.body.data.id, projects: [{ projectName: '纯度', standardMin: 99.9, unit: '%', required: true }] },
  }));
  const next = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
  for (const code of [GOOD, HEAVY, IMPURE]) {
    ok(await api(request, 'POST', '/product/addProduct', {
      token, data: { code, materialId: gas.body.data.id, manufactureDate: '2024-01-01', nextInspectionDate: next, tareWeight: 40 },
    }));
  }
});

async function scan(page: Page, label: string, code: string): Promise<void> {
  const input = page.getByLabel(label, { exact: true });
  await input.fill(code);
  await input.press('Enter');
}

const verdict = (page: Page) => page.getByRole('region', { name: '扫描结论' });

test('pick → fill → inspect → re-weigh by typed scans; a heavy one to vacuum and stock; the trace shows who, where and when', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, ADMIN.username, ADMIN.password);

  // This PC's name goes into every event it causes.
  await page.goto('/Setting/machine');
  await page.getByLabel('工作站名称').fill('充装车间一号台');

  await page.goto('/produce/produce');
  // 领瓶
  await page.getByRole('tab', { name: '领瓶', exact: true }).click();
  for (const code of [GOOD, HEAVY]) {
    await scan(page, '扫码领瓶', code);
    await expect(verdict(page)).toContainText(`气瓶 ${code} 领瓶成功`);
  }
  // The same scan again changes nothing and says so.
  await scan(page, '扫码领瓶', GOOD);
  await expect(verdict(page)).toContainText('已处理过');

  // 充装: the gas first, then the scans.
  await page.getByRole('tab', { name: '充装', exact: true }).click();
  await page.getByLabel('充装介质').click();
  await page.getByRole('option', { name: GAS, exact: true }).click();
  for (const code of [GOOD, HEAVY]) {
    // No filling scale in a browser: the weight typed for each cylinder (the admin holds produce:manualWeight).
    await page.getByLabel('手工录入充装量（kg）').fill('20.1');
    await scan(page, '扫码充装', code);
    await expect(verdict(page)).toContainText(`气瓶 ${code} 充装成功`);
  }

  // 检验: the gas's projects as a form.
  await page.goto('/produce/inspect');
  for (const code of [GOOD, HEAVY]) {
    await scan(page, '扫码检验', code);
    const form = page.getByRole('form');
    await form.getByLabel('纯度（%）').fill('99.95');
    await form.getByRole('button', { name: '提交' }).click();
    await expect(verdict(page)).toContainText(`气瓶 ${code} 检验合格`);
  }

  // 复秤: no scale in a browser, the weight typed (the admin holds produce:manualWeight).
  await page.goto('/produce/produce');
  await page.getByRole('tab', { name: '复秤', exact: true }).click();
  await page.getByLabel('手工录入毛重（kg）').fill('60.2');
  await scan(page, '扫码复秤', GOOD);
  await expect(verdict(page)).toContainText(`气瓶 ${GOOD} 复秤合格：净重 20.2 kg`);
  await page.getByLabel('手工录入毛重（kg）').fill('61');
  await scan(page, '扫码复秤', HEAVY);
  await expect(verdict(page)).toContainText(`气瓶 ${HEAVY} 复秤超差，转待分析`);

  // The heavy one: vacuum handling on the trace screen puts it back in stock.
  await page.goto('/produce/traceability');
  await scan(page, '气瓶编码', HEAVY);
  await expect(page.getByText('待分析').first()).toBeVisible();
  await page.getByRole('button', { name: '抽真空', exact: true }).click();
  const vacuum = page.getByRole('dialog', { name: `抽真空：${HEAVY}` });
  await vacuum.getByLabel('真空度（MPa）').fill('-0.09');
  await vacuum.getByRole('button', { name: '抽真空', exact: true }).click();
  await expect(vacuum).toBeHidden();
  await expect(page.getByText('在库').first()).toBeVisible();

  // The good one's timeline: every step with user, workstation and time.
  await scan(page, '气瓶编码', GOOD);
  const timeline = page.getByRole('list', { name: '追溯时间线' });
  for (const step of ['登记', '领瓶', '充装', '检验合格', '复秤合格']) {
    await expect(timeline.getByText(step, { exact: true }).first()).toBeVisible();
  }
  await expect(timeline.getByText('@充装车间一号台')).toHaveCount(4);
  await expect(timeline.getByText('管理员').first()).toBeVisible();
  await expect(timeline.getByText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/).first()).toBeVisible();
});

test('a failed inspection goes to analysis; 分析处理 decides it back to stock', async ({ page, request }) => {
  const token = await apiLogin(request, ADMIN.username, ADMIN.password);
  const gas = (await api<{ list: Array<{ id: number; code: string }> }>(request, 'POST', '/material/listPage', { token, data: { code: GAS_CODE } })).body.data.list[0]!;
  const project = (await api<Array<{ id: number }>>(request, 'POST', '/produce/queryTestProject', { token, data: { materialId: gas.id } })).body.data[0]!;
  for (const [path, data] of [
    ['/produce/addPicking', { code: IMPURE }],
    ['/produce/filling', { code: IMPURE, materialId: gas.id, filledWeight: 20 }],
    ['/produce/testResult', { code: IMPURE, items: [{ projectId: project.id, value: 98 }] }],
  ] as const) {
    const res = await api(request, 'POST', path, { token, data });
    expect(res.body.code, res.body.msg).toBe(0);
  }
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto('/produce/traceability');
  await scan(page, '气瓶编码', IMPURE);
  await page.getByRole('button', { name: '分析处理', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `分析处理：${IMPURE}` });
  await dialog.getByRole('radio', { name: /在库/ }).check();
  await dialog.getByLabel('处理意见').fill('复检纯度合格，退回在库');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('list', { name: '追溯时间线' }).getByText('分析处理', { exact: true }).first()).toBeVisible();
});
