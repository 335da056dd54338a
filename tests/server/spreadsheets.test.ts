import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

const count = async (table: 'cylinders' | 'cylinder_traces' | 'enterprises') =>
  Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

/** The template as downloaded, with `rows` typed under its example row. */
async function filledTemplate(url: string, rows: unknown[][]): Promise<Buffer> {
  const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  expect(res.statusCode).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  expect(String(sheet.getRow(2).getCell(1).value)).toMatch(/^示例：/);
  rows.forEach((values, i) => { sheet.getRow(3 + i).values = values as ExcelJS.CellValue[]; });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('import dry run', () => {
  it('checks the cylinder file and writes nothing; without dryRun it imports', async () => {
    const [cylinders, traces] = [await count('cylinders'), await count('cylinder_traces')];
    const dry = await upload(t, '/api/product/importProduct?dryRun=true', token, 'products-valid.xlsx', fixture('products-valid.xlsx'));
    expect(dry.body).toEqual({ code: 0, msg: '操作成功', data: { rows: 50, imported: 0 } });
    expect([await count('cylinders'), await count('cylinder_traces')]).toEqual([cylinders, traces]);
    const real = await upload(t, '/api/product/importProduct', token, 'products-valid.xlsx', fixture('products-valid.xlsx'));
    expect(real.body).toMatchObject({ code: 0, data: { rows: 50, imported: 50 } });
    expect(await count('cylinders')).toBe(cylinders + 50);
    // A dry run finds what the import would refuse, against the database too.
    const again = await upload(t, '/api/product/importProduct?dryRun=true', token, 'products-valid.xlsx', fixture('products-valid.xlsx'));
    expect(again.body.msg).toContain('第 2 行：气瓶编码已存在：IMP0001');
  });

  it('checks the customer file and writes nothing; without dryRun it imports', async () => {
    const before = await count('enterprises');
    const dry = await upload(t, '/api/enterprise/importEnterprise?dryRun=true', token, 'enterprises.xlsx', fixture('enterprises.xlsx'));
    expect(dry.body).toEqual({ code: 0, msg: '操作成功', data: { rows: 6, imported: 0 } });
    expect(await count('enterprises')).toBe(before);
    const real = await upload(t, '/api/enterprise/importEnterprise', token, 'enterprises.xlsx', fixture('enterprises.xlsx'));
    expect(real.body).toMatchObject({ code: 0, data: { rows: 6, imported: 6 } });
    expect(await count('enterprises')).toBe(before + 6);
  });
});

describe("a template's example row", () => {
  it('is never imported: a cylinder template with one real row imports that row', async () => {
    const file = await filledTemplate('/api/product/template', [['TPL0001', 'GS-T1', 'N2', '自有', '', '某厂', '2024-01-02']]);
    const res = await upload(t, '/api/product/importProduct', token, '模板.xlsx', file);
    expect(res.body, res.body.msg).toMatchObject({ code: 0, data: { rows: 1, imported: 1 } });
    const codes = (await t.db.selectFrom('cylinders').select('code').where('code', 'like', '%QP000001%').execute());
    expect(codes).toEqual([]);
    expect(await t.db.selectFrom('cylinders').select(['steel_stamp']).where('code', '=', 'TPL0001').executeTakeFirst()).toEqual({ steel_stamp: 'GS-T1' });
  });

  it('is never imported: a customer template with one real row imports that row', async () => {
    const file = await filledTemplate('/api/enterprise/template', [['模板客户', 'TPLK1', '客户']]);
    const res = await upload(t, '/api/enterprise/importEnterprise', token, '模板.xlsx', file);
    expect(res.body, res.body.msg).toMatchObject({ code: 0, data: { rows: 1, imported: 1 } });
    expect(await t.db.selectFrom('enterprises').select('id').where('enterprise_name', 'like', '示例%').execute()).toEqual([]);
  });

  it('alone is no data', async () => {
    const file = await filledTemplate('/api/product/template', []);
    expect((await upload(t, '/api/product/importProduct', token, '空模板.xlsx', file)).body).toMatchObject({ code: -1, msg: '文件中没有数据行' });
  });
});

describe('exports', () => {
  it('answer an invalid filter with an envelope naming the field, not a broken download', async () => {
    const cases: Array<[string, object, string]> = [
      ['/api/product/export', { status: 99 }, '参数错误：状态不能大于 13'],
      ['/api/product/export', { manufactureDateStart: '2024-02-30' }, '制造日期起'],
      ['/api/product/export', { materialId: 'N2' }, '介质'],
      ['/api/enterprise/export', { type: '3' }, '类型'],
    ];
    for (const [url, body, message] of cases) {
      const res = await t.app.inject({ method: 'POST', url, payload: body, headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('application/json');
      expect(res.headers['content-disposition'], url).toBeUndefined();
      expect(res.json(), JSON.stringify(body)).toMatchObject({ code: -1, data: null });
      expect(res.json().msg, JSON.stringify(body)).toContain(message);
    }
  });
});
