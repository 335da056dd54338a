import type { Bilingual, TextLang } from '@shared/lang';

/**
 * Words the server itself stores where a person's name or note would be (the author of the default templates,
 * of a save made by the online editor, their remark). Rows keep the stored word; a reader sees it in its language.
 */
const SYSTEM_WORDS: Record<string, Bilingual> = {
  系统: { zh: '系统', en: 'System' },
  在线编辑: { zh: '在线编辑', en: 'Online editor' },
  系统默认模板: { zh: '系统默认模板', en: 'Built-in default template' },
};

/** A stored text in the reader's language when it is one of the server's own words; anything else as stored. */
export function systemWordIn<T extends string | null>(stored: T, lang: TextLang): T | string {
  if (stored === null || !Object.hasOwn(SYSTEM_WORDS, stored)) return stored;
  return SYSTEM_WORDS[stored]![lang];
}
