import { describe, expect, it } from 'vitest';
import { placeholderPaths, readPath, resolvePlaceholders } from './placeholders';

const data = {
  cylinder: { code: 'CP001', weight: 14.5, empty: '', none: null },
  items: [{ name: '液化气' }, { name: '氧气' }],
};

describe('label placeholders {path|fallback}', () => {
  it('reads dotted paths and array indexes in both notations', () => {
    expect(resolvePlaceholders('编号 {cylinder.code}', data)).toBe('编号 CP001');
    expect(resolvePlaceholders('{items[1].name}/{items.0.name}', data)).toBe('氧气/液化气');
    expect(resolvePlaceholders('{cylinder.weight} kg', data)).toBe('14.5 kg');
  });

  it('uses the fallback when the value is missing, null or empty, and nothing without a fallback', () => {
    expect(resolvePlaceholders('{cylinder.empty|无}', data)).toBe('无');
    expect(resolvePlaceholders('{cylinder.none|-}', data)).toBe('-');
    expect(resolvePlaceholders('{cylinder.missing.deep|N/A}', data)).toBe('N/A');
    expect(resolvePlaceholders('{items[5].name|?}', data)).toBe('?');
    expect(resolvePlaceholders('[{nothing}]', data)).toBe('[]');
    expect(resolvePlaceholders('{cylinder.code|无}', undefined)).toBe('无');
  });

  it('keeps text without placeholders and does not read inherited properties', () => {
    expect(resolvePlaceholders('plain {} text', data)).toBe('plain {} text');
    expect(readPath(data, 'cylinder.constructor')).toBeUndefined();
    expect(resolvePlaceholders('{toString|x}', {})).toBe('x');
  });
});

describe('placeholderPaths', () => {
  it('lists the paths placeholders read, fallbacks and text outside braces left out', () => {
    expect(placeholderPaths('瓶号 {cylinder.code|无} 充装 {lastFill.at} {items[0].name}')).toEqual(['cylinder.code', 'lastFill.at', 'items[0].name']);
    expect(placeholderPaths('no placeholders')).toEqual([]);
  });
});
