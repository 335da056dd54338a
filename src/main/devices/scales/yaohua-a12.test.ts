import { describe, expect, it } from 'vitest';
import { buildA12Frame, parseA12Line, YaohuaA12Parser } from './yaohua-a12';

const MANUAL_EXAMPLE = Buffer.from('57 47 30 30 34 2E 31 33 39 6B 67 33 44 0D 0A'.replace(/ /g, ''), 'hex');

describe('Yaohua XK3190-A12(E) frames', () => {
  it("parses the manual's example WG004.139kg3D to 4.139 kg", () => {
    expect(new YaohuaA12Parser().push(MANUAL_EXAMPLE)).toEqual([{ kind: 'weight', weight: 4.139, raw: 'WG004.139kg3D' }]);
    expect(buildA12Frame('WG004.139kg').equals(MANUAL_EXAMPLE)).toBe(true);
  });

  it('reads net and negative weights and weights without a decimal point', () => {
    expect(parseA12Line(buildA12Frame('WN-04.139kg').subarray(0, 13))).toMatchObject({ weight: -4.139 });
    expect(parseA12Line(buildA12Frame('WG001450 kg').subarray(0, 13))).toMatchObject({ weight: 1450 });
  });

  it('reports overload (OL) and underload (LO) as status, not as a weight', () => {
    const parser = new YaohuaA12Parser();
    expect(parser.push(Buffer.from('         OL23\r\n         LO23\r\n'))).toEqual([
      { kind: 'status', status: 'overload', raw: '         OL23' },
      { kind: 'status', status: 'underload', raw: '         LO23' },
    ]);
  });

  it('refuses corrupt frames and keeps reading after them', () => {
    const parser = new YaohuaA12Parser();
    const out = parser.push(Buffer.from('WG004.139kg3E\r\nWG004.1kg3D\r\nWGab4.139kg' + '3D\r\n'));
    expect(out.map((f) => f.kind)).toEqual(['bad', 'bad', 'bad']);
    expect(parser.push(MANUAL_EXAMPLE.subarray(0, 6))).toEqual([]);
    expect(parser.push(MANUAL_EXAMPLE.subarray(6))).toMatchObject([{ weight: 4.139 }]);
  });
});
