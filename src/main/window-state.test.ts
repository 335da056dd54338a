import { describe, expect, it } from 'vitest';
import { DEFAULT_WINDOW_SIZE, initialWindow } from './window-state';

const primary = { workArea: { x: 0, y: 0, width: 1920, height: 1040 } };
// A second monitor left of the primary one.
const left = { workArea: { x: -1920, y: 0, width: 1920, height: 1080 } };
const small = { workArea: { x: 0, y: 0, width: 1366, height: 728 } };

describe('where the window opens', () => {
  it('first start: the default size, centred, not maximised', () => {
    expect(initialWindow(null, [primary])).toEqual({ bounds: { ...DEFAULT_WINDOW_SIZE }, maximized: false });
  });

  it('reopens where it was closed, on the display it was on, maximised again if it was', () => {
    const saved = { x: -1700, y: 100, width: 1400, height: 900, maximized: true };
    expect(initialWindow(saved, [primary, left])).toEqual({ bounds: { x: -1700, y: 100, width: 1400, height: 900 }, maximized: true });
  });

  it('a window whose display is gone opens on the primary display, fully visible', () => {
    const saved = { x: -1700, y: 100, width: 1400, height: 900, maximized: false };
    expect(initialWindow(saved, [primary])).toEqual({ bounds: { x: 0, y: 100, width: 1400, height: 900 }, maximized: false });
  });

  it('a window hanging off the edge is moved back onto its display', () => {
    const saved = { x: 1500, y: 600, width: 1300, height: 850, maximized: false };
    expect(initialWindow(saved, [primary]).bounds).toEqual({ x: 620, y: 190, width: 1300, height: 850 });
  });

  it('never opens smaller than 1200×800, even on a smaller screen or from a bad saved size', () => {
    const saved = { x: 200, y: 100, width: 1600, height: 1000, maximized: false };
    expect(initialWindow(saved, [small]).bounds).toEqual({ x: 0, y: 0, width: 1366, height: 800 });
    expect(initialWindow({ width: 300, height: 200, maximized: false }, [primary]).bounds).toEqual({ width: 1200, height: 800 });
  });

  it('with no display information keeps the saved size and lets Electron place it', () => {
    expect(initialWindow({ x: 10, y: 10, width: 1300, height: 900, maximized: false }, []).bounds).toEqual({ width: 1300, height: 900 });
  });
});
