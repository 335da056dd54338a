import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenData } from '../../src/shared/api/auth';
import type { PageResult } from '../../src/shared/api/schema';
import type { DueRow, PeriodicInspectionRow } from '../../src/shared/api/periodicInspection';
import type { FillGateReason, ProductDetail, StatusCount } from '../../src/shared/api/product';
import type { InspectionItemRow } from '../../src/shared/api/inspectionItem';
import { addDays, addYears, today } from '../../src/server/lib/dates';
import { buildTestApp, createLimitedUser, type TestApp } from './app-helper';
import { createGas } from './master-data-helper';

let t: TestApp;
let token: string;
let n2: number;
const TODAY = today();

beforeAll(async () => {
  t = await buildTestApp();
  token = (await t.login()).token;
  n2 = await createGas(t, token, { materialName: '氮气', code: 'N2' });
});
afterAll(async () => { await t?.close(); });

/** Registers a cylinder whose next inspection is `daysFromNow` away and returns its id. */
async function cylinder(code: string, daysFromNow: number, extra: Record<string, unknown> = {}): Promise<number> {
  const next = addDays(TODAY, daysFromNow);
  const res = await t.call('POST', '/api/product/addProduct', {
    token, body: { code, materialId: n2, manufactureDate: '2015-01-01', lastInspectionDate: '2020-01-01', nextInspectionDate: next, ...extra },
  });
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 0 });
  return (await t.db.selectFrom('cylinders').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
}
const record = (body: Record<string, unknown>, as = token) => t.call<{ id: number; nextDate: string | null }>('POST', '/api/detect/record', { token: as, body });
const due = (body: Record<string, unknown>) => t.call<PageResult<DueRow>>('POST', '/api/detect/listPage', { token, body });

describe('periodic inspection', () => {
  beforeAll(async () => {
    await cylinder('DUE-OVER', -10);
    await cylinder('DUE-SOON', 20);
    await cylinder('DUE-LATER', 90);
  });

  it('lists cylinders due or overdue within N days, soonest first, with days left', async () => {
    const page = (await due({ days: 30, code: 'DUE' })).body.data;
    expect(page.total).toBe(2);
    expect(page.list.map((r) => [r.code, r.daysLeft])).toEqual([['DUE-OVER', -10], ['DUE-SOON', 20]]);
    expect((await due({ days: 100, code: 'DUE' })).body.data.total).toBe(3);
    expect((await due({ overdueOnly: true, code: 'DUE' })).body.data.list.map((r) => r.code)).toEqual(['DUE-OVER']);
    expect((await due({ days: -1 })).body.msg).toBe('参数错误：到期天数不能小于 0');
  });

  it('pass: next date = inspection date + the gas interval; the cylinder leaves the due list', async () => {
    const id = await cylinder('PASS1', -5);
    const on = addDays(TODAY, -1);
    const res = await record({ cylinderId: id, inspectedOn: on, result: 1, agency: '市特检院', reportNo: 'R-001' });
    expect(res.body).toMatchObject({ code: 0, data: { nextDate: addYears(on, 5) } });
    const detail = (await t.call<ProductDetail>('GET', `/api/product/info/${id}`, { token })).body.data;
    expect(detail).toMatchObject({ status: 2, lastInspectionDate: on, nextInspectionDate: addYears(on, 5) });
    expect((await due({ days: 30, code: 'PASS1' })).body.data.total).toBe(0);
    const history = (await t.call<PageResult<PeriodicInspectionRow>>('POST', '/api/detect/history', { token, body: { cylinderId: id } })).body.data;
    expect(history.list).toEqual([expect.objectContaining({ inspectedOn: on, result: 1, nextDate: addYears(on, 5), agency: '市特检院', operator: '管理员' })]);
  });

  it('fail: the cylinder is scrapped with a trace event, and counted as scrap', async () => {
    const id = await cylinder('FAIL1', -5);
    const before = (await t.call<StatusCount[]>('GET', '/api/product/statusCount', { token })).body.data[0]!.count;
    // Scrapping for good needs the report number and the reason.
    expect((await record({ cylinderId: id, inspectedOn: TODAY, result: 0, failReason: '壁厚不足' })).body.msg).toContain('检验报告编号');
    expect((await record({ cylinderId: id, inspectedOn: TODAY, result: 0, reportNo: 'R-9' })).body.msg).toContain('不合格原因');
    expect((await record({ cylinderId: id, inspectedOn: TODAY, result: 0, reportNo: 'R-9', failReason: '壁厚不足' })).body)
      .toMatchObject({ code: 0, data: { nextDate: null } });
    const detail = (await t.call<ProductDetail>('GET', `/api/product/info/${id}`, { token })).body.data;
    expect(detail).toMatchObject({ status: 0, scrapReason: '定期检验不合格：壁厚不足' });
    expect(detail.traces.at(-1)).toMatchObject({ fromStatus: 2, toStatus: 0, action: 'inspectionFail' });
    expect((await t.call<StatusCount[]>('GET', '/api/product/statusCount', { token })).body.data[0]!.count).toBe(before + 1);
    expect((await record({ cylinderId: id, inspectedOn: TODAY, result: 1 })).body.msg).toBe('气瓶 FAIL1 已报废，不能登记检验');
  });

  it('refuses invalid records naming the field and writes nothing', async () => {
    const id = await cylinder('BADREC', 10);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ cylinderId: id, inspectedOn: addDays(TODAY, 1), result: 1 }, '检验日期不能晚于今天'],
      [{ cylinderId: id, inspectedOn: '2019-12-31', result: 1 }, '检验日期早于'],
      [{ cylinderId: id, inspectedOn: '2023-02-29', result: 1 }, '检验日期不是有效日期'],
      [{ cylinderId: id, inspectedOn: TODAY, result: 2 }, '检验结果'],
      [{ cylinderId: id, inspectedOn: TODAY, result: 1, nextDate: TODAY }, '下次检验日期'],
    ];
    for (const [body, field] of cases) {
      const res = await record(body);
      expect(res.body.code, JSON.stringify(body)).toBe(-1);
      expect(res.body.msg).toContain(field);
    }
    const rows = await t.db.selectFrom('periodic_inspections').select('id').where('cylinder_id', '=', id).execute();
    expect(rows).toEqual([]);
    const user = await createLimitedUser(t, token, 'detectview', ['detect:view']);
    const limited = (await t.call<TokenData>('POST', '/api/home/login', { body: { username: user.username, password: user.password } })).body.data.token;
    expect((await due({})).body.code).toBe(0);
    expect((await record({ cylinderId: id, inspectedOn: TODAY, result: 0 }, limited)).status).toBe(403);
    const items = await t.call('POST', '/api/produce/saveTestProject', { token: limited, body: { materialId: n2, projects: [{ projectName: '越权' }] } });
    expect(items.status).toBe(403);
    expect((await t.call('POST', '/api/produce/queryTestProject', { token: limited, body: { materialId: n2 } })).body.code).toBe(0);
    expect((await t.db.selectFrom('cylinders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe(2);
  });

  it('exposes the fill-gate reasons the server computes (overdue inspection)', async () => {
    const gate = async (code: string) => (await t.call<FillGateReason[]>('POST', '/api/product/fillGate', { token, body: { code, materialId: n2 } })).body.data;
    expect(await gate('DUE-SOON')).toEqual([]);
    expect(await gate('DUE-OVER')).toEqual([{ reason: 'inspectionOverdue', message: `气瓶 DUE-OVER 超期未检：下次检验日期 ${addDays(TODAY, -10)} 已过` }]);
    expect((await gate('FAIL1')).map((r) => r.reason)).toEqual(['scrap', 'inspectionOverdue']);
  });
});

describe('inspection items per gas', () => {
  it('saves, reorders, renames and removes the items of a gas', async () => {
    const save = (projects: unknown[]) => t.call<InspectionItemRow[]>('POST', '/api/produce/saveTestProject', { token, body: { materialId: n2, projects } });
    const first = (await save([
      { projectName: '纯度', method: 'GB/T 8979', standardMin: 99.999, unit: '%', required: true },
      { projectName: '水分', standardMax: 3, unit: 'ppm' },
      { projectName: '外观', standardText: '无色无味', required: false },
    ])).body.data;
    expect(first.map((p) => [p.projectName, p.standardMin, p.standardMax, p.required])).toEqual([
      ['纯度', 99.999, null, true], ['水分', null, 3, true], ['外观', null, null, false],
    ]);
    const [purity, water] = first;
    const second = (await save([
      { id: water!.id, projectName: '纯度', standardMax: 5, unit: 'ppm' },
      { id: purity!.id, projectName: '氮气纯度', standardMin: 99.99, unit: '%' },
    ])).body.data;
    expect(second.map((p) => [p.id, p.projectName])).toEqual([[water!.id, '纯度'], [purity!.id, '氮气纯度']]);
    const listed = (await t.call<InspectionItemRow[]>('POST', '/api/produce/queryTestProject', { token, body: { materialId: n2 } })).body.data;
    expect(listed).toEqual(second);
    const one = (await t.call<InspectionItemRow>('POST', '/api/produce/testProjectDetail', { token, body: { id: purity!.id } })).body.data;
    expect(one).toMatchObject({ projectName: '氮气纯度', standardMin: 99.99, unit: '%' });
  });

  it('refuses duplicates, inverted ranges and unknown gases, changing nothing', async () => {
    const before = (await t.call<InspectionItemRow[]>('POST', '/api/produce/queryTestProject', { token, body: { materialId: n2 } })).body.data;
    const save = (body: Record<string, unknown>) => t.call('POST', '/api/produce/saveTestProject', { token, body: { materialId: n2, ...body } });
    expect((await save({ projects: [{ projectName: 'A' }, { projectName: 'A' }] })).body.msg).toBe('参数错误：第 2 个检验项目名称重复：A');
    expect((await save({ projects: [{ projectName: 'B', standardMin: 5, standardMax: 1 }] })).body.msg).toBe('参数错误：检验项目 B 的标准下限不能大于标准上限');
    expect((await save({ materialId: 9999, projects: [] })).body.msg).toBe('参数错误：介质不存在：9999');
    expect((await save({ projects: [{ projectName: '' }] })).body.msg).toBe('参数错误：检验项目 第 1 项 项目名称不能为空');
    const after = (await t.call<InspectionItemRow[]>('POST', '/api/produce/queryTestProject', { token, body: { materialId: n2 } })).body.data;
    expect(after).toEqual(before);
  });
});
