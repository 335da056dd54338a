import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { breakpointOf, useBreakpoint } from './useBreakpoint';

const resizeTo = (width: number) => {
  window.innerWidth = width;
  window.dispatchEvent(new Event('resize'));
};

describe('breakpoints', () => {
  it('classify widths as SPEC 9 says', () => {
    expect(breakpointOf(320)).toBe('xs');
    expect(breakpointOf(767)).toBe('xs');
    expect(breakpointOf(768)).toBe('sm');
    expect(breakpointOf(991)).toBe('sm');
    expect(breakpointOf(992)).toBe('md');
    expect(breakpointOf(1199)).toBe('md');
    expect(breakpointOf(1200)).toBe('xl');
    expect(breakpointOf(1919)).toBe('xl');
    expect(breakpointOf(1920)).toBe('full');
  });

  it('follow the window as it is resized', () => {
    resizeTo(1000);
    const { result } = renderHook(() => useBreakpoint());
    expect(result.current).toBe('md');
    act(() => resizeTo(500));
    expect(result.current).toBe('xs');
    act(() => resizeTo(2560));
    expect(result.current).toBe('full');
  });
});
