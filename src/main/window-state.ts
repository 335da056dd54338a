import type { WindowState } from './settings';
import { MIN_HEIGHT, MIN_WIDTH } from './window-policy';

/**
 * Where the window opens: as it was closed last time, on a display that still exists (a laptop taken off
 * its docking station must not open the app off-screen), never smaller than the minimum. Pure, so it is
 * tested against any arrangement of displays.
 */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface DisplayLike {
  workArea: Rect;
}

/** First start: a comfortable size above the minimum, centred by Electron. */
export const DEFAULT_WINDOW_SIZE = { width: 1280, height: 860 } as const;

export interface InitialWindow {
  /** x/y absent: let Electron centre the window on the primary display. */
  bounds: { x?: number; y?: number; width: number; height: number };
  maximized: boolean;
}

function overlap(a: Rect, b: Rect): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

const clamp = (value: number, min: number, max: number): number => Math.min(Math.max(value, min), Math.max(min, max));

export function initialWindow(saved: WindowState | null, displays: readonly DisplayLike[]): InitialWindow {
  if (!saved) return { bounds: { ...DEFAULT_WINDOW_SIZE }, maximized: false };
  const maximized = saved.maximized;
  const wanted = { width: Math.max(MIN_WIDTH, saved.width), height: Math.max(MIN_HEIGHT, saved.height) };
  if (saved.x === undefined || saved.y === undefined || displays.length === 0) return { bounds: wanted, maximized };

  const rect: Rect = { x: saved.x, y: saved.y, ...wanted };
  // The display showing most of the window; none (its display is gone): the primary one, listed first.
  const best = displays.reduce<{ area: number; display: DisplayLike }>(
    (acc, display) => {
      const area = overlap(rect, display.workArea);
      return area > acc.area ? { area, display } : acc;
    },
    { area: 0, display: displays[0]! },
  ).display;
  const work = best.workArea;
  // Shrunk to fit the display (but not below the minimum), then moved fully onto it.
  const width = clamp(wanted.width, MIN_WIDTH, work.width);
  const height = clamp(wanted.height, MIN_HEIGHT, work.height);
  return {
    bounds: {
      x: clamp(rect.x, work.x, work.x + work.width - width),
      y: clamp(rect.y, work.y, work.y + work.height - height),
      width,
      height,
    },
    maximized,
  };
}

/** What is kept on close: the restored (normal) bounds even when maximised, so un-maximising has a size. */
export function windowStateOf(win: { getNormalBounds(): Rect; isMaximized(): boolean }): WindowState {
  return { ...win.getNormalBounds(), maximized: win.isMaximized() };
}
