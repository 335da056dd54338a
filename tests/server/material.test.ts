import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenData } from '../../src/shared/api/auth';
import type { PageResult } from '../../src/shared/api/schema';
import type { MaterialOption, MaterialRow } from '../../src/shared/api/material';
import { buildTestApp, createLimitedUser, type TestApp } from './app-helper';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await buildTestApp();
  token = (await t.login()).token;
});
afterAll(async () => { await t?.close(); });

const save = (body: Record<string, unknown>, as = token) => t.call<{ id: number }>('POST', '/api/material/save', { token: as, body });
const countMaterials = async () => Number((await t.db.selectFrom('materials').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('gases (materials)', () => {
  it('creates a gas with the DOMAIN defaults and reads it back', async () => {
    const { body } = await save({ materialName: '氮气', materialShortName: 'N2', code: 'N2', category: 'compressed' });
    expect(body.code).toBe(0);
    const info = await t.call<MaterialRow>('GET', `/api/material/info/${body.data.id}`, { token });
    expect(info.body.data).toMatchObject({
      materialName: '氮气', code: 'N2', category: 'compressed', inspectionIntervalYears: 5, designLifeYears: 30, status: 1,
      flammable: false, reweighRequired: false,
    });
    const lpg = await save({ materialName: '液化石油气', code: 'LPG', category: 'liquefied', flammable: true, targetNetWeight: 14.5, weightTolerance: 0.5 });
    const lpgRow = (await t.call<MaterialRow>('GET', `/api/material/info/${lpg.body.data.id}`, { token })).body.data;
    expect(lpgRow).toMatchObject({ inspectionIntervalYears: 4, designLifeYears: 8, reweighRequired: true, targetNetWeight: 14.5, weightTolerance: 0.5 });
    const cl2 = await save({ materialName: '氯气', code: 'CL2', category: 'liquefied', corrosive: true, toxic: true, reweighRequired: false });
    expect((await t.call<MaterialRow>('GET', `/api/material/info/${cl2.body.data.id}`, { token })).body.data.inspectionIntervalYears).toBe(2);
    const o2 = await save({ materialName: '氧气', code: 'O2', category: 'compressed', oxidizing: true, inspectionIntervalYears: 3 });
    expect((await t.call<MaterialRow>('GET', `/api/material/info/${o2.body.data.id}`, { token })).body.data.inspectionIntervalYears).toBe(3);
  });

  it('refuses a duplicate code naming field and value, on create and on edit', async () => {
    const first = await save({ materialName: '氩气', code: 'AR', category: 'compressed' });
    expect((await save({ materialName: '另一个氩气', code: 'AR', category: 'compressed' })).body)
      .toEqual({ code: -1, msg: '介质编码已存在：AR', data: null });
    const other = await save({ materialName: '氦气', code: 'HE', category: 'compressed' });
    expect((await save({ id: other.body.data.id, materialName: '氦气', code: 'AR', category: 'compressed' })).body.msg).toBe('介质编码已存在：AR');
    // Saving a gas under its own code is an edit, not a duplicate.
    expect((await save({ id: first.body.data.id, materialName: '氩气（高纯）', code: 'AR', category: 'compressed' })).body.code).toBe(0);
  });

  it('refuses invalid input naming the field and writes nothing', async () => {
    const before = await countMaterials();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ code: 'X1', category: 'compressed' }, '介质名称'],
      [{ materialName: '坏', code: 'X 1', category: 'compressed' }, '介质编码'],
      [{ materialName: '坏', code: 'ar', category: 'compressed' }, '介质编码已存在：AR'],
      [{ materialName: '坏', code: 'X1', category: 'plasma' }, '介质类别'],
      [{ materialName: '坏', code: 'X1', category: 'compressed', inspectionIntervalYears: 0 }, '定期检验周期'],
      [{ materialName: '坏', code: 'X1', category: 'liquefied' }, '目标净充装量'],
      [{ materialName: '坏', code: 'X1', category: 'liquefied', targetNetWeight: 14.5 }, '允许偏差'],
    ];
    for (const [body, field] of cases) {
      const res = await save(body);
      expect(res.body.code, JSON.stringify(body)).toBe(-1);
      expect(res.body.msg).toContain(field);
      expect(res.body.msg).not.toMatch(/[a-z][A-Z]/); // no field keys such as materialName
    }
    expect(await countMaterials()).toBe(before);
  });

  it('pages with filters and whitelisted sorts', async () => {
    const res = await t.call<PageResult<MaterialRow>>('POST', '/api/material/listPage', {
      token, body: { page: 1, size: 2, sidx: 'code', order: 'asc', category: 'compressed' },
    });
    expect(res.body.data.total).toBeGreaterThanOrEqual(4);
    expect(res.body.data.list.map((m) => m.code)).toEqual(['AR', 'HE']);
    expect((await t.call('POST', '/api/material/listPage', { token, body: { sidx: 'remark; drop table x' } })).body)
      .toMatchObject({ code: -1, msg: '参数错误：排序字段取值无效' });
  });

  it('disables a gas: it leaves the dropdown', async () => {
    const { body } = await save({ materialName: '氪气', code: 'KR', category: 'compressed' });
    const options = async () => (await t.call<MaterialOption[]>('GET', '/api/material/dropDown', { token })).body.data.map((o) => o.code);
    expect(await options()).toContain('KR');
    expect((await t.call('POST', '/api/material/startOrStop', { token, body: { id: body.data.id, status: 0 } })).body.code).toBe(0);
    expect(await options()).not.toContain('KR');
    expect((await t.call('POST', '/api/material/startOrStop', { token, body: { id: 999999, status: 0 } })).body.code).toBe(-1);
  });

  it('refuses callers without the keys (403) and writes nothing', async () => {
    const user = await createLimitedUser(t, token, 'gasviewer', ['material:view', 'material:add']);
    const login = await t.call<TokenData>('POST', '/api/home/login', { body: { username: user.username, password: user.password } });
    const limited = login.body.data.token;
    expect((await t.call('POST', '/api/material/listPage', { token: limited, body: {} })).body.code).toBe(0);
    const existing = (await t.db.selectFrom('materials').select(['id', 'material_name']).where('code', '=', 'N2').executeTakeFirstOrThrow());
    const edit = await save({ id: existing.id, materialName: '改名', code: 'N2', category: 'compressed' }, limited);
    expect(edit.status).toBe(403);
    expect(edit.body.msg).toBe('没有权限：编辑（介质管理）');
    expect((await t.call('POST', '/api/material/startOrStop', { token: limited, body: { id: existing.id, status: 0 } })).status).toBe(403);
    const after = await t.db.selectFrom('materials').select(['material_name', 'status']).where('id', '=', existing.id).executeTakeFirstOrThrow();
    expect(after).toEqual({ material_name: existing.material_name, status: 1 });
    expect((await t.call('POST', '/api/material/save', { body: { materialName: 'x', code: 'x', category: 'compressed' } })).status).toBe(401);
  });
});
