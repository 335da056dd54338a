import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageResult } from '../../src/shared/api/schema';
import type { ProductRow } from '../../src/shared/api/product';
import { buildTestApp, type TestApp } from './app-helper';
import { createImportReferences, upload, xlsxFixture as fixture } from './master-data-helper';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await buildTestApp();
  token = (await t.login()).token;
  await createImportReferences(t, token);
});
afterAll(async () => { await t?.close(); });

const cylinders = async () => Number((await t.db.selectFrom('cylinders').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

async function download(method: 'GET' | 'POST', url: string, body?: object) {
  const res = await t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(body ? { payload: body } : {}) });
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  expect(res.headers['content-type']).toContain('spreadsheetml');
  expect(String(res.headers['content-disposition'])).toMatch(/^attachment; filename=.*filename\*=UTF-8''/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: string[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))));
  return rows;
}

describe('cylinder import (LibreOffice fixtures)', () => {
  it('refuses the bad file listing each bad row with its reason, and imports nothing', async () => {
    const gas = (await t.db.selectFrom('materials').select('id').where('code', '=', 'N2').executeTakeFirstOrThrow()).id;
    expect((await t.call('POST', '/api/product/addProduct', { token, body: { code: 'EXIST001', materialId: gas } })).body.code).toBe(0);
    const before = await cylinders();
    const res = await upload(t, '/api/product/importProduct', token, 'products-bad.xlsx', fixture('products-bad.xlsx'));
    expect(res.body.code).toBe(-1);
    const lines = res.body.msg.split('\n');
    expect(lines[0]).toBe('导入失败，未导入任何数据：共 9 行，其中 8 行有误');
    expect(lines.slice(1)).toEqual([
      '第 3 行：气瓶编码不能为空',
      '第 4 行：介质编码不存在：XX9',
      '第 5 行：制造日期不是有效日期：2023-02-30',
      '第 6 行：气瓶编码与第 2 行重复：BAD0001',
      '第 7 行：气瓶编码已存在：EXIST001',
      '第 8 行：皮重(kg)应为非负数字：-3',
      '第 9 行：客户气瓶必须填写产权单位',
      '第 10 行：仓库编码不存在：NOWH',
    ]);
    expect(await cylinders()).toBe(before);
  });

  it('imports the fifty cylinders of the valid file, each in stock with an import trace event', async () => {
    const before = await cylinders();
    const res = await upload(t, '/api/product/importProduct', token, 'products-valid.xlsx', fixture('products-valid.xlsx'));
    expect(res.body, res.body.msg).toMatchObject({ code: 0, data: { imported: 50 } });
    expect(await cylinders()).toBe(before + 50);
    const page = (await t.call<PageResult<ProductRow>>('POST', '/api/product/listPage', { token, body: { code: 'IMP', sidx: 'code', order: 'asc', size: 50 } })).body.data;
    expect(page.total).toBe(50);
    expect(page.list[0]).toMatchObject({
      code: 'IMP0001', steelStamp: 'GS2023001', materialName: '氮气', manufactureDate: '2023-02-02', specification: '40L',
      waterVolume: 40, tareWeight: 48.5, workingPressure: 15, warehouseName: '空瓶库', valveNo: 'QF-001', remark: '批量导入', status: 2,
      nextInspectionDate: '2028-02-02',
    });
    expect(page.list[2]).toMatchObject({ code: 'IMP0003', lastInspectionDate: '2024-01-10', nextInspectionDate: '2029-01-10' });
    expect(page.list[9]).toMatchObject({ code: 'IMP0010', ownerType: 2, ownerName: '委托客户' });
    const traces = await t.db.selectFrom('cylinder_traces').select((eb) => eb.fn.countAll().as('n')).where('action', '=', 'import').executeTakeFirstOrThrow();
    expect(Number(traces.n)).toBe(50);
    // Importing the same file again: every code is taken now.
    const again = await upload(t, '/api/product/importProduct', token, 'products-valid.xlsx', fixture('products-valid.xlsx'));
    expect(again.body.msg).toContain('其中 50 行有误');
    expect(again.body.msg).toContain('第 2 行：气瓶编码已存在：IMP0001');
  });

  it('refuses what is not a usable spreadsheet', async () => {
    expect((await upload(t, '/api/product/importProduct', token, 'x.xlsx', Buffer.from('not a zip'))).body.msg).toContain('文件无法读取');
    expect((await upload(t, '/api/product/importProduct', token, 'x.csv', Buffer.from('a,b'))).body.msg).toBe('只支持 .xlsx 文件：x.csv');
    expect((await upload(t, '/api/product/importProduct', token, 'e.xlsx', fixture('enterprises.xlsx'))).body.msg).toMatch(/^表头缺少列：气瓶编码/);
    expect((await t.call('POST', '/api/product/importProduct', { token, body: {} })).body.msg).toBe('请选择要导入的 .xlsx 文件');
  });

  it('exports the filtered list, readable by exceljs', async () => {
    const rows = await download('POST', '/api/product/export', { code: 'IMP001' });
    expect(rows[0]!.slice(0, 4)).toEqual(['气瓶编码', '钢印号', '介质', '状态']);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['IMP0010', 'IMP0011', 'IMP0012', 'IMP0013', 'IMP0014', 'IMP0015', 'IMP0016', 'IMP0017', 'IMP0018', 'IMP0019']);
    expect(rows[1]!.slice(0, 6)).toEqual(['IMP0010', 'GS2023010', '二氧化碳', '在库', '客户', '委托客户']);
    const co2 = (await t.db.selectFrom('materials').select('id').where('code', '=', 'CO2').executeTakeFirstOrThrow()).id;
    expect((await download('POST', '/api/product/export', { materialId: co2 })).length - 1).toBe(25);
  });

  it('offers a template the importer reads back', async () => {
    const rows = await download('GET', '/api/product/template');
    expect(rows[0]).toContain('气瓶编码');
    // The example row is marked, and names a gas that exists here (the first one registered: N2).
    expect(rows[1]![0]).toBe('示例：QP000001');
    expect(rows[1]![2]).toBe('N2');
  });
});

describe('customer import and export', () => {
  it('imports the LibreOffice customer file with area codes resolved from the names', async () => {
    const res = await upload(t, '/api/enterprise/importEnterprise', token, 'enterprises.xlsx', fixture('enterprises.xlsx'));
    expect(res.body, res.body.msg).toMatchObject({ code: 0, data: { imported: 6 } });
    const row = await t.db.selectFrom('enterprises').selectAll().where('enterprise_code', '=', 'KH0102').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ type: 2, province_code: '130000', city_code: '130100', district_code: '130102', district_name: '长安区', contact: '赵工' });
    const hospital = await t.db.selectFrom('enterprises').selectAll().where('enterprise_code', '=', 'KH0101').executeTakeFirstOrThrow();
    expect(hospital).toMatchObject({ address: '工体南路 8 号', city_code: '110100', district_code: '110105', credit_code: '12110000400688888X' });
    expect((await t.db.selectFrom('enterprises').select('type').where('enterprise_code', '=', 'GY0002').executeTakeFirstOrThrow()).type).toBe(1);
  });

  it('refuses a file with bad rows, naming row and reason, importing nothing', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(fixture('enterprises.xlsx') as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    sheet.getRow(3).getCell(2).value = 'NEW001';
    sheet.getRow(3).getCell(3).value = '合作方';
    sheet.getRow(4).getCell(2).value = 'NEW002';
    sheet.getRow(4).getCell(9).value = '朝阳区';
    const before = Number((await t.db.selectFrom('enterprises').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const res = await upload(t, '/api/enterprise/importEnterprise', token, 'bad.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(res.body.code).toBe(-1);
    expect(res.body.msg).toContain('共 6 行，其中 6 行有误');
    expect(res.body.msg).toContain('第 2 行：企业编码已存在：KH0101');
    expect(res.body.msg).toContain('第 3 行：类型只能是客户或供应商：合作方');
    expect(res.body.msg).toContain('第 4 行：区 不在上海市：朝阳区');
    expect(Number((await t.db.selectFrom('enterprises').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)).toBe(before);
  });

  it('exports the filtered customers', async () => {
    const rows = await download('POST', '/api/enterprise/export', { type: '1' });
    expect(rows[0]!.slice(0, 3)).toEqual(['企业名称', '企业编码', '类型']);
    expect(rows.slice(1).map((r) => [r[1], r[2], r[6]])).toEqual([['GY0001', '供应商', '浙江省'], ['GY0002', '供应商', '广东省']]);
    const template = await download('GET', '/api/enterprise/template');
    expect(template[0]).toEqual(['企业名称', '企业编码', '类型', '统一社会信用代码', '联系人', '电话', '省', '市', '区', '详细地址', '备注']);
  });
});
