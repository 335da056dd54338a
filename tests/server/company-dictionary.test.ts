import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyInfo } from '../../src/shared/api/company';
import type { DictEntry, DictEntryRow, DictTypeRow } from '../../src/shared/api/dictionary';
import type { UploadedFile } from '../../src/shared/api/file';
import type { PageResult } from '../../src/shared/api/schema';
import { APP_HEADERS, APP_INFO } from '../../src/shared/app';
import { buildApp } from '../../src/server/app';
import { createDb } from '../../src/server/db/database';
import { buildTestApp, createLimitedUser, testConfig, type TestApp } from './app-helper';

let t: TestApp;
let token: string;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'company-test-'));
  t = await buildTestApp({ config: { dataDir } });
  token = (await t.login()).token;
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const signIn = async (username: string, keys: string[]) => {
  const user = await createLimitedUser(t, token, username, keys);
  return (await t.login(user.username, user.password)).token;
};

/* ---------------------------------------------------------------- company */

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 3)]);

async function upload(filename: string, content: Buffer, as = token, url = '/api/company/uploadLogo') {
  const boundary = '----company-test-boundary';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`);
  const res = await t.app.inject({
    method: 'POST', url, payload: Buffer.concat([head, content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${as}` },
  });
  return { status: res.statusCode, body: res.json<{ code: number; msg: string; data: UploadedFile }>() };
}

const info = async (as = token) => (await t.call<CompanyInfo>('GET', '/api/company/info', { token: as })).body.data;
const saveCompany = (body: Record<string, unknown>, as = token) => t.call('POST', '/api/company/save', { token: as, body });
const rootTitle = async (app = t.app) => decodeURIComponent(String((await app.inject({ method: 'GET', url: '/' })).headers[APP_HEADERS.title]));
/** A day relative to the database's calendar (the one licenceDaysLeft counts on). */
const dayFromToday = async (days: number) => (await sql<{ d: string }>`select to_char(current_date + ${days}::int, 'YYYY-MM-DD') as d`.execute(t.db)).rows[0]!.d;

describe('company info', () => {
  it('answers every field null before anyone saved it', async () => {
    expect(await info()).toEqual({
      companyName: null, creditCode: null, licenceNo: null, licenceExpiry: null, address: null, phone: null,
      logoPath: null, appTitle: null, licenceDaysLeft: null, updatedAt: null,
      // The public cylinder page is on until the plant turns it off; no public address yet.
      publicPage: 1, publicUrl: null, areaCode: null,
    });
  });

  it('saves the whole record, counts the days to the licence expiry and clears what is sent empty', async () => {
    const expiry = await dayFromToday(10);
    const full = {
      companyName: '某某气体有限公司', creditCode: '91330100MA2XXXXX1X', licenceNo: 'TS4233001-2027', licenceExpiry: expiry,
      address: '杭州市某路 1 号', phone: '0571-88888888', appTitle: '某某气瓶追溯',
    };
    expect((await saveCompany(full)).body).toMatchObject({ code: 0 });
    expect(await info()).toMatchObject({ ...full, logoPath: null, licenceDaysLeft: 10, updatedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/) });

    expect((await saveCompany({ ...full, licenceExpiry: await dayFromToday(-3), address: '   ', phone: '' })).body.code).toBe(0);
    const row = await t.db.selectFrom('company').select(['address', 'phone', 'company_name']).executeTakeFirstOrThrow();
    expect(row).toEqual({ address: null, phone: null, company_name: '某某气体有限公司' });
    expect(await info()).toMatchObject({ licenceDaysLeft: -3, address: null });

    // The whole record: what is left out is cleared too.
    expect((await saveCompany({ companyName: '某某气体有限公司' })).body.code).toBe(0);
    expect(await info()).toMatchObject({ companyName: '某某气体有限公司', licenceNo: null, licenceExpiry: null, licenceDaysLeft: null, appTitle: null });
    expect(await t.db.selectFrom('company').select('id').execute()).toEqual([{ id: 1 }]);
  });

  it('refuses bad input naming the field, writing nothing', async () => {
    await saveCompany({ companyName: '保留的名称' });
    const bad = await saveCompany({ companyName: '新名称', licenceExpiry: '2025-02-30' });
    expect(bad.body).toMatchObject({ code: -1, msg: expect.stringContaining('许可证有效期至') });
    expect((await saveCompany({ companyName: '新名称', phone: 'abc' })).body).toMatchObject({ code: -1, msg: expect.stringContaining('电话') });
    expect((await info()).companyName).toBe('保留的名称');
  });

  it('keeps 所在地区 as a code of the division tree and refuses one not in it (issue 36)', async () => {
    expect((await saveCompany({ companyName: '某某气体', areaCode: '500103' })).body.code).toBe(0);
    expect(await info()).toMatchObject({ companyName: '某某气体', areaCode: '500103' });
    expect((await saveCompany({ companyName: '某某气体', areaCode: '500199' })).body).toEqual({ code: -1, msg: '所在地区代码不存在：500199', data: null });
    expect((await saveCompany({ companyName: '某某气体', areaCode: '5001' })).body).toMatchObject({ code: -1, msg: expect.stringContaining('所在地区') });
    expect((await saveCompany({ companyName: '某某气体', areaCode: '50010\u0000' })).body).toMatchObject({ code: -1, msg: expect.stringContaining('所在地区') });
    expect((await saveCompany({ companyName: '某某气体', areaCode: '5'.repeat(4000) })).body).toMatchObject({ code: -1, msg: expect.stringContaining('所在地区') });
    expect((await info()).areaCode).toBe('500103');
    // A province or a city is a division too; sent empty it is cleared, as every field of the record.
    expect((await saveCompany({ companyName: '某某气体', areaCode: '330000' })).body.code).toBe(0);
    expect((await saveCompany({ companyName: '某某气体', areaCode: '' })).body.code).toBe(0);
    expect((await info()).areaCode).toBeNull();
  });

  it('puts the app name in the title header of GET / and falls back to the product name', async () => {
    expect(await rootTitle()).toBe(APP_INFO.title);
    await saveCompany({ companyName: '某某气体', appTitle: '某某气瓶追溯系统' });
    expect(await rootTitle()).toBe('某某气瓶追溯系统');
    await saveCompany({ companyName: '某某气体', appTitle: '' });
    expect(await rootTitle()).toBe(APP_INFO.title);
  });

  it('still answers GET / with the product name when the database is unreachable', async () => {
    const deadDb = createDb('postgres://postgres@127.0.0.1:1/nothing');
    const app = await buildApp({ config: testConfig({ dataDir }), db: deadDb });
    try {
      const res = await app.inject({ method: 'GET', url: '/' });
      expect(res.statusCode).toBe(200);
      expect(decodeURIComponent(String(res.headers[APP_HEADERS.title]))).toBe(APP_INFO.title);
    } finally {
      await app.close();
      await deadDb.destroy();
    }
  });
});

describe('company logo', () => {
  it('stores a PNG or JPEG by its bytes, names it by what it is, and every signed-in user may download it', async () => {
    const png = await upload('标志.png', PNG);
    expect(png.body).toMatchObject({ code: 0, data: { name: '标志.png', size: PNG.length } });
    expect(png.body.data.path).toMatch(/\.png$/);
    // A JPEG whose name says otherwise is stored as the JPEG it is.
    const jpeg = await upload('logo.txt', JPEG);
    expect(jpeg.body).toMatchObject({ code: 0, data: { name: 'logo.jpg' } });
    expect(jpeg.body.data.path).toMatch(/\.jpg$/);

    expect((await saveCompany({ companyName: '某某气体', logoPath: png.body.data.path })).body.code).toBe(0);
    expect((await info()).logoPath).toBe(png.body.data.path);

    const anyone = await signIn('logoviewer', ['home:view']);
    expect((await info(anyone)).logoPath).toBe(png.body.data.path);
    const file = await t.app.inject({ method: 'GET', url: `/objectStorage/file/download?path=${encodeURIComponent(png.body.data.path)}`, headers: { authorization: `Bearer ${anyone}` } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(file.rawPayload, PNG)).toBe(0);
  });

  it('refuses a file that is no PNG or JPEG whatever its name, and one over 2M', async () => {
    const before = await t.db.selectFrom('files').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect((await upload('fake.png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).body)
      .toMatchObject({ code: -1, msg: '企业标志只能是 PNG 或 JPEG 图片' });
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    expect((await upload('big.png', big)).body).toMatchObject({ code: -1, msg: '文件超过大小限制（最大 2M）' });
    const after = await t.db.selectFrom('files').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('refuses a logo path that was not uploaded as the logo, keeping the record', async () => {
    await saveCompany({ companyName: '原名称' });
    expect((await saveCompany({ companyName: '新名称', logoPath: '2026/01/01/0123456789abcdef0123456789abcdef.png' })).body)
      .toEqual({ code: -1, msg: '企业标志文件不存在', data: null });
    // An ordinary attachment is no logo: it would be shown to everyone.
    const attachment = await upload('附件.png', PNG, token, '/api/file/upload');
    expect(attachment.body.code).toBe(0);
    expect((await saveCompany({ companyName: '新名称', logoPath: attachment.body.data.path })).body.msg).toBe('企业标志文件不存在');
    expect((await info()).companyName).toBe('原名称');
  });

  it('refuses save and upload to a user without company:save, changing nothing', async () => {
    await saveCompany({ companyName: '原名称' });
    const viewer = await signIn('companyviewer', ['company:view']);
    expect((await info(viewer)).companyName).toBe('原名称');
    expect((await saveCompany({ companyName: '越权' }, viewer)).status).toBe(403);
    const files = await t.db.selectFrom('files').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect((await upload('x.png', PNG, viewer)).status).toBe(403);
    expect((await t.db.selectFrom('files').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n).toBe(files.n);
    expect((await info()).companyName).toBe('原名称');
  });
});

/* ---------------------------------------------------------------- dictionary */

const typePage = (query = '', as = token) => t.call<PageResult<DictTypeRow>>('GET', `/api/dataSource/selectTypePage${query}`, { token: as });
const entryPage = (query: string, as = token) => t.call<PageResult<DictEntryRow>>('GET', `/api/dataSource/selectListPage${query}`, { token: as });
const saveDict = (body: Record<string, unknown>, as = token) => t.call<{ id: number }>('POST', '/api/dataSource/saveDataSource', { token: as, body });
const deleteDict = (body: Record<string, unknown>, as = token) => t.call('POST', '/api/dataSource/delType', { token: as, body });
const entries = (type: string, as = token) => t.call<DictEntry[]>('GET', `/api/dataSource/getDataSource/${type}`, { token: as });

async function newType(typeCode: string, typeName = typeCode) {
  const res = await saveDict({ kind: 'type', typeCode, typeName });
  expect(res.body, typeCode).toMatchObject({ code: 0 });
  return res.body.data.id;
}
async function newEntry(typeId: number, dataName: string, dataValue: string, extra: Record<string, unknown> = {}) {
  const res = await saveDict({ kind: 'entry', typeId, dataName, dataValue, ...extra });
  expect(res.body, dataValue).toMatchObject({ code: 0 });
  return res.body.data.id;
}
const typeId = async (code: string) => (await t.db.selectFrom('dictionary_types').select('id').where('type_code', '=', code).executeTakeFirstOrThrow()).id;

describe('dictionary types', () => {
  it('starts with the built-in types the forms read, and finds types by code or name', async () => {
    const page = await typePage();
    expect(page.body.data.list.slice(0, 4)).toEqual([
      expect.objectContaining({ typeCode: 'specification', typeName: '气瓶规格', builtIn: true, entryCount: 0 }),
      expect.objectContaining({ typeCode: 'manufacturer', typeName: '制造单位', builtIn: true }),
      expect.objectContaining({ typeCode: 'scrapReason', typeName: '报废原因', builtIn: true }),
      expect.objectContaining({ typeCode: 'hickeyReason', typeName: '更换瓶阀原因', builtIn: true }),
    ]);
    expect((await typePage(`?keyword=${encodeURIComponent('规格')}`)).body.data).toMatchObject({ total: 1, list: [{ typeCode: 'specification' }] });
    expect((await typePage('?keyword=MANUF')).body.data).toMatchObject({ total: 1, list: [{ typeCode: 'manufacturer' }] });
  });

  it('creates and edits a type; a code is unique in any letter case', async () => {
    const id = await newType('color', '颜色');
    expect((await saveDict({ kind: 'type', typeCode: 'COLOR', typeName: '另一个' })).body).toEqual({ code: -1, msg: '字典类型编码已存在：COLOR', data: null });
    expect((await saveDict({ kind: 'type', id, typeCode: 'Colour', typeName: '瓶身颜色', remark: '漆色' })).body.code).toBe(0);
    expect((await typePage('?keyword=colour')).body.data.list).toEqual([{ id, typeCode: 'Colour', typeName: '瓶身颜色', remark: '漆色', builtIn: false, entryCount: 0 }]);
    expect((await saveDict({ kind: 'type', id: 999_999, typeCode: 'ghost', typeName: '无' })).body.msg).toBe('字典类型不存在');
    expect((await saveDict({ kind: 'type', typeCode: 'bad code', typeName: '坏' })).body).toMatchObject({ code: -1, msg: expect.stringContaining('类型编码') });
    expect(await t.db.selectFrom('dictionary_types').select('id').where(sql`lower(type_code)`, 'in', ['ghost', 'bad code']).execute()).toEqual([]);
  });

  it('keeps a built-in type: it may be renamed, never recoded or deleted', async () => {
    const id = await typeId('manufacturer');
    expect((await saveDict({ kind: 'type', id, typeCode: 'maker', typeName: '制造单位' })).body).toEqual({ code: -1, msg: '内置字典类型的编码不能修改', data: null });
    expect((await saveDict({ kind: 'type', id, typeCode: 'manufacturer', typeName: '制造厂' })).body.code).toBe(0);
    await newEntry(id, '甲钢瓶厂', 'JIA');
    expect((await deleteDict({ kind: 'type', id })).body).toEqual({ code: -1, msg: '内置字典类型不能删除', data: null });
    const row = await t.db.selectFrom('dictionary_types').select(['type_code', 'type_name']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ type_code: 'manufacturer', type_name: '制造厂' });
    expect((await entries('manufacturer')).body.data).toEqual([{ dataName: '甲钢瓶厂', dataValue: 'JIA' }]);
  });

  it('deletes a type with its entries', async () => {
    const id = await newType('temp', '临时');
    await newEntry(id, '一', '1');
    await newEntry(id, '二', '2');
    expect((await deleteDict({ kind: 'type', id })).body.code).toBe(0);
    expect(await t.db.selectFrom('dictionary_entries').select('id').where('type_id', '=', id).execute()).toEqual([]);
    expect((await deleteDict({ kind: 'type', id })).body.msg).toBe('字典类型不存在');
  });
});

describe('dictionary entries', () => {
  it('lists the entries of a type by sort then id, searches name and value, counts them on the type', async () => {
    const id = await newType('valveModel', '瓶阀型号');
    const c = await newEntry(id, '丙型', 'QF-C', { sort: 20 });
    const a = await newEntry(id, '甲型', 'QF-A', { sort: 10 });
    const b = await newEntry(id, '乙型', 'QF-B', { sort: 10, status: 0, remark: '停产' });
    const page = await entryPage(`?typeId=${id}`);
    expect(page.body.data.total).toBe(3);
    expect(page.body.data.list.map((e) => e.id)).toEqual([a, b, c]);
    expect(page.body.data.list[1]).toEqual({ id: b, typeId: id, dataName: '乙型', dataValue: 'QF-B', sort: 10, status: 0, remark: '停产' });
    expect((await entryPage(`?typeId=${id}&keyword=qf-c`)).body.data.list.map((e) => e.id)).toEqual([c]);
    expect((await entryPage(`?typeId=${id}&keyword=${encodeURIComponent('甲')}`)).body.data.list.map((e) => e.id)).toEqual([a]);
    expect((await typePage('?keyword=valveModel')).body.data.list[0]!.entryCount).toBe(3);
  });

  it('refuses a value the type already has and an unknown type, writing nothing', async () => {
    const id = await newType('gasGrade', '纯度等级');
    const first = await newEntry(id, '高纯', '5N');
    expect((await saveDict({ kind: 'entry', typeId: id, dataName: '又一个', dataValue: '5N' })).body).toEqual({ code: -1, msg: '该类型下已有值：5N', data: null });
    const second = await newEntry(id, '普通', '3N');
    expect((await saveDict({ kind: 'entry', id: second, typeId: id, dataName: '普通', dataValue: '5N' })).body.msg).toBe('该类型下已有值：5N');
    // The same value under another type is fine.
    await newEntry(await newType('otherGrade'), '高纯', '5N');
    expect((await saveDict({ kind: 'entry', typeId: 999_999, dataName: '无', dataValue: 'X' })).body).toEqual({ code: -1, msg: '字典类型不存在', data: null });
    expect((await saveDict({ kind: 'entry', id: first, typeId: id, dataName: '超高纯', dataValue: '6N', sort: 5 })).body.code).toBe(0);
    const rows = await t.db.selectFrom('dictionary_entries').select(['data_name', 'data_value', 'sort']).where('type_id', '=', id).orderBy('id').execute();
    expect(rows).toEqual([{ data_name: '超高纯', data_value: '6N', sort: 5 }, { data_name: '普通', data_value: '3N', sort: 0 }]);
  });

  it('deletes one entry', async () => {
    const id = await newType('oneOff');
    const keep = await newEntry(id, '留', 'K');
    const drop = await newEntry(id, '删', 'D');
    expect((await deleteDict({ kind: 'entry', id: drop })).body.code).toBe(0);
    expect((await entryPage(`?typeId=${id}`)).body.data.list.map((e) => e.id)).toEqual([keep]);
    expect((await deleteDict({ kind: 'entry', id: drop })).body.msg).toBe('字典条目不存在');
  });

  it('offers the enabled entries of a type code in any letter case, in order; an unknown type offers none', async () => {
    const id = await typeId('specification');
    await newEntry(id, '50L', '50L', { sort: 2 });
    await newEntry(id, '40L', '40L', { sort: 1 });
    await newEntry(id, '8L（停用）', '8L', { sort: 0, status: 0 });
    const reader = await signIn('dictreader', ['home:view']);
    expect((await entries('specification', reader)).body.data).toEqual([{ dataName: '40L', dataValue: '40L' }, { dataName: '50L', dataValue: '50L' }]);
    expect((await entries('SPECIFICATION', reader)).body.data).toHaveLength(2);
    expect((await entries('noSuchType', reader)).body).toMatchObject({ code: 0, data: [] });
  });
});

describe('dictionary permissions', () => {
  it('lets dictionary:view read but not change, and refuses reading to others, changing nothing', async () => {
    const id = await newType('guarded', '受保护');
    const entry = await newEntry(id, '原值', 'V');
    const viewer = await signIn('dictviewer', ['dictionary:view']);
    expect((await typePage('?keyword=guarded', viewer)).body.data.total).toBe(1);
    expect((await entryPage(`?typeId=${id}`, viewer)).body.data.total).toBe(1);
    expect((await saveDict({ kind: 'type', typeCode: 'sneaky', typeName: '越权' }, viewer)).status).toBe(403);
    expect((await saveDict({ kind: 'entry', id: entry, typeId: id, dataName: '改', dataValue: 'V' }, viewer)).status).toBe(403);
    expect((await deleteDict({ kind: 'type', id }, viewer)).status).toBe(403);
    expect((await deleteDict({ kind: 'entry', id: entry }, viewer)).status).toBe(403);

    const outsider = await signIn('dictoutsider', ['home:view']);
    expect((await typePage('', outsider)).status).toBe(403);
    expect((await entryPage(`?typeId=${id}`, outsider)).status).toBe(403);

    expect(await t.db.selectFrom('dictionary_types').select('id').where('type_code', '=', 'sneaky').executeTakeFirst()).toBeUndefined();
    expect(await t.db.selectFrom('dictionary_entries').select(['data_name']).where('type_id', '=', id).execute()).toEqual([{ data_name: '原值' }]);
  });
});
