import { MENU_TREE, type MenuDef } from '@shared/menus';
import { lookupText } from './dictionaries';
import type { MessageKey } from './messages';

export type Language = 'zh-CN' | 'en';
export const LANGUAGES: Language[] = ['zh-CN', 'en'];
/** localStorage key remembering the chosen language across sessions. */
export const LANGUAGE_STORAGE_KEY = 'LANGUAGE';

export function storedLanguage(): Language {
  const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
  return value === 'en' ? 'en' : 'zh-CN';
}

export function rememberLanguage(lang: Language): void {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  document.documentElement.lang = lang;
}

/** Text for a key, with `{name}` placeholders filled from vars; a key whose texts are not registered shows as itself. */
export function translate(lang: Language, key: MessageKey, vars?: Record<string, string | number>): string {
  const text = lookupText(lang, key) ?? key;
  return vars ? text.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m)) : text;
}

/** For code outside React (the HTTP client): the language currently remembered. */
export const t = (key: MessageKey, vars?: Record<string, string | number>): string => translate(storedLanguage(), key, vars);

const englishMenuNames = new Map<string, string>();
(function collect(tree: readonly MenuDef[]) {
  for (const m of tree) {
    englishMenuNames.set(m.menuNo, m.menuNameEn);
    collect(m.children ?? []);
  }
})(MENU_TREE);

/** A menu item's label: the server's Chinese name, or the English name from MENU_TREE by menuNo. */
export function menuLabel(item: { menuNo: string; menuName: string }, lang: Language): string {
  return lang === 'en' ? (englishMenuNames.get(item.menuNo) ?? item.menuName) : item.menuName;
}
