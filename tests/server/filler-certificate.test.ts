import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FactsPage } from '../../src/shared/api/offline';
import type { ScanPreview } from '../../src/shared/api/production';
import type { UncertifiedFiller } from '../../src/shared/api/systemRule';
import type { PageResult } from '../../src/shared/api/schema';
import type { UserDetail, UserRow } from '../../src/shared/api/user';
import { localGateMessages } from '../../src/shared/cylinder/gate';
import { fillGateFor } from '../../src/server/modules/cylinder';
import { addDays, addYears, today } from '../../src/server/lib/dates';
import { configCipher } from '../../src/server/lib/field-cipher';
import { fillerOf } from '../../src/server/modules/user';
import { buildTestApp, createLimitedUser, type TestApp } from './app-helper';
import { createGas } from './master-data-helper';

/** Issue 34: the filling-operator certificate (气瓶充装作业人员证) as a gate reason, online and in the station's copy. */
let t: TestApp;
let admin: string;
let n2: number;
let lpg: number;
let filler: { id: number; username: string; password: string };
let fillerToken: string;
const TODAY = today();

beforeAll(async () => {
  t = await buildTestApp();
  admin = (await t.login()).token;
  n2 = await createGas(t, admin, { materialName: '氮气', code: 'N2' });
  lpg = await createGas(t, admin, { materialName: '丙烷', code: 'C3H8', category: 'liquefied', flammable: false, targetNetWeight: 14.5, weightTolerance: 0.5 });
  filler = await createLimitedUser(t, admin, 'cert_filler', ['produce:picking', 'produce:filling']);
  fillerToken = (await t.login(filler.username, filler.password)).token;
});
afterAll(async () => { await t?.close(); });

const WS = { 'x-workstation': encodeURIComponent('充装二号台') };
const rule = (on: boolean) => t.call('POST', '/api/setting/rule/save', { token: admin, body: { fillerCertRequired: on } });
const cylinder = async (code: string, materialId = n2) => {
  const res = await t.call('POST', '/api/product/addProduct', {
    token: admin, body: { code, materialId, manufactureDate: addYears(TODAY, -2), nextInspectionDate: addYears(TODAY, 1), tareWeight: 15 },
  });
  expect(res.body.code, res.body.msg).toBe(0);
};
const pick = (code: string) => t.call('POST', '/api/produce/addPicking', { token: fillerToken, body: { code }, headers: WS });
const scan = (code: string, materialId = n2) => t.call<ScanPreview>('POST', '/api/produce/fillingScan', { token: fillerToken, body: { code, materialId }, headers: WS });
const setCert = (cert: Record<string, unknown>) => t.call('POST', '/api/user/edit', {
  token: admin, body: { id: filler.id, name: `用户 ${filler.username}`, roleIds: [], ...cert },
});
/** The list without the seeded admin (who holds every key and no certificate: listed as 未持证 too). */
const uncertified = async () => {
  const res = (await t.call<UncertifiedFiller[]>('GET', '/api/setting/systemRule/uncertifiedFillers', { token: admin })).body;
  expect(res.data.find((u) => u.username === 'admin')).toMatchObject({ problem: '未持证' });
  return { ...res, data: res.data.filter((u) => u.username !== 'admin') };
};

describe('the filling-operator certificate', () => {
  it('the rule is on for a new plant; the test plant, like an existing one, has it off (migration 0030 / test template)', async () => {
    const rules = await t.call<{ fillerCertRequired: boolean }>('GET', '/api/setting/systemRule/get', { token: admin });
    expect(rules.body.data.fillerCertRequired).toBe(false);
    await cylinder('CERT-OFF');
    expect((await pick('CERT-OFF')).body.code).toBe(0);
  });

  it('with the rule on: 未持证 and 超期 refuse 领瓶 and 充装 for the operator; a valid one for the gas category passes', async () => {
    // Kept in the user's roles: the edit below sends roleIds [] for a user created with a role, so give it back.
    const roleIds = (await t.call<UserDetail>('GET', `/api/user/info/${filler.id}`, { token: admin })).body.data.roleIds;
    const edit = (cert: Record<string, unknown>) => setCert({ roleIds, ...cert });
    expect((await rule(true)).body.code).toBe(0);
    await cylinder('CERT-1');
    await cylinder('CERT-LPG', lpg);

    const none = await pick('CERT-1');
    expect(none.body).toMatchObject({ code: -1, msg: '气瓶 CERT-1 不能充装：操作人员 用户 cert_filler 未持有气瓶充装作业人员证' });
    expect((await uncertified()).data).toEqual([expect.objectContaining({ id: filler.id, problem: '未持证' })]);

    expect((await edit({ fillerCertNo: 'TS-8899', fillerCertExpiry: addDays(TODAY, -1), fillerCertCategories: ['compressed'] })).body.code).toBe(0);
    expect((await pick('CERT-1')).body).toMatchObject({
      code: -1, msg: `气瓶 CERT-1 不能充装：操作人员 用户 cert_filler 的气瓶充装作业人员证（TS-8899）已于 ${addDays(TODAY, -1)} 到期`,
    });
    expect((await uncertified()).data).toEqual([expect.objectContaining({ id: filler.id, problem: `已于 ${addDays(TODAY, -1)} 到期` })]);

    expect((await edit({ fillerCertExpiry: addYears(TODAY, 2) })).body.code).toBe(0);
    // The certificate covers compressed gases: 丙烷 (liquefied) is refused as uncertified.
    expect((await pick('CERT-LPG')).body).toMatchObject({ code: -1, msg: expect.stringContaining('（TS-8899）不含液化气体') });
    expect((await pick('CERT-1')).body.code).toBe(0);
    expect((await scan('CERT-1')).body.data).toMatchObject({ allowed: true, reasons: [] });
    expect((await uncertified()).data).toEqual([]);

    // The user list shows it; an edit that does not send it keeps it.
    const detail = (await t.call<UserDetail>('GET', `/api/user/info/${filler.id}`, { token: admin })).body.data;
    expect(detail).toMatchObject({ fillerCertNo: 'TS-8899', fillerCertExpiry: addYears(TODAY, 2), fillerCertCategories: ['compressed'] });

    // 充装 itself judges it too: the certificate expires between the pick and the fill.
    await edit({ fillerCertExpiry: addDays(TODAY, -3) });
    const preview = await scan('CERT-1');
    expect(preview.body.data.allowed).toBe(false);
    expect(preview.body.data.reasons).toEqual([expect.stringContaining('已于')]);
    const fill = await t.call('POST', '/api/produce/filling', { token: fillerToken, body: { code: 'CERT-1', materialId: n2, filledPressure: 15 }, headers: WS });
    expect(fill.body).toMatchObject({ code: -1, msg: expect.stringContaining('气瓶充装作业人员证（TS-8899）已于') });

    // Bad input: a category outside the list.
    expect((await edit({ fillerCertCategories: ['plasma'] })).body.code).toBe(-1);
    await rule(false);
  });

  it('the station judges it offline from its copy, in the server\'s words (the feed carries the operator\'s certificate)', async () => {
    await rule(true);
    await cylinder('CERT-OFFLINE');
    const pull = async () => {
      const res = await t.call<FactsPage>('POST', '/api/offline/facts', { token: fillerToken, body: { station: 'fill', limit: 500 }, headers: WS });
      expect(res.body.code, res.body.msg).toBe(0);
      return res.body.data;
    };
    const gasesOf = (page: FactsPage) => [n2, lpg].map((id) => page.gases.find((g) => g.id === id)!);
    const cases: Array<[Record<string, unknown>, string[]]> = [
      [{ fillerCertNo: '', fillerCertExpiry: null, fillerCertCategories: [] }, ['operatorUncertified']],
      [{ fillerCertNo: 'TS-1', fillerCertExpiry: addDays(TODAY, -1), fillerCertCategories: ['compressed', 'liquefied'] }, ['operatorCertExpired']],
      [{ fillerCertNo: 'TS-1', fillerCertExpiry: addDays(TODAY, 10), fillerCertCategories: ['liquefied'] }, ['operatorUncertified']],
      [{ fillerCertNo: 'TS-1', fillerCertExpiry: TODAY, fillerCertCategories: ['compressed'] }, []],
    ];
    const roleIds = (await t.call<UserDetail>('GET', `/api/user/info/${filler.id}`, { token: admin })).body.data.roleIds;
    for (const [cert, reasons] of cases) {
      expect((await setCert({ roleIds, ...cert })).body.code).toBe(0);
      const page = await pull();
      expect(page.operator).toMatchObject({ required: true, name: `用户 ${filler.username}` });
      const facts = page.cylinders.find((c) => c.code === 'CERT-OFFLINE')!;
      for (const gas of gasesOf(page)) {
        const server = await fillGateFor(t.db, 'CERT-OFFLINE', gas.id, { operatorId: filler.id });
        expect(localGateMessages(facts, gas, TODAY, page.operator), `${JSON.stringify(cert)} ${gas.materialName}`).toEqual(server.reasons.map((r) => r.message));
        if (gas.id === n2) expect(server.reasons.map((r) => r.reason)).toEqual(reasons);
      }
      // With only the gas's id (its own gas), the copy's category stands in.
      const own = await fillGateFor(t.db, 'CERT-OFFLINE', n2, { operatorId: filler.id });
      expect(localGateMessages(facts, n2, TODAY, page.operator)).toEqual(own.reasons.map((r) => r.message));
    }
    // The rule off: nothing, offline as online.
    await rule(false);
    const page = await pull();
    expect(page.operator!.required).toBe(false);
    await setCert({ roleIds, fillerCertNo: null });
    expect((await fillGateFor(t.db, 'CERT-OFFLINE', n2, { operatorId: filler.id })).reasons).toEqual([]);
  });
});

describe("a filler's 身份证号 (issue 36)", () => {
  const ID = '330106198506157897';
  const detail = async (id: number) => (await t.call<UserDetail>('GET', `/api/user/detail/${id}`, { token: admin })).body.data;
  const stored = async (id: number) => (await t.db.selectFrom('users').select('id_no_enc').where('id', '=', id).executeTakeFirstOrThrow()).id_no_enc;

  it('is stored encrypted and answered masked; an edit without it keeps it, "" clears it; fillerOf reads it in plain text', async () => {
    const made = await t.call<{ id: number }>('POST', '/api/user/save', {
      token: admin,
      body: { username: 'id_filler', name: '持证人', password: 'Passw0rd!x', mustChangePassword: false, idNo: ID, fillerCertNo: 'TS-1', fillerCertExpiry: addYears(TODAY, 1), fillerCertCategories: ['compressed'] },
    });
    expect(made.body, made.body.msg).toMatchObject({ code: 0 });
    const id = made.body.data.id;
    expect(await stored(id)).toMatch(/^v1\./);
    expect(await stored(id)).not.toContain(ID);
    expect((await detail(id)).idNoMasked).toBe('330***********7897');
    const list = await t.call<PageResult<UserRow>>('GET', '/api/user/pageList?username=id_filler', { token: admin });
    expect(list.body.data.list).toEqual([expect.objectContaining({ id, idNoMasked: '330***********7897' })]);
    expect(JSON.stringify(list.body)).not.toContain(ID);
    expect(JSON.stringify(list.body)).not.toContain('id_no_enc');

    const edit = (extra: Record<string, unknown>) => t.call('POST', '/api/user/edit', { token: admin, body: { id, name: '持证人', roleIds: [], ...extra } });
    expect((await edit({})).body.code).toBe(0);
    expect((await detail(id)).idNoMasked).toBe('330***********7897');
    const cipher = configCipher(t.config);
    expect(await fillerOf(t.db, cipher, id)).toEqual({
      id, name: '持证人', idNo: ID, certNo: 'TS-1', certExpiry: addYears(TODAY, 1), certCategories: ['compressed'],
    });
    expect((await edit({ idNo: '' })).body.code).toBe(0);
    expect(await stored(id)).toBeNull();
    expect((await detail(id)).idNoMasked).toBeNull();
    expect(await fillerOf(t.db, cipher, id)).toMatchObject({ idNo: null });
    expect(await fillerOf(t.db, cipher, 999_999)).toBeNull();
  });

  it('refuses a wrong check digit and text that is no ID number, changing nothing', async () => {
    const edit = (idNo: string) => t.call('POST', '/api/user/edit', { token: admin, body: { id: filler.id, name: `用户 ${filler.username}`, roleIds: [], idNo } });
    const before = await stored(filler.id);
    expect((await edit('330106198506157890')).body).toEqual({ code: -1, msg: '身份证号校验位不正确', data: null });
    expect((await edit('33010619850615789\u0000')).body).toMatchObject({ code: -1, msg: expect.stringContaining('身份证号') });
    expect((await edit('3'.repeat(4000))).body).toMatchObject({ code: -1, msg: expect.stringContaining('身份证号') });
    const create = await t.call('POST', '/api/user/save', {
      token: admin, body: { username: 'id_bad', name: '坏号', password: 'Passw0rd!x', idNo: '330106198506157890' },
    });
    expect(create.body).toEqual({ code: -1, msg: '身份证号校验位不正确', data: null });
    expect(await stored(filler.id)).toBe(before);
    expect(await t.db.selectFrom('users').select('id').where('username', '=', 'id_bad').executeTakeFirst()).toBeUndefined();
  });
});
