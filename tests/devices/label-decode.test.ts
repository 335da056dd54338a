import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { LabelContent } from '../../src/shared/api/setting';
import { labelJobOf } from '../../src/shared/label/job';
import { sampleCylinderData } from '../../src/shared/label/sample';
import { buildTspl } from '../../src/main/devices/printing/tspl';
import { buildZpl } from '../../src/main/devices/printing/zpl';
import { tsplCodes } from './tspl-raster';

// A label as the designer saves it (标签设置: millimetres, placeholders of the CYLINDER source), filled with a
// cylinder's data whose QR address is the public page's, printed in both printer languages and read back
// with zbarimg: the barcode gives the cylinder code, the QR code the /q/ address a phone opens.
const dir = mkdtempSync(join(tmpdir(), 'label-decode-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const DESIGNED: LabelContent = {
  width: 70, height: 45, dpi: 203, direction: 0, lang: 'zpl',
  details: [
    { type: 'FONT', x: 35, y: 2, fontSize: 3.5, textAlign: 'center', content: '{company.name|气体厂}' },
    { type: 'FONT', x: 3, y: 7, fontSize: 3, content: '介质：{cylinder.gasName} 批号：{lastFill.lotNo|—}' },
    { type: 'BARCODE', x: 3, y: 12, size: 10, fontSize: 2.5, content: '{cylinder.code}' },
    { type: 'QRCODE', x: 46, y: 12, size: 7.5, errorLevel: 'M', content: '{cylinder.qrUrl}' },
    { type: 'FONT', x: 3, y: 38, fontSize: 3, content: '检验有效期至 {cylinder.nextInspectionDate|未知}' },
  ],
};

const data = sampleCylinderData('http://192.168.1.10:8080');
const QR = 'http://192.168.1.10:8080/q/CP2024001-sampleaaaaaaaaaa';

function zbar(png: Buffer, symbology: 'code128' | 'qrcode', name: string): string[] {
  const file = join(dir, `${name}.png`);
  writeFileSync(file, png);
  const out = execFileSync('zbarimg', ['--quiet', '--raw', '-Sdisable', `-S${symbology}.enable`, file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  return out.split('\n').filter(Boolean);
}

describe('a designed cylinder label, printed and scanned', () => {
  it('ZPL, drawn by zpl-renderer-js, decodes to the cylinder code and its /q/ address', { timeout: 60_000 }, async () => {
    const { ready } = await import('zpl-renderer-js');
    const { api } = await ready;
    const zpl = buildZpl(labelJobOf(DESIGNED, data, { printer: 'p' })).toString('utf8');
    const png = Buffer.from(await api.zplToBase64Async(zpl, 70, 45, 8), 'base64');
    expect(zbar(png, 'code128', 'zpl-bar')).toEqual(['CP2024001']);
    expect(zbar(png, 'qrcode', 'zpl-qr')).toEqual([QR]);
  });

  it('TSPL, each code drawn at the printer\'s dots, decodes the same', async () => {
    const codes = await tsplCodes(buildTspl(labelJobOf({ ...DESIGNED, lang: 'tspl' }, data, { printer: 'p' })));
    expect(codes.map((c) => [c.kind, c.x, c.y])).toEqual([['code128', 24, 96], ['qrcode', 368, 96]]);
    // The QR at the TSC's size: 3-dot cells (size 7.5 ÷ 2.5) for a version-4 symbol (33 modules) and a 4-module quiet zone.
    expect(codes[1]!.png.readUInt32BE(16)).toBe((33 + 8) * 3);
    expect(zbar(codes[0]!.png, 'code128', 'tspl-bar')).toEqual(['CP2024001']);
    expect(zbar(codes[1]!.png, 'qrcode', 'tspl-qr')).toEqual([QR]);
  });
});
