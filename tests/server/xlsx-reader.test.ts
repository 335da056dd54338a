import { describe, expect, it } from 'vitest';
import { readSheet } from '../../src/server/lib/xlsx/read';
import { openZip, ZipEntryTooLargeError, ZipError } from '../../src/server/lib/xlsx/zip';
import { inlineRow, SHEET_CLOSE, SHEET_OPEN, xlsx, zip } from './xlsx-craft';

/** The reader below the imports: the zip (yauzl) and XML (sax) libraries under the limits of src/server/lib/xlsx. */

const COLUMNS = [{ key: 'code', header: '编号' }, { key: 'name', header: '名称' }] as const;
const read = (file: Buffer) => readSheet(file, [...COLUMNS]);
const UNREADABLE = '文件无法读取：请上传 .xlsx 格式的电子表格';
const MB = 1024 * 1024;

describe('the spreadsheet reader', () => {
  it('reads the rows of a well-formed sheet', async () => {
    const file = await xlsx(SHEET_OPEN + inlineRow(1, ['编号', '名称']) + inlineRow(2, ['A1', '甲 & 乙']) + SHEET_CLOSE);
    expect(await read(file)).toEqual([{ row: 2, values: { code: 'A1', name: '甲 & 乙' } }]);
  });

  it('refuses entity definitions (DOCTYPE), external ones included, and unknown entities', async () => {
    const laughs = '<?xml version="1.0"?><!DOCTYPE worksheet [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>';
    const external = '<?xml version="1.0"?><!DOCTYPE worksheet [<!ENTITY x SYSTEM "file:///etc/passwd">]>';
    for (const prologue of [laughs, external]) {
      const sheet = SHEET_OPEN.replace('<?xml version="1.0" encoding="UTF-8"?>', prologue) + inlineRow(1, ['编号', '名称']) + inlineRow(2, ['&b;', '&x;']) + SHEET_CLOSE;
      await expect(read(await xlsx(sheet))).rejects.toThrow(UNREADABLE);
    }
    const nbsp = SHEET_OPEN + inlineRow(1, ['编号', '名称']) + '<row r="2"><c r="A2" t="inlineStr"><is><t>&nbsp;</t></is></c></row>' + SHEET_CLOSE;
    await expect(read(await xlsx(nbsp))).rejects.toThrow(UNREADABLE);
  });

  it('refuses a sheet that is not well-formed XML, and an archive cut short', async () => {
    await expect(read(await xlsx(SHEET_OPEN + inlineRow(1, ['编号', '名称']) + '<row r="2"><c r="A2">' + SHEET_CLOSE))).rejects.toThrow(UNREADABLE);
    const file = await xlsx(SHEET_OPEN + inlineRow(1, ['编号', '名称']) + inlineRow(2, ['A1', 'x']) + SHEET_CLOSE);
    await expect(read(file.subarray(0, file.length - 30))).rejects.toThrow(UNREADABLE);
    await expect(read(file.subarray(0, file.length / 2))).rejects.toThrow(UNREADABLE);
  });

  it('stops inflating an entry at its cap, whatever size the archive claims', async () => {
    const archive = await openZip(await zip({ big: function* () { for (let i = 0; i < 100; i += 1) yield Buffer.alloc(MB, 'A'); } }, { big: 1000 }));
    let inflated = 0;
    await expect((async () => { for await (const chunk of archive.chunks(archive.entries.get('big')!, 2 * MB)) inflated += chunk.length; })())
      .rejects.toBeInstanceOf(ZipEntryTooLargeError);
    expect(inflated).toBeLessThanOrEqual(2 * MB);
    expect(inflated).toBeGreaterThan(MB);
  });

  it('refuses what is not a zip archive', async () => {
    await expect(openZip(Buffer.from('not a zip'))).rejects.toBeInstanceOf(ZipError);
    await expect(read(Buffer.alloc(1000))).rejects.toThrow(UNREADABLE);
  });
});
