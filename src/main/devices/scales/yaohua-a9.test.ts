import { describe, expect, it } from 'vitest';
import { buildA9Frame, parseA9Frame, YaohuaA9Parser } from './yaohua-a9';

const hex = (s: string) => Buffer.from(s.replace(/\s+/g, ''), 'hex');
const WORKED = hex('02 2B 30 30 32 30 30 30 32 31 42 03'); // +20.00 from DOMAIN.md

describe('Yaohua XK3190-A9 frames', () => {
  it('parses the worked frame for +20.00 to 20 kg', () => {
    expect(parseA9Frame(WORKED)).toEqual({ kind: 'weight', weight: 20, raw: '<02>+0020002' + '1B<03>' });
  });

  it('builds frames exactly as the indicator sends them', () => {
    expect(buildA9Frame(20).equals(WORKED)).toBe(true);
    expect(parseA9Frame(buildA9Frame(-1.5, 1))).toMatchObject({ weight: -1.5 });
    expect(parseA9Frame(buildA9Frame(14.525, 3))).toMatchObject({ weight: 14.525 });
    expect(parseA9Frame(buildA9Frame(350, 0))).toMatchObject({ weight: 350 });
  });

  it('converts from the configured unit when the indicator is not set to kg', () => {
    expect(parseA9Frame(buildA9Frame(14500, 0), 'g')).toMatchObject({ weight: 14.5 });
  });

  it.each([
    ['a wrong checksum', hex('02 2B 30 30 32 30 30 30 32 31 43 03'), 'checksum'],
    ['a flipped digit', hex('02 2B 30 30 33 30 30 30 32 31 42 03'), 'checksum'],
    ['a bad sign', hex('02 2A 30 30 32 30 30 30 32 31 42 03'), 'format'],
    ['a letter in the digits', hex('02 2B 30 30 32 41 30 30 32 31 42 03'), 'format'],
    ['too many decimals', hex('02 2B 30 30 32 30 30 30 39 31 42 03'), 'format'],
    ['a missing ETX', hex('02 2B 30 30 32 30 30 30 32 31 42 04'), 'frame'],
  ])('refuses %s', (_name, frame, reason) => {
    expect(parseA9Frame(frame)).toMatchObject({ kind: 'bad', reason });
  });

  it('reassembles frames split across chunks and skips noise and broken frames in a stream', () => {
    const parser = new YaohuaA9Parser();
    const good = buildA9Frame(20);
    const broken = Buffer.from(good);
    broken[5] = 0x39; // a digit corrupted on the wire
    const truncated = good.subarray(0, 7); // a frame cut short, then the next frame starts
    const stream = Buffer.concat([Buffer.from('xx'), good, broken, truncated, buildA9Frame(20.5), good]);
    const out = [...parser.push(stream.subarray(0, 10)), ...parser.push(stream.subarray(10, 31)), ...parser.push(stream.subarray(31))];
    const weights = out.filter((f) => f.kind === 'weight').map((f) => (f.kind === 'weight' ? f.weight : NaN));
    expect(weights).toEqual([20, 20.5, 20]);
    expect(out.filter((f) => f.kind === 'bad').map((f) => (f.kind === 'bad' ? f.reason : ''))).toEqual([
      'noise',
      'checksum',
      'frame',
    ]);
  });
});
