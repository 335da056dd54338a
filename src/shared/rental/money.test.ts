import { describe, expect, it } from 'vitest';
import { centsOf, yuan } from './money';

describe('money as integer cents', () => {
  it('shows cents as yuan with two decimals', () => {
    expect([yuan(0), yuan(5), yuan(2000), yuan(4700), yuan(-5), yuan(123456789)]).toEqual(['0.00', '0.05', '20.00', '47.00', '-0.05', '1234567.89']);
  });
  it('reads typed yuan exactly, never through a float', () => {
    // 0.29 × 100 is 28.999999999999996 in floating point; the text arithmetic gives 29.
    expect([centsOf('0.29'), centsOf('20'), centsOf('20.5'), centsOf('20.05'), centsOf(' 1,200.00 '), centsOf('1.')]).toEqual([29, 2000, 2050, 2005, 120000, 100]);
  });
  it('refuses what is not an amount', () => {
    expect([centsOf(''), centsOf('-1'), centsOf('1.234'), centsOf('abc'), centsOf('1e3'), centsOf('21474837'), centsOf('.5')]).toEqual([null, null, null, null, null, null, null]);
    expect(centsOf('21474836.47')).toBe(2_147_483_647);
  });
});
