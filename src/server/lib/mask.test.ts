import { expect, it } from 'vitest';
import { MASK_MAX_DEPTH, maskSecrets, NESTED_TOO_DEEP } from './mask';

it('masks every secret-looking key at any depth and keeps the rest', () => {
  const input = {
    username: 'admin', password: 'p', oldPassword: 'o', nested: { refreshToken: 't', clientSecret: 's', keep: 1 },
    list: [{ passWd: 'x', name: 'n' }], at: null,
  };
  expect(maskSecrets(input)).toEqual({
    username: 'admin', password: '***', oldPassword: '***', nested: { refreshToken: '***', clientSecret: '***', keep: 1 },
    list: [{ passWd: '***', name: 'n' }], at: null,
  });
  expect(input.password).toBe('p');
});

it('copies a value nested far deeper than the stack allows, keeping the first levels', () => {
  let deep: unknown = { password: 'p' };
  for (let i = 0; i < 200_000; i += 1) deep = i % 2 ? { a: deep } : [deep];
  const masked = maskSecrets({ keep: 1, deep }) as { keep: number; deep: unknown };
  expect(masked.keep).toBe(1);
  let level: unknown = masked.deep;
  for (let depth = 1; depth < MASK_MAX_DEPTH; depth += 1) level = Array.isArray(level) ? level[0] : (level as { a: unknown }).a;
  expect(level).toBe(NESTED_TOO_DEEP);
  expect(() => JSON.stringify(masked)).not.toThrow();
});
