import { expect, test } from '@playwright/test';
import { RestPlatform } from '../server/regulator/platform-rest';
import { ADMIN, api, apiLogin, signIn } from './helpers';

/**
 * 监管平台对接 end to end (issue 36): an administrator sets up a REST connection to a platform (the conformance stand-in
 * of tests/server/regulator, which checks the signature, every required element and the codes), maps the gas's code on
 * the screen, and watches a fill's record on the board: 待发送 while the platform is down, 已接收 once it answers.
 */
const RUN = Date.now().toString(36).toUpperCase();
const ACCESS = `E2E${RUN}`.slice(0, 20);
const GAS = `监管氮气${RUN}`;
const CODE = `RGE${RUN}`;
const FILLER = { username: `rgfill${RUN.toLowerCase()}`, password: 'Filler#2026e2e' };

test('a connection set up on the screen: a fill goes queued → accepted on the board', async ({ page, request }) => {
  test.setTimeout(120_000);
  const platform = new RestPlatform({
    appKey: `key-${RUN}`, appSecret: `secret-${RUN}-0123456789`, accessCode: ACCESS,
    codes: { gas: ['N2-E2E'], cylinderType: ['T40'], status: Array.from({ length: 11 }, (_, s) => `S${s}`) },
  });
  await platform.start();
  platform.mode = 'down';
  const admin = await apiLogin(request, ADMIN.username, ADMIN.password);
  let connectionId = 0;
  try {
    const ok = (r: { body: { code: number; msg: string } }, what: string) => expect(r.body.code, `${what}: ${r.body.msg}`).toBe(0);
    ok(await api(request, 'POST', '/company/save', {
      token: admin, data: { companyName: '重庆某某气体有限公司', creditCode: '91500112MA5U000001', licenceNo: 'TS4250001-2027', licenceExpiry: '2027-12-31', areaCode: '500112' },
    }), 'company');
    const roles = await api<Array<{ id: number; roleCode: string }>>(request, 'POST', '/role/list', { token: admin, data: {} });
    ok(await api(request, 'POST', '/user/save', {
      token: admin, data: {
        username: FILLER.username, name: `充装工${RUN}`, password: FILLER.password, roleIds: [roles.body.data.find((r) => r.roleCode === 'admin')!.id],
        mustChangePassword: false, fillerCertNo: `TS${RUN}`, fillerCertExpiry: '2030-12-31', fillerCertCategories: ['compressed'],
      },
    }), 'filler');
    const filler = await apiLogin(request, FILLER.username, FILLER.password);
    const gas = await api<{ id: number }>(request, 'POST', '/material/save', {
      token: admin, data: { materialName: GAS, code: `RG${RUN}`, category: 'compressed', reweighRequired: false },
    });
    ok(gas, 'gas');

    await signIn(page, ADMIN.username, ADMIN.password);
    await page.goto('/Setting/Regulator');
    await page.getByRole('button', { name: '新增对接' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('名称').fill(`市平台${RUN}`);
    await dialog.getByRole('combobox', { name: /对接方式/ }).click();
    await page.getByRole('option', { name: 'REST 接口（签名 JSON）' }).click();
    await dialog.getByLabel('平台接入码').fill(ACCESS);
    await dialog.getByLabel('平台地址').fill(platform.url);
    await dialog.getByLabel('AppKey').fill(`key-${RUN}`);
    await dialog.getByLabel('AppSecret').fill(`secret-${RUN}-0123456789`);
    await dialog.getByRole('button', { name: '保存' }).click();
    const row = page.getByTestId('regulator-connections').getByRole('row').filter({ hasText: `市平台${RUN}` });
    await expect(row).toBeVisible();
    await row.click();

    // The gas's code on the screen; the statuses and the specification by the API (eleven rows to type otherwise).
    await page.getByRole('tab', { name: '代码对照' }).click();
    await page.getByLabel(`${GAS}的平台代码`).fill('N2-E2E');
    await page.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText(/已保存 \d+ 项代码对照/)).toBeVisible();
    const conns = await api<Array<{ id: number; name: string }>>(request, 'GET', '/regulator/connections', { token: admin });
    connectionId = conns.body.data.find((c) => c.name === `市平台${RUN}`)!.id;
    ok(await api(request, 'POST', '/regulator/saveCodeMap', {
      token: admin, data: { connectionId, table: 'status', entries: Array.from({ length: 11 }, (_, s) => ({ localKey: String(s), code: `S${s}` })) },
    }), 'statuses');
    ok(await api(request, 'POST', '/regulator/saveCodeMap', { token: admin, data: { connectionId, table: 'cylinderType', entries: [{ localKey: '40L', code: 'T40' }] } }), 'types');

    // A cylinder registered, picked and filled at a station.
    const next = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
    ok(await api(request, 'POST', '/product/addProduct', {
      token: admin, data: { code: CODE, materialId: gas.body.data.id, specification: '40L', manufactureDate: '2024-01-01', nextInspectionDate: next, tareWeight: 40 },
    }), 'register');
    ok(await api(request, 'POST', '/produce/addPicking', { token: filler, data: { code: CODE } }), 'pick');
    ok(await api(request, 'POST', '/produce/filling', { token: filler, data: { code: CODE, materialId: gas.body.data.id, filledPressure: 15 } }), 'fill');

    await page.getByRole('tab', { name: '上报记录' }).click();
    const state = (kind: string) => page.getByTestId('regulator-records').getByRole('row').filter({ hasText: CODE }).filter({ hasText: kind })
      .getByTestId('regulator-state');
    await expect(state('气瓶登记')).toHaveText('待发送', { timeout: 20_000 });
    platform.mode = 'normal';
    await expect(state('充装记录')).toHaveText('已接收', { timeout: 60_000 });
    await expect(state('气瓶登记')).toHaveText('已接收');
    const fill = platform.received.find((r) => r.recordType === 'fill' && r.data.cylinderCode === CODE)!;
    expect(fill.answer.code).toBe('0');
    expect(fill.data).toMatchObject({ gasCode: 'N2-E2E', fillerCertNo: `TS${RUN}`, statusCode: 'S4', areaCode: '500112' });
  } finally {
    // Paused: the specs after this one make events of gases it has no codes for.
    if (connectionId) await api(request, 'POST', '/regulator/enableConnection', { token: admin, data: { id: connectionId, enabled: false } });
    await platform.stop();
  }
});
