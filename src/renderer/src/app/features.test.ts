import { describe, expect, it } from 'vitest';
import type { FeatureManifest } from '@renderer/features/feature';
import type { MessagesPart } from '@renderer/i18n/messages';
import { lookupText } from '@renderer/i18n/dictionaries';
import { FEATURES } from './features';

// The test setup registers the list and loads every feature's texts, as the signed-in shell does.
const manifests = import.meta.glob<FeatureManifest>('../features/*/manifest.ts', { eager: true, import: '*' });
const textParts = import.meta.glob<Record<string, MessagesPart>>('../features/*/messages.ts', { eager: true });
const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../test/**'], {
  eager: true, query: '?raw', import: 'default',
});

const missingIn = (keys: string[]) => ({
  zh: keys.filter((k) => lookupText('zh-CN', k) === undefined),
  en: keys.filter((k) => lookupText('en', k) === undefined),
});

describe('the feature list', () => {
  it('names every feature that has a manifest', () => {
    const declared = Object.values(manifests).flatMap((module) => Object.values(module));
    expect(declared.length).toBeGreaterThan(20);
    for (const manifest of declared) expect(FEATURES).toContain(manifest);
  });

  it('gives every screen one route', () => {
    const paths = FEATURES.flatMap((f) => f.screens ?? []).map((s) => s.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it("registers every feature's texts in Chinese and English", () => {
    const keys = Object.values(textParts).flatMap((module) => Object.values(module).flatMap((part) => Object.keys(part.zh)));
    expect(keys.length).toBeGreaterThan(500);
    expect(missingIn(keys)).toEqual({ zh: [], en: [] });
  });

  it("has a text in both languages for every t('…') key in the sources", () => {
    const used = new Set<string>();
    for (const code of Object.values(sources)) {
      for (const m of code.matchAll(/\bt\(\s*(['"`])([\w.]+)\1/g)) used.add(m[2]!);
    }
    expect(used.size).toBeGreaterThan(500);
    expect(missingIn([...used])).toEqual({ zh: [], en: [] });
  });
});
