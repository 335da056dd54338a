import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenData } from '../../src/shared/api/auth';
import type { PageResult } from '../../src/shared/api/schema';
import type { CrewRow, TransportOption, VehicleRow } from '../../src/shared/api/transport';
import { addDays, today } from '../../src/server/lib/dates';
import { configCipher } from '../../src/server/lib/field-cipher';
import { crewById, vehicleById } from '../../src/server/modules/transport';
import { buildTestApp, createLimitedUser, type TestApp } from './app-helper';

/** Issue 36: the registers of hazardous-goods transport — 运输车辆 and 驾驶员与押运员. */
let t: TestApp;
let token: string;
const TODAY = today();
const ID_A = '11010519491231002X';
const ID_B = '500103198001011238';

beforeAll(async () => {
  t = await buildTestApp();
  token = (await t.login()).token;
});
afterAll(async () => { await t?.close(); });

const post = <T>(url: string, body: unknown, as = token) => t.call<T>('POST', url, { token: as, body });
const get = <T>(url: string, as = token) => t.call<T>('GET', url, { token: as });
const saveVehicle = (body: Record<string, unknown>, as = token) =>
  post<{ id: number }>('/api/vehicle/save', { permitNo: '渝交运 500100001', permitExpiry: addDays(TODAY, 365), status: 1, ...body }, as);
const saveCrew = (body: Record<string, unknown>, as = token) =>
  post<{ id: number }>('/api/crew/save', { kind: 'driver', qualificationNo: 'Q-1', qualificationExpiry: addDays(TODAY, 365), status: 1, ...body }, as);
const vehicles = (q: Record<string, unknown> = {}) => post<PageResult<VehicleRow>>('/api/vehicle/listPage', { size: 100, ...q });
const crew = (q: Record<string, unknown> = {}) => post<PageResult<CrewRow>>('/api/crew/listPage', { size: 100, ...q });
const created = async (res: Awaited<ReturnType<typeof saveVehicle>>) => {
  expect(res.body, res.body.msg).toMatchObject({ code: 0 });
  return res.body.data.id;
};

describe('运输车辆', () => {
  it('creates, edits and lists vehicles with the days their permit has left; the plate kept in capitals', async () => {
    const id = await created(await saveVehicle({ plate: ' 渝a12345 ', permitExpiry: addDays(TODAY, 10), loadKg: 5000.5, cylinderCapacity: 120, remark: '厢式' }));
    const page = await vehicles({ plate: 'A123' });
    expect(page.body.data).toEqual({
      total: 1,
      list: [{
        id, plate: '渝A12345', permitNo: '渝交运 500100001', permitExpiry: addDays(TODAY, 10), permitDaysLeft: 10, loadKg: 5000.5,
        cylinderCapacity: 120, tankVolume: null, status: 1, remark: '厢式', createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      }],
    });
    await created(await saveVehicle({ id, plate: '渝A12345', permitNo: '渝交运 500100002', permitExpiry: addDays(TODAY, -2), tankVolume: 23.5, status: 1 }));
    expect((await vehicles({ plate: '渝A12345' })).body.data.list[0]).toMatchObject({
      permitNo: '渝交运 500100002', permitDaysLeft: -2, loadKg: null, cylinderCapacity: null, tankVolume: 23.5, remark: null,
    });
    expect((await saveVehicle({ id: 999_999, plate: '渝Z99999' })).body).toEqual({ code: -1, msg: '车辆不存在：999999', data: null });
  });

  it('filters by status and by 即将到期 (expired, or within 30 days), sorts by plate or expiry', async () => {
    const soon = await created(await saveVehicle({ plate: '渝B00030', permitExpiry: addDays(TODAY, 30) }));
    const later = await created(await saveVehicle({ plate: '渝B00031', permitExpiry: addDays(TODAY, 31) }));
    const gone = await created(await saveVehicle({ plate: '渝B00001', permitExpiry: addDays(TODAY, -1), status: 0 }));
    const expiring = (await vehicles({ plate: '渝B', expiring: 1, sidx: 'permitExpiry', order: 'asc' })).body.data;
    expect(expiring.list.map((v) => v.id)).toEqual([gone, soon]);
    expect((await vehicles({ plate: '渝B', sidx: 'plate', order: 'desc' })).body.data.list.map((v) => v.id)).toEqual([later, soon, gone]);
    expect((await vehicles({ plate: '渝B', status: 0 })).body.data.list.map((v) => v.id)).toEqual([gone]);
    expect((await vehicles({ sidx: 'remark' })).body).toMatchObject({ code: -1, msg: '参数错误：排序字段取值无效' });
  });

  it('offers the enabled vehicles with their expiry and whether it has passed (today still counts as valid)', async () => {
    const today = await created(await saveVehicle({ plate: '渝C00001', permitExpiry: TODAY }));
    const past = await created(await saveVehicle({ plate: '渝C00002', permitExpiry: addDays(TODAY, -1) }));
    await created(await saveVehicle({ plate: '渝C00003', status: 0 }));
    const options = (await get<TransportOption[]>('/api/vehicle/options')).body.data.filter((o) => o.name.startsWith('渝C'));
    expect(options).toEqual([
      { id: today, name: '渝C00001', expiry: TODAY, expired: false },
      { id: past, name: '渝C00002', expiry: addDays(TODAY, -1), expired: true },
    ]);
  });

  it('refuses a plate another vehicle has in any letter case, and bad input, writing nothing', async () => {
    const first = await created(await saveVehicle({ plate: '渝D12AB3' }));
    expect((await saveVehicle({ plate: '渝d12ab3' })).body).toEqual({ code: -1, msg: '车牌号已存在：渝D12AB3', data: null });
    const other = await created(await saveVehicle({ plate: '渝D00002' }));
    expect((await saveVehicle({ id: other, plate: '渝D12ab3' })).body.msg).toBe('车牌号已存在：渝D12AB3');
    // Its own plate is no duplicate.
    await created(await saveVehicle({ id: first, plate: '渝d12ab3' }));

    expect((await saveVehicle({ plate: '渝D\u000012' })).body).toMatchObject({ code: -1, msg: expect.stringContaining('车牌号') });
    expect((await saveVehicle({ plate: '渝'.repeat(4000) })).body).toMatchObject({ code: -1, msg: '参数错误：车牌号长度不能超过 16 个字符' });
    expect((await saveVehicle({ plate: '渝D00009', permitNo: 'x'.repeat(4000) })).body).toMatchObject({ code: -1, msg: expect.stringContaining('道路运输证号') });
    expect((await saveVehicle({ plate: '渝D00009', permitExpiry: '2026-02-30' })).body).toMatchObject({ code: -1, msg: expect.stringContaining('道路运输证有效期至') });
    expect((await saveVehicle({ plate: '渝D00009', loadKg: -1 })).body).toMatchObject({ code: -1, msg: expect.stringContaining('核定载质量') });
    expect((await saveVehicle({ plate: '' })).body).toMatchObject({ code: -1, msg: expect.stringContaining('车牌号') });
    expect((await vehicles({ plate: '渝D' })).body.data.total).toBe(2);
  });
});

describe('驾驶员与押运员', () => {
  it('stores the ID number encrypted, answers it masked, keeps it when an edit leaves it out and clears it with ""', async () => {
    const id = await created(await saveCrew({ name: '张三', qualificationNo: 'JSY-001', idNo: ID_A.toLowerCase(), phone: '13800000000' }));
    const stored = await t.db.selectFrom('crew_members').select('id_no_enc').where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored.id_no_enc).not.toContain(ID_A);
    expect(stored.id_no_enc).not.toContain(ID_A.slice(0, 17));
    const row = (await crew({ name: '张三' })).body.data.list[0];
    expect(row).toEqual({
      id, name: '张三', kind: 'driver', idNoMasked: '110***********002X', qualificationNo: 'JSY-001', qualificationExpiry: addDays(TODAY, 365),
      qualificationDaysLeft: 365, phone: '13800000000', status: 1, remark: null, userId: null, userName: null, createdAt: expect.any(String),
    });
    expect(JSON.stringify((await crew()).body)).not.toContain(ID_A);

    await created(await saveCrew({ id, name: '张三', qualificationNo: 'JSY-001', remark: '老司机' }));
    expect((await crew({ name: '张三' })).body.data.list[0]).toMatchObject({ idNoMasked: '110***********002X', remark: '老司机' });
    const cipher = configCipher(t.config);
    expect(await crewById(t.db, cipher, id)).toEqual({
      id, name: '张三', kind: 'driver', idNo: ID_A, qualificationNo: 'JSY-001', qualificationExpiry: addDays(TODAY, 365), status: 1, userId: null,
    });
    await created(await saveCrew({ id, name: '张三', qualificationNo: 'JSY-001', idNo: ID_B }));
    expect((await crewById(t.db, cipher, id))?.idNo).toBe(ID_B);
    await created(await saveCrew({ id, name: '张三', qualificationNo: 'JSY-001', idNo: '' }));
    expect((await crew({ name: '张三' })).body.data.list[0]!.idNoMasked).toBeNull();
    expect(await t.db.selectFrom('crew_members').select('id_no_enc').where('id', '=', id).executeTakeFirstOrThrow()).toEqual({ id_no_enc: null });
    expect(await crewById(t.db, cipher, 999_999)).toBeNull();
  });

  it('refuses an ID number with a wrong check digit, or not shaped like one, writing nothing', async () => {
    expect((await saveCrew({ name: '李四', qualificationNo: 'JSY-002', idNo: '110105194912310021' })).body)
      .toEqual({ code: -1, msg: '身份证号校验位不正确', data: null });
    expect((await saveCrew({ name: '李四', qualificationNo: 'JSY-002', idNo: '1101051949' })).body).toMatchObject({ code: -1, msg: expect.stringContaining('身份证号') });
    expect((await saveCrew({ name: '李四', qualificationNo: 'JSY-002', idNo: `${ID_A.slice(0, 17)}\u0000` })).body).toMatchObject({ code: -1, msg: expect.stringContaining('身份证号') });
    expect((await saveCrew({ name: '李四', qualificationNo: 'JSY-002', idNo: '1'.repeat(4000) })).body).toMatchObject({ code: -1, msg: expect.stringContaining('身份证号') });
    expect((await saveCrew({ name: '李四', qualificationNo: 'J\u0000Y' })).body).toMatchObject({ code: -1, msg: expect.stringContaining('从业资格证号') });
    expect((await saveCrew({ name: '李四', qualificationNo: 'J'.repeat(4000) })).body).toMatchObject({ code: -1, msg: '参数错误：从业资格证号长度不能超过 32 个字符' });
    expect((await saveCrew({ name: '李四', qualificationNo: 'JSY-002', kind: 'loader' })).body).toMatchObject({ code: -1, msg: expect.stringContaining('人员类别') });
    expect((await crew({ name: '李四' })).body.data.total).toBe(0);
  });

  it('a qualification number is unique per kind in any letter case: the same number may be a driver\'s and an escort\'s', async () => {
    await created(await saveCrew({ name: '王五', qualificationNo: 'ab-100' }));
    expect((await saveCrew({ name: '赵六', qualificationNo: 'AB-100' })).body).toEqual({ code: -1, msg: '驾驶员从业资格证号已存在：ab-100', data: null });
    const escort = await created(await saveCrew({ name: '赵六', kind: 'escort', qualificationNo: 'AB-100' }));
    expect((await saveCrew({ name: '钱七', kind: 'escort', qualificationNo: 'Ab-100' })).body.msg).toBe('押运员从业资格证号已存在：AB-100');
    expect((await saveCrew({ id: escort, name: '赵六', kind: 'escort', qualificationNo: 'ab-100' })).body.code).toBe(0);
    expect((await saveCrew({ id: 999_999, name: '无人', qualificationNo: 'NONE' })).body.msg).toBe('人员不存在：999999');
  });

  it('filters by kind, status and 即将到期; offers the enabled ones of a kind with the expired flag', async () => {
    const d = await created(await saveCrew({ name: '孙一', qualificationNo: 'F-1', qualificationExpiry: addDays(TODAY, -5) }));
    const e = await created(await saveCrew({ name: '孙二', kind: 'escort', qualificationNo: 'F-2', qualificationExpiry: addDays(TODAY, 20) }));
    await created(await saveCrew({ name: '孙三', kind: 'escort', qualificationNo: 'F-3', qualificationExpiry: addDays(TODAY, 200) }));
    const off = await created(await saveCrew({ name: '孙四', kind: 'escort', qualificationNo: 'F-4', status: 0 }));
    expect((await crew({ name: '孙', expiring: 1, sidx: 'qualificationExpiry' })).body.data.list.map((r) => [r.id, r.qualificationDaysLeft]))
      .toEqual([[d, -5], [e, 20]]);
    expect((await crew({ name: '孙', kind: 'driver' })).body.data.list.map((r) => r.id)).toEqual([d]);
    expect((await crew({ name: '孙', kind: '' })).body.data.total).toBe(4);
    expect((await crew({ name: '孙', status: 0 })).body.data.list.map((r) => r.id)).toEqual([off]);
    const drivers = (await get<TransportOption[]>('/api/crew/options?kind=driver')).body.data;
    expect(drivers.find((o) => o.id === d)).toEqual({ id: d, name: '孙一', expiry: addDays(TODAY, -5), expired: true });
    const escorts = (await get<TransportOption[]>('/api/crew/options?kind=escort')).body.data.filter((o) => o.name.startsWith('孙'));
    expect(escorts.map((o) => [o.name, o.expired]).sort()).toEqual([['孙三', false], ['孙二', false]].sort());
    expect(drivers.some((o) => o.id === e)).toBe(false);
    expect((await get('/api/crew/options?kind=cook')).body).toMatchObject({ code: -1, msg: expect.stringContaining('人员类别') });
  });

  it('vehicleById answers a vehicle of the register, null for none', async () => {
    const id = await created(await saveVehicle({ plate: '渝E00001', permitNo: 'P-1', permitExpiry: '2030-01-31' }));
    expect(await vehicleById(t.db, id)).toEqual({ id, plate: '渝E00001', permitNo: 'P-1', permitExpiry: '2030-01-31', status: 1 });
    expect(await vehicleById(t.db, 999_999)).toBeNull();
  });
});

describe('permissions', () => {
  it('a user with the view keys only lists; saving needs vehicle:save / crew:save; the options need sign-in only', async () => {
    const user = await createLimitedUser(t, token, 'transport_viewer', ['vehicle:view', 'crew:view']);
    const limited = (await t.call<TokenData>('POST', '/api/home/login', { body: { username: user.username, password: user.password } })).body.data.token;
    expect((await vehicles()).body.code).toBe(0);
    expect((await post('/api/vehicle/listPage', {}, limited)).body.code).toBe(0);
    expect((await post('/api/crew/listPage', {}, limited)).body.code).toBe(0);
    expect((await saveVehicle({ plate: '渝F00001' }, limited)).status).toBe(403);
    expect((await saveCrew({ name: '越权', qualificationNo: 'NOPE' }, limited)).status).toBe(403);
    const other = await createLimitedUser(t, token, 'transport_none', ['outbound:view']);
    const none = (await t.call<TokenData>('POST', '/api/home/login', { body: { username: other.username, password: other.password } })).body.data.token;
    expect((await post('/api/vehicle/listPage', {}, none)).status).toBe(403);
    expect((await get('/api/vehicle/options', none)).body.code).toBe(0);
    expect((await get('/api/crew/options?kind=driver', none)).body.code).toBe(0);
    expect(await t.db.selectFrom('vehicles').select('id').where('plate', '=', '渝F00001').executeTakeFirst()).toBeUndefined();
  });
});
