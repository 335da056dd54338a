import { describe, expect, it } from 'vitest';
import { acceptLanguageOf, langOfHeader } from './lang';

describe('the language of server-made texts', () => {
  it('is what the renderer sends for its UI language', () => {
    expect(langOfHeader(acceptLanguageOf('en'))).toBe('en');
    expect(langOfHeader(acceptLanguageOf('zh-CN'))).toBe('zh');
  });

  it('follows the weights of a browser\'s header, Chinese when it names neither language', () => {
    expect(langOfHeader('en-US,en;q=0.9')).toBe('en');
    expect(langOfHeader('zh-TW;q=0.5, en-GB;q=0.8')).toBe('en');
    expect(langOfHeader('de-DE,zh;q=0.7,en;q=0.6')).toBe('zh');
    expect(langOfHeader('en;q=0, zh')).toBe('zh');
    expect(langOfHeader('fr, de')).toBe('zh');
    expect(langOfHeader(undefined)).toBe('zh');
    expect(langOfHeader('')).toBe('zh');
  });
});
