import { describe, expect, it } from 'vitest';
import { compileScalePattern, RegexParser } from './regex-parser';

describe('configurable regular-expression scale parser', () => {
  it('reads weight, unit and a stability group', () => {
    const parser = new RegexParser('^(?:(?<stable>ST)|US),GS,\\s*(?<weight>[-+]?\\d+(?:\\.\\d+)?)\\s*(?<unit>kg|g|lb)$');
    expect(parser.push(Buffer.from('ST,GS,  14.50kg\r\nUS,GS,  14480g\r\nXX\r\n'))).toEqual([
      { kind: 'weight', weight: 14.5, stable: true, raw: 'ST,GS,  14.50kg' },
      { kind: 'weight', weight: 14.48, stable: false, raw: 'US,GS,  14480g' },
      { kind: 'bad', raw: 'XX', reason: 'format' },
    ]);
  });

  it('uses the configured unit when the pattern has none', () => {
    expect(new RegexParser('=(?<weight>\\d+\\.\\d+)', 't').push(Buffer.from('=0.015\n'))).toMatchObject([{ weight: 15 }]);
  });

  it('refuses a pattern that does not compile or has no weight group', () => {
    expect(() => compileScalePattern('(')).toThrow('电子秤解析规则无效');
    expect(() => compileScalePattern('\\d+')).toThrow('(?<weight>…)');
  });
});
