import { expect, it } from 'vitest';
import { maskSecrets } from './mask';

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
