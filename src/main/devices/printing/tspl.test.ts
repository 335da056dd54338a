import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { buildTspl, tsplQuote } from './tspl';
import { cylinderLabel } from '../../../shared/label/cylinder-label.fixture';

describe('TSPL driver', () => {
  it('builds the cylinder label byte for byte, GBK-encoded', () => {
    const expected = [
      'SIZE 60 mm,40 mm',
      'GAP 2 mm,0 mm',
      'DIRECTION 0',
      'CLS',
      'TEXT 16,16,"TSS24.BF2",0,1,1,"气瓶编号：CP2024001"',
      'BARCODE 16,64,"128",80,1,0,2,2,"CP2024001"',
      'QRCODE 320,64,M,4,A,0,"CP2024001"',
      'TEXT 173,240,"3",0,1,1,"Hello \\["]A\\["]"',
      'PRINT 1',
      '',
    ].join('\r\n');
    expect(buildTspl(cylinderLabel()).equals(iconv.encode(expected, 'gbk'))).toBe(true);
  });

  it('sends Chinese as GBK bytes, never UTF-8', () => {
    const bytes = buildTspl(cylinderLabel());
    expect(bytes.includes(Buffer.from('c6f8c6bf', 'hex'))).toBe(true); // 气瓶 in GBK
    expect(bytes.includes(Buffer.from('气瓶', 'utf8'))).toBe(false);
  });

  it('honours copies, direction, dpi and height, and scales the font by its height', () => {
    const text = buildTspl({
      printer: 'p',
      width: 50,
      height: 30,
      dpi: 300,
      printNum: 3,
      direction: 1,
      details: [{ type: 'FONT', x: 1, y: 1, fontSize: 5, font: '2', content: 'AB' }],
    }).toString('latin1');
    expect(text).toBe(
      'SIZE 50 mm,30 mm\r\nGAP 2 mm,0 mm\r\nDIRECTION 1\r\nCLS\r\nTEXT 12,12,"2",0,2,2,"AB"\r\nPRINT 3\r\n',
    );
  });

  it('leaves out a barcode or QR code with nothing to encode (a field the data lacks)', () => {
    const tspl = iconv.decode(buildTspl(cylinderLabel({
      data: { cylinder: { code: 'C1' } },
      details: [
        { type: 'BARCODE', x: 0, y: 5, content: '{cylinder.qrUrl}' },
        { type: 'QRCODE', x: 30, y: 5, content: '{cylinder.code}' },
      ],
    })), 'gbk');
    expect(tspl).not.toContain('BARCODE ');
    expect(tspl).toMatch(/^QRCODE .*,"C1"\r$/m);
  });

  it('escapes quotes and flattens line breaks so content cannot end the command', () => {
    expect(tsplQuote('a"b\r\nPRINT 99')).toBe('"a\\["]b PRINT 99"');
  });
});
