import { describe, expect, it } from 'vitest';
import { readScan } from './scanText';

const SIG = 'abcdefgh234567qz';

describe('readScan', () => {
  it('takes a plain cylinder code, trimmed', () => {
    expect(readScan('  GP-2024.001_A ')).toEqual({ ok: true, code: 'GP-2024.001_A', from: 'code' });
  });

  it('takes the code out of the public page address a label QR code carries', () => {
    expect(readScan(`http://192.168.1.10:8080/q/GP2024001-${SIG}`)).toEqual({ ok: true, code: 'GP2024001', from: 'page' });
    // A code with dashes, a public address with a path of its own, https, upper-case scheme and host.
    expect(readScan(`HTTPS://Trace.Example.com/plant/q/GP-2024-7-${SIG}`)).toEqual({ ok: true, code: 'GP-2024-7', from: 'page' });
    // What the imager typed may carry a query or a fragment (a link shortener's tracking, a reader's suffix).
    expect(readScan(`https://trace.example.com/q/A1-${SIG}?from=wx#top`)).toMatchObject({ ok: true, code: 'A1' });
  });

  it('refuses other text, shortened for the screen', () => {
    expect(readScan('氧气')).toEqual({ ok: false, text: '氧气' });
    expect(readScan('https://example.com/')).toEqual({ ok: false, text: 'https://example.com/' });
    // Not a signature: too short, or not base32 (upper case, 0, 1, 8, 9).
    expect(readScan('https://t.example/q/GP1-abc')).toMatchObject({ ok: false });
    expect(readScan(`https://t.example/q/GP1-${SIG.toUpperCase()}`)).toMatchObject({ ok: false });
    expect(readScan('https://t.example/q/GP1-0123456789abcdef')).toMatchObject({ ok: false });
    // The page address of a code no label can carry; an address of another scheme; a code too long.
    expect(readScan(`https://t.example/q/GP 1-${SIG}`)).toMatchObject({ ok: false });
    expect(readScan(`ftp://t.example/q/GP1-${SIG}`)).toMatchObject({ ok: false });
    expect(readScan('A'.repeat(65))).toMatchObject({ ok: false });
    const long = readScan(`https://example.com/${'x'.repeat(200)}`);
    expect(long.ok === false && long.text.length).toBe(81);
  });
});
