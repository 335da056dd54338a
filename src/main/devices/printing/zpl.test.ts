import { describe, expect, it } from 'vitest';
import { buildZpl } from './zpl';
import { cylinderLabel } from '../../../shared/label/cylinder-label.fixture';

describe('ZPL II driver', () => {
  it('builds the cylinder label byte for byte in UTF-8', () => {
    const expected = [
      '^XA',
      '^CI28',
      '^PW480',
      '^LL320',
      '^PON',
      '^FO16,16^A@N,24,24,E:SIMSUN.TTF^FD气瓶编号：CP2024001^FS',
      '^FO16,64^BY2^BCN,80,Y,N,N^FDCP2024001^FS',
      '^FO320,64^BQN,2,4^FDMA,CP2024001^FS',
      '^FO173,240^A0N,24,24^FDHello "A"^FS',
      '^PQ1',
      '^XZ',
      '',
    ].join('\n');
    expect(buildZpl(cylinderLabel()).equals(Buffer.from(expected, 'utf8'))).toBe(true);
  });

  it('prints copies with ^PQ, turns the label with ^POI and uses the QR error level', () => {
    const zpl = buildZpl(
      cylinderLabel({ printNum: 5, direction: 1, details: [{ type: 'QRCODE', x: 0, y: 0, size: 20, errorLevel: 'H', content: 'X' }] }),
    ).toString();
    expect(zpl).toContain('^POI');
    expect(zpl).toContain('^FO0,0^BQN,2,8^FDHA,X^FS');
    expect(zpl).toContain('^PQ5\n^XZ');
  });

  it('leaves out a barcode or QR code with nothing to encode (a field the data lacks), keeping the texts', () => {
    const zpl = buildZpl(cylinderLabel({
      data: { cylinder: { code: 'C1' } },
      details: [
        { type: 'FONT', x: 0, y: 0, content: '{cylinder.gasName}' },
        { type: 'BARCODE', x: 0, y: 5, content: '{cylinder.code}' },
        { type: 'QRCODE', x: 30, y: 5, content: '{cylinder.qrUrl}' },
      ],
    })).toString();
    expect(zpl).toContain('^BCN,');
    expect(zpl).toContain('^FDC1^FS');
    expect(zpl).not.toContain('^BQN');
    expect(zpl).toContain('^FO0,0^A0N,');
  });

  it('hex-escapes ^ ~ and _ in field data so content cannot inject commands', () => {
    const zpl = buildZpl(cylinderLabel({ details: [{ type: 'FONT', x: 0, y: 0, content: 'a^XZ~b_c' }] })).toString();
    expect(zpl).toContain('^FH^FDa_5EXZ_7Eb_5Fc^FS');
    expect(zpl.match(/\^XZ/g)).toHaveLength(1);
  });
});
