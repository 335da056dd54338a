import { describe, expect, it } from 'vitest';
import { MtSicsParser } from './mt-sics';

describe('Mettler Toledo MT-SICS answers', () => {
  it('reads stable (S S) and dynamic (S D) weights with their unit', () => {
    const out = new MtSicsParser().push(Buffer.from('S S     12.34 kg\r\nS D     12.31 kg\r\nS S    1234.5 g\r\nS S      -0.20 lb\r\n'));
    expect(out).toEqual([
      { kind: 'weight', weight: 12.34, stable: true, raw: 'S S     12.34 kg' },
      { kind: 'weight', weight: 12.31, stable: false, raw: 'S D     12.31 kg' },
      { kind: 'weight', weight: 1.2345, stable: true, raw: 'S S    1234.5 g' },
      { kind: 'weight', weight: -0.090718, stable: true, raw: 'S S      -0.20 lb' },
    ]);
  });

  it('reports S I, S + and S - as busy, overload and underload', () => {
    const out = new MtSicsParser().push(Buffer.from('S I\r\nS +\r\nS -\r\n'));
    expect(out.map((f) => (f.kind === 'status' ? f.status : f.kind))).toEqual(['busy', 'overload', 'underload']);
  });

  it('treats error answers, unknown units and garbage as bad frames', () => {
    const out = new MtSicsParser().push(Buffer.from('ES\r\nS S     12.34 oz\r\nS X 1 kg\r\nS S   12..3 kg\r\n'));
    expect(out.every((f) => f.kind === 'bad')).toBe(true);
    expect(out).toHaveLength(4);
  });
});
