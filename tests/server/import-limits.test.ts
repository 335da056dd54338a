import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_IMPORT_COLUMNS } from '../../src/server/modules/product/product.sheet';
import { CELL_TOO_LONG, XML_TOO_DEEP, XML_TOO_MANY_ATTRIBUTES } from '../../src/server/lib/xlsx/read';
import { buildTestApp, type TestApp } from './app-helper';
import { createImportReferences, upload } from './master-data-helper';
import { inlineRow, SHEET_CLOSE, SHEET_OPEN, SST_OPEN, xlsx } from './xlsx-craft';

/**
 * Hostile spreadsheets are refused before they cost memory: the workbook is read as a stream with its limits
 * checked while reading (src/server/lib/xlsx).
 */

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await buildTestApp();
  token = (await t.login()).token;
  await createImportReferences(t, token);
});
afterAll(async () => { await t?.close(); });

const HEADERS = PRODUCT_IMPORT_COLUMNS.map((c) => c.header);
const MB = 1024 * 1024;
/** What a refused hostile file may add to the server's resident memory (the unbounded reader took gigabytes). */
const MODEST = 100 * MB;

const cylinders = async () => Number((await t.db.selectFrom('cylinders').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
const importProducts = (file: Buffer) => upload(t, '/api/product/importProduct', token, 'products.xlsx', file);

/** The largest growth of this process's resident memory while `work` runs (sampled, and the kernel's high-water mark). */
async function memoryGrowth(work: () => Promise<unknown>): Promise<number> {
  const before = process.memoryUsage.rss();
  const highWaterBefore = process.resourceUsage().maxRSS * 1024;
  let peak = before;
  const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage.rss()); }, 5);
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  peak = Math.max(peak, process.memoryUsage.rss());
  return Math.max(peak - before, process.resourceUsage().maxRSS * 1024 - highWaterBefore);
}

/** `megabytes` MB of one letter, produced a megabyte at a time. */
function* letters(megabytes: number): Iterable<Buffer> {
  const chunk = Buffer.alloc(MB, 'A');
  for (let i = 0; i < megabytes; i += 1) yield chunk;
}

describe('hostile spreadsheets', () => {
  it('refuses a 0.1 MB file whose one cell inflates to 100 MB, without taking the memory', async () => {
    // The header row and a data row whose specification is shared string 17: 100 MB of text.
    const sheet = SHEET_OPEN + `<row r="1">${HEADERS.map((_, i) => `<c r="${String.fromCharCode(65 + i)}1" t="s"><v>${i}</v></c>`).join('')}</row>`
      + `<row r="2"><c r="A2" t="inlineStr"><is><t>BOMB1</t></is></c><c r="H2" t="s"><v>${HEADERS.length}</v></c></row>` + SHEET_CLOSE;
    const file = await xlsx(sheet, function* () {
      yield SST_OPEN + HEADERS.map((h) => `<si><t>${h}</t></si>`).join('') + '<si><t>';
      yield* letters(100);
      yield '</t></si></sst>';
    });
    expect(file.length).toBeLessThan(0.2 * MB);
    const before = await cylinders();
    let res: Awaited<ReturnType<typeof importProducts>> | undefined;
    const growth = await memoryGrowth(async () => { res = await importProducts(file); });
    expect(growth).toBeLessThan(MODEST);
    expect(res!.body).toEqual({ code: -1, msg: CELL_TOO_LONG, data: null });
    expect(await cylinders()).toBe(before);
  });

  it('counts the inflated bytes of a sheet, whatever size the archive claims for it', async () => {
    // A column no import reads, holding 100 MB: never kept, but the sheet is bigger than any import.
    const sheet = function* () {
      yield SHEET_OPEN + inlineRow(1, [...HEADERS, '附注']) + inlineRow(2, ['BOMB2', '', 'N2']).replace('</row>', '<c r="R2" t="inlineStr"><is><t>');
      yield* letters(100);
      yield '</t></is></c></row>' + SHEET_CLOSE;
    };
    const file = await xlsx(sheet, undefined, { 'xl/worksheets/sheet1.xml': 2000 });
    let res: Awaited<ReturnType<typeof importProducts>> | undefined;
    const growth = await memoryGrowth(async () => { res = await importProducts(file); });
    expect(res!.body).toEqual({ code: -1, msg: '文件内容过大（解压后超过 64 MB），请删除模板以外的内容或分批导入', data: null });
    expect(growth).toBeLessThan(MODEST);
    // Building and inflating 100 MB: a hang bound, passed at 30 s beside CI's other two lanes.
  }, 60_000);

  it('refuses a 0.1 MB file whose one cell holds 9,000,000 nested tags (63 MB inflated) at the nesting bound, and four at once leave the server answering', async () => {
    const nested = function* () {
      yield SHEET_OPEN + inlineRow(1, HEADERS) + '<row r="2"><c r="A2" t="inlineStr"><is><t>NEST1</t></is></c><c r="H2">';
      const opens = Buffer.from('<x>'.repeat(1_000_000));
      const closes = Buffer.from('</x>'.repeat(1_000_000));
      for (let i = 0; i < 9; i += 1) yield opens;
      for (let i = 0; i < 9; i += 1) yield closes;
      yield '</c></row>' + SHEET_CLOSE;
    };
    const file = await xlsx(nested);
    expect(file.length).toBeLessThan(0.2 * MB);
    const before = await cylinders();
    let answers: Array<Awaited<ReturnType<typeof importProducts>>> = [];
    const growth = await memoryGrowth(async () => { answers = await Promise.all([1, 2, 3, 4].map(() => importProducts(file))); });
    for (const res of answers) expect(res.body).toEqual({ code: -1, msg: XML_TOO_DEEP, data: null });
    expect(growth).toBeLessThan(MODEST);
    expect(await cylinders()).toBe(before);
    expect((await t.call('GET', '/api/product/statusCount', { token })).status).toBe(200);
  });

  it('refuses a tag with three million attributes, without keeping them', async () => {
    const sheet = function* () {
      yield SHEET_OPEN + inlineRow(1, HEADERS) + '<row r="2"><c r="A2" t="inlineStr"><is><t>ATTR1</t></is></c><c r="H2"';
      for (let batch = 0; batch < 30; batch += 1) {
        let attrs = '';
        for (let i = batch * 100_000; i < (batch + 1) * 100_000; i += 1) attrs += ` a${i}=""`;
        yield attrs;
      }
      yield '/></row>' + SHEET_CLOSE;
    };
    let res: Awaited<ReturnType<typeof importProducts>> | undefined;
    const growth = await memoryGrowth(async () => { res = await importProducts(await xlsx(sheet)); });
    expect(res!.body).toEqual({ code: -1, msg: XML_TOO_MANY_ATTRIBUTES, data: null });
    expect(growth).toBeLessThan(MODEST);
  });

  it('refuses a sheet with a million rows as soon as it passes the limit of one import', async () => {
    const sheet = function* () {
      yield SHEET_OPEN + inlineRow(1, HEADERS);
      for (let batch = 0; batch < 100; batch += 1) {
        let rows = '';
        for (let r = batch * 10_000 + 2; r < (batch + 1) * 10_000 + 2; r += 1) rows += `<row r="${r}"><c r="A${r}" t="inlineStr"><is><t>M${r}</t></is></c></row>`;
        yield rows;
      }
      yield SHEET_CLOSE;
    };
    const file = await xlsx(sheet);
    expect(file.length).toBeLessThan(10 * MB);
    const before = await cylinders();
    let res: Awaited<ReturnType<typeof importProducts>> | undefined;
    const growth = await memoryGrowth(async () => { res = await importProducts(file); });
    expect(growth).toBeLessThan(MODEST);
    expect(res!.body).toEqual({ code: -1, msg: '一次最多导入 10000 行，请分批导入', data: null });
    expect(await cylinders()).toBe(before);
  });
});

describe('cells longer than their column', () => {
  const row = (n: number, code: string, extra: { specification?: string; remark?: string } = {}) => {
    const values = HEADERS.map(() => '');
    values[0] = code;
    values[2] = 'N2';
    values[HEADERS.indexOf('规格型号')] = extra.specification ?? '40L';
    values[HEADERS.indexOf('备注')] = extra.remark ?? '';
    return inlineRow(n, values);
  };

  it('are refused naming row and column, and nothing is imported', async () => {
    const file = await xlsx(SHEET_OPEN + inlineRow(1, HEADERS) + row(2, 'LEN001', { specification: 'S'.repeat(32) })
      + row(3, 'LEN002', { specification: 'S'.repeat(33) }) + row(4, 'LEN003', { remark: '备'.repeat(256), specification: ` ${'S'.repeat(40)} ` }) + SHEET_CLOSE);
    const before = await cylinders();
    const res = await importProducts(file);
    expect(res.body.code).toBe(-1);
    expect(res.body.msg.split('\n')).toEqual([
      '导入失败，未导入任何数据：共 3 行，其中 2 行有误',
      '第 3 行：「规格型号」超过 32 个字符',
      '第 4 行：「规格型号」超过 32 个字符；「备注」超过 255 个字符',
    ]);
    expect(await cylinders()).toBe(before);
  });

  it('up to the limit, spaces around the value aside, are imported', async () => {
    const file = await xlsx(SHEET_OPEN + inlineRow(1, HEADERS) + row(2, 'LEN010', { specification: `  ${'S'.repeat(32)}  `, remark: '备'.repeat(255) }) + SHEET_CLOSE);
    const res = await importProducts(file);
    expect(res.body, res.body.msg).toMatchObject({ code: 0, data: { imported: 1 } });
    const saved = await t.db.selectFrom('cylinders').select(['specification', 'remark']).where('code', '=', 'LEN010').executeTakeFirstOrThrow();
    expect(saved).toEqual({ specification: 'S'.repeat(32), remark: '备'.repeat(255) });
  });
});
