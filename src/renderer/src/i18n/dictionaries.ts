import { coreMessages } from './core';
import type { Language } from './i18n';
import type { MessagesPart } from './messages';

/** The texts registered so far, per language: the core's from the start, the features' as the list registers them. */
const dictionaries: Record<Language, Record<string, string>> = { 'zh-CN': { ...coreMessages.zh }, en: { ...coreMessages.en } };

export function addMessages(part: MessagesPart): void {
  Object.assign(dictionaries['zh-CN'], part.zh);
  Object.assign(dictionaries.en, part.en);
}

const loaders = new Set<() => Promise<MessagesPart>>();
let loading: Promise<void> | null = null;

/** A feature's texts kept in their own chunk: fetched by loadMessages(). */
export function addMessagesLoader(load: () => Promise<MessagesPart>): void {
  loaders.add(load);
  loading = null;
}

/**
 * Fetches every registered loader's texts (once; again after a failure, e.g. a chunk of an older
 * deployment). The signed-in shell waits for it before it shows anything.
 */
export function loadMessages(): Promise<void> {
  loading ??= Promise.all([...loaders].map((load) => load().then(addMessages))).then(
    () => undefined,
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The registered text of a key, if any. */
export const lookupText = (lang: Language, key: string): string | undefined => dictionaries[lang][key];

/** Every registered key of a language (for tests: both languages must cover the same keys). */
export const registeredKeys = (lang: Language): string[] => Object.keys(dictionaries[lang]);
