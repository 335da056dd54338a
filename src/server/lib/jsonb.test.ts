import { expect, it } from 'vitest';
import { storableText, toJsonb } from './jsonb';

it('replaces NUL and unpaired surrogates, keeping paired ones', () => {
  expect(storableText('a\u0000b')).toBe('a\uFFFDb');
  expect(storableText('x\ud800y\udc00z')).toBe('x\uFFFDy\uFFFDz');
  expect(storableText('煤气 \ud83d\ude00')).toBe('煤气 \ud83d\ude00');
});

it('cleans keys and values at any depth', () => {
  expect(JSON.parse(toJsonb({ 'k\u0000': ['v\ud800', { n: 1, d: null }] }))).toEqual({ 'k\uFFFD': ['v\uFFFD', { n: 1, d: null }] });
  expect(toJsonb(null)).toBe('null');
});
