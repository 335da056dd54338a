import { expect, it } from 'vitest';
import { nestsDeeperThan } from './nesting';

const nested = (levels: number): unknown => {
  let value: unknown = {};
  for (let i = 1; i < levels; i += 1) value = i % 2 ? [value] : { a: value };
  return value;
};

it('counts objects and arrays as levels, scalars as none', () => {
  expect(nestsDeeperThan('text', 0)).toBe(false);
  expect(nestsDeeperThan({}, 1)).toBe(false);
  expect(nestsDeeperThan({}, 0)).toBe(true);
  expect(nestsDeeperThan({ a: 1, b: [1, 2, { c: null }] }, 3)).toBe(false);
  expect(nestsDeeperThan({ a: 1, b: [1, 2, { c: {} }] }, 3)).toBe(true);
  expect(nestsDeeperThan(nested(32), 32)).toBe(false);
  expect(nestsDeeperThan(nested(33), 32)).toBe(true);
});

it('measures a value nested far deeper than the stack allows', () => {
  expect(nestsDeeperThan(nested(1_000_000), 32)).toBe(true);
});
