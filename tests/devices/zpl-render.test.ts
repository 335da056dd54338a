import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cylinderLabel } from '../../src/shared/label/cylinder-label.fixture';
import { buildZpl } from '../../src/main/devices/printing/zpl';

// zpl-renderer-js draws ZPL as a Zebra printer would (Zebrash compiled to wasm); zbarimg (zbar-tools)
// then reads the codes back from the picture, so the barcode and the QR are proven scannable.
const dir = mkdtempSync(join(tmpdir(), 'zpl-render-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function scan(png: Buffer, symbology: 'code128' | 'qrcode'): string[] {
  const file = join(dir, `${symbology}.png`);
  writeFileSync(file, png);
  const out = execFileSync('zbarimg', ['--quiet', '--raw', '-Sdisable', `-S${symbology}.enable`, file], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return out.split('\n').filter(Boolean);
}

describe('the ZPL cylinder label, rendered', () => {
  it('decodes to the cylinder code from both the Code 128 barcode and the QR code', { timeout: 60_000 }, async () => {
    const { ready } = await import('zpl-renderer-js');
    const { api } = await ready;
    const job = cylinderLabel({ data: { cylinder: { code: 'CP2024001' } } });
    const png = Buffer.from(await api.zplToBase64Async(buildZpl(job).toString('utf8'), 60, 40, 8), 'base64');
    expect(scan(png, 'code128')).toEqual(['CP2024001']);
    expect(scan(png, 'qrcode')).toEqual(['CP2024001']);
  });
});
