import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSourceContent } from '../../src/shared/api/dataSource';
import type { EnumEntry } from '../../src/shared/api/enum';
import type { PageResult } from '../../src/shared/api/schema';
import type { SettingRow } from '../../src/shared/api/setting';
import { buildTestApp, type TestApp } from './app-helper';

/** Issue 31 item 18: what the server words itself follows the caller's language (Accept-Language), Chinese by default. */
let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await buildTestApp();
  token = (await t.login()).token;
});
afterAll(async () => { await t?.close(); });

const names = async (name: string, lang?: string) =>
  (await t.call<EnumEntry[]>('GET', `/api/enum/dropDown/${name}`, { token, headers: lang ? { 'accept-language': lang } : {} })).body.data;

describe('server-made texts in the reader\'s language', () => {
  it('names the enumerations in English for an English reader, in Chinese for anyone else', async () => {
    expect((await names('gasCategory', 'en')).slice(0, 2)).toEqual([{ name: 'Compressed gas', code: 'compressed' }, { name: 'Liquefied gas', code: 'liquefied' }]);
    expect((await names('gasCategory')).slice(0, 2)).toEqual([{ name: '压缩气体', code: 'compressed' }, { name: '液化气体', code: 'liquefied' }]);
    // A browser's own header names its languages in order of preference.
    expect((await names('productStatus', 'en-US,en;q=0.9,zh-CN;q=0.8'))[2]).toEqual({ name: 'In stock', code: 2 });
    expect((await names('productStatus', 'zh-CN,zh;q=0.9,en;q=0.8'))[2]).toEqual({ name: '在库', code: 2 });
    expect((await names('warehouseKind', 'fr'))[0]).toEqual({ name: '空瓶库', code: 'empty' });
    for (const list of ['receiptType', 'enterpriseType', 'ownerType', 'enabledFlag', 'yesNo', 'inspectionResult', 'periodUnit', 'comparisonOperator', 'outboundStatus']) {
      expect((await names(list, 'en')).filter((e) => /[\u4e00-\u9fff]/.test(e.name)), list).toEqual([]);
    }
  });

  it('shows the default templates\' author 系统 and remark as the English reader reads them; stored as they were', async () => {
    const page = async (lang?: string) => (await t.call<PageResult<SettingRow>>('POST', '/api/setting/listPage', {
      token, headers: lang ? { 'accept-language': lang } : {}, body: { kind: 'REPORT' },
    })).body.data.list;
    const zh = await page();
    expect(zh.length).toBeGreaterThan(0);
    expect(zh.every((r) => r.updatedBy === '系统' && r.remark === '系统默认模板')).toBe(true);
    const en = await page('en');
    expect(en.map((r) => [r.updatedBy, r.remark])).toEqual(zh.map(() => ['System', 'Built-in default template']));
    expect(await t.db.selectFrom('settings').select('updated_by').where('kind', '=', 'REPORT').where('updated_by', '=', '系统').execute()).toHaveLength(zh.length);
  });

  it('names a data source and what it is printed for in the reader\'s language', async () => {
    const content = async (lang?: string) => (await t.call<DataSourceContent>('POST', '/api/dataSource/contentConfig/getContent', {
      token, headers: lang ? { 'accept-language': lang } : {}, body: { dataSource: 'LOT' },
    })).body.data;
    expect(await content()).toMatchObject({ kind: 'LOT', name: '充装批次', subject: '充装批号' });
    expect(await content('en')).toMatchObject({ kind: 'LOT', name: 'Filling lot', subject: 'Lot number' });
  });
});
