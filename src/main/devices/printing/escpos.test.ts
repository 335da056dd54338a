import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { buildDeliverySlip, buildEscposLabel } from './escpos';
import { cylinderLabel } from '../../../shared/label/cylinder-label.fixture';

const has = (buf: Buffer, hex: string) => buf.includes(Buffer.from(hex, 'hex'));

describe('ESC/POS receipts', () => {
  const slip = buildDeliverySlip({
    title: '发货清单',
    header: ['单号 CK001'],
    lines: [{ name: 'YSP-15', quantity: 2 }],
    total: '2',
    qr: 'CK001',
  });

  it('selects the China code page and sends the title in GB2312, centred and bold', () => {
    expect(slip.subarray(0, 3).toString('hex')).toBe('1b520f');
    expect(has(slip, '1b6101')).toBe(true); // ESC a 1: centre
    expect(has(slip, '1b4501')).toBe(true); // ESC E 1: bold
    expect(slip.includes(iconv.encode('发货清单', 'gb2312'))).toBe(true);
    expect(slip.includes(Buffer.from('单号 CK001'.slice(2), 'ascii'))).toBe(true);
  });

  it('prints the lines, the total and a QR code, then cuts', () => {
    expect(slip.includes(Buffer.from('YSP-15'))).toBe(true);
    expect(slip.includes(iconv.encode('合计', 'gb2312'))).toBe(true);
    // GS ( k store data: pL pH = len+3, cn 49 (0x31), fn 80 (0x50), m 48, then the data.
    expect(has(slip, `1d286b0800315030${Buffer.from('CK001').toString('hex')}`)).toBe(true);
    expect(has(slip, '1d5600')).toBe(true); // GS V 0: cut
  });

  it('prints a label job on a receipt printer with Code 128 and QR', () => {
    const buf = buildEscposLabel(cylinderLabel());
    expect(buf.includes(iconv.encode('气瓶编号：CP2024001', 'gb2312'))).toBe(true);
    expect(has(buf, '1d6b49')).toBe(true); // GS k 73: Code 128
    expect(has(buf, '1d5600')).toBe(true);
  });
});
