/**
 * The language of the texts the server makes (enumeration names, the operation log's modules and operations,
 * quality reasons, …). The renderer sends its UI language as Accept-Language with every call; a caller that
 * sends none, or no language the server speaks, gets Chinese.
 */
export type TextLang = 'zh' | 'en';

/** A text in both languages. */
export interface Bilingual {
  zh: string;
  en: string;
}

/** The UI language as the renderer sends it (Accept-Language). */
export const acceptLanguageOf = (uiLanguage: 'zh-CN' | 'en'): string => (uiLanguage === 'en' ? 'en' : 'zh-CN');

/**
 * The language an Accept-Language header asks for: of the tags naming Chinese or English, the one with the
 * highest weight (the first of equal weights); Chinese when there is none.
 */
export function langOfHeader(header: string | undefined): TextLang {
  let best: { lang: TextLang; q: number } | null = null;
  for (const part of (header ?? '').split(',').slice(0, 20)) {
    const [tag = '', ...params] = part.trim().toLowerCase().split(';');
    const primary = tag.trim().split('-')[0];
    if (primary !== 'zh' && primary !== 'en') continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { lang: primary, q };
  }
  return best?.lang ?? 'zh';
}

/** A text in the caller's language. */
export const textIn = (text: Bilingual, lang: TextLang): string => text[lang];
