import { describe, expect, it } from 'vitest';
import { classifyScan } from './scanTiming';

describe('classifyScan', () => {
  it('calls every key under 50 ms apart and at least 4 long a scan', () => {
    expect(classifyScan([0, 10, 25, 74], 4)).toBe('scanner');
  });

  it('calls a gap of 50 ms or more typing', () => {
    expect(classifyScan([0, 10, 60, 70], 4)).toBe('keyboard');
  });

  it('calls fewer than 4 characters typing, however fast', () => {
    expect(classifyScan([0, 1, 2], 3)).toBe('keyboard');
  });

  it('takes other limits', () => {
    expect(classifyScan([0, 80, 160], 3, 100, 3)).toBe('scanner');
  });
});
