import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ScaleReading } from '../../../shared/devices';
import { StabilityTracker } from './stability';
import { ReadingThrottle } from './throttle';

afterEach(() => vi.useRealTimers());

describe('stability', () => {
  it('is reached after N equal readings in a row and lost when the weight moves', () => {
    const t = new StabilityTracker(3);
    expect([20, 20, 20, 20, 20.5, 20.5, 20.5].map((w) => t.next(w))).toEqual([false, false, true, true, false, false, true]);
  });

  it('follows the protocol flag when there is one', () => {
    const t = new StabilityTracker(3);
    expect(t.next(12.34, true)).toBe(true);
    expect(t.next(12.34, false)).toBe(false);
  });
});

describe('reading throttle', () => {
  const r = (weight: number, stable = false, at = 0): ScaleReading => ({ weight, unit: 'kg', stable, raw: '', at });

  it('passes at most 10 readings a second, always the latest, and stability changes at once', () => {
    vi.useFakeTimers();
    const sent: ScaleReading[] = [];
    const throttle = new ReadingThrottle((x) => sent.push(x), 10, () => Date.now());
    for (let i = 0; i < 50; i++) {
      throttle.push(r(i));
      vi.advanceTimersByTime(20); // 50 frames a second for one second
    }
    expect(sent.length).toBeLessThanOrEqual(11);
    expect(sent.length).toBeGreaterThanOrEqual(9);
    vi.advanceTimersByTime(200);
    expect(sent.at(-1)?.weight).toBe(49);
    const before = sent.length;
    throttle.push(r(49, true));
    expect(sent.length).toBe(before + 1);
    expect(sent.at(-1)?.stable).toBe(true);
    throttle.stop();
  });
});
