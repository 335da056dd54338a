import { expect, it } from 'vitest';
import { RateLimiter } from './rate-limit';

it('allows `limit` hits per key per window, then refuses until the window passes', () => {
  const limiter = new RateLimiter(3, 60_000);
  expect([1, 2, 3].map(() => limiter.hit('a', 1000))).toEqual([true, true, true]);
  expect(limiter.hit('a', 2000)).toBe(false);
  expect(limiter.hit('b', 2000)).toBe(true);
  expect(limiter.hit('a', 61_000)).toBe(true);
});
