import { describe, expect, it } from 'vitest';
import { formatNumber } from './formatNumber';

describe('formatNumber', () => {
  it('groups thousands and keeps the decimals', () => {
    expect(formatNumber(1234567.891)).toBe('1,234,567.891');
    expect(formatNumber(-9876543.21)).toBe('-9,876,543.21');
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(0)).toBe('0');
  });

  it('shows no binary float noise', () => {
    expect(formatNumber(0.1 + 0.2)).toBe('0.3');
    expect(formatNumber(1.005 * 1000)).toBe('1,005');
  });

  it('shows up to 20 decimals of a decimal string, exactly', () => {
    expect(formatNumber('12345678901234567890.12345678901234567890')).toBe('12,345,678,901,234,567,890.1234567890123456789');
    expect(formatNumber('0.000000000000000000011')).toBe('0.00000000000000000001');
    expect(formatNumber(0.0000001)).toBe('0.0000001');
  });

  it('rounds to the given number of decimals', () => {
    expect(formatNumber(1234.5678, 2)).toBe('1,234.57');
    expect(formatNumber(2.5, 0)).toBe('3');
    expect(formatNumber('1,234.5', 0)).toBe('1,235');
  });

  it('gives an empty text for nothing or garbage', () => {
    expect(formatNumber(null)).toBe('');
    expect(formatNumber(undefined)).toBe('');
    expect(formatNumber('abc')).toBe('');
    expect(formatNumber(Number.NaN)).toBe('');
  });
});
