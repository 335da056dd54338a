import { expect, it } from 'vitest';
import { jsonShapeProblem } from './json-scan';

const limits = { maxDepth: 3, maxKeys: 2, maxMembers: 6 };
const check = (value: unknown) => jsonShapeProblem(typeof value === 'string' ? value : JSON.stringify(value), limits);

it('counts objects and arrays as levels', () => {
  expect(check({ a: [{}] })).toBeNull();
  expect(check({ a: [{ b: [] }] })).toEqual({ kind: 'depth', limit: 3 });
  expect(check([[[[]]]])).toEqual({ kind: 'depth', limit: 3 });
  expect(check('"text"')).toBeNull();
});

it('counts the keys of each object apart, and keys and list items together', () => {
  expect(check({ a: 1, b: { c: 1, d: 1 } })).toBeNull();
  expect(check({ a: 1, b: 2, c: 3 })).toEqual({ kind: 'keys', limit: 2 });
  expect(check([1, 2, 3, 4, 5])).toBeNull();
  expect(check([1, 2, 3, 4, 5, 6, 7])).toEqual({ kind: 'members', limit: 6 });
  expect(check({ a: [1, 2, 3], b: [4, 5] })).toEqual({ kind: 'members', limit: 6 });
});

it('reads brackets, colons, commas and escaped quotes inside text as text', () => {
  expect(check({ a: '[[[[{{{{:,:,:,', b: 'say \\"[[[[\\"' })).toBeNull();
  expect(check('{"a":"\\\\","b":"[[[["}')).toBeNull();
});

it('stops at the first level too many of a body nested millions deep', () => {
  const deep = '['.repeat(5_000_000);
  expect(jsonShapeProblem(deep, { maxDepth: 32, maxKeys: 256, maxMembers: 20_000 })).toEqual({ kind: 'depth', limit: 32 });
});
