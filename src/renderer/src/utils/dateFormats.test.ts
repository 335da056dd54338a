import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { DATE_FORMAT, DATETIME_FORMAT, DEFAULT_FORMATS, TIME_FORMAT, toDayjsFormat } from './dateFormats';

describe('date formats', () => {
  it('are the defaults of SPEC 9', () => {
    const at = dayjs('2025-03-04T05:06:07');
    expect(at.format(DATE_FORMAT)).toBe('2025-03-04');
    expect(at.format(DATETIME_FORMAT)).toBe('2025-03-04 05:06:07');
    expect(at.format(TIME_FORMAT)).toBe('05:06:07');
    expect(at.format(DEFAULT_FORMATS.month)).toBe('2025-03');
    expect(at.format(DEFAULT_FORMATS.year)).toBe('2025');
  });

  it('translate yyyy-MM-dd style formats to dayjs tokens', () => {
    expect(toDayjsFormat('yyyy-MM-dd')).toBe(DATE_FORMAT);
    expect(toDayjsFormat('yyyy-MM-dd HH:mm:ss')).toBe(DATETIME_FORMAT);
    expect(toDayjsFormat('HH:mm:ss')).toBe(TIME_FORMAT);
    expect(toDayjsFormat('YYYY/MM/DD')).toBe('YYYY/MM/DD');
  });
});
