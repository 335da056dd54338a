import { useCallback } from 'react';
import { useAppSelector } from '@renderer/store/hooks';
import { translate, type Language } from './i18n';
import type { MessageKey } from './messages';

export const useLanguage = (): Language => useAppSelector((s) => s.app.language);

/** The translate function of the current language. */
export function useT(): (key: MessageKey, vars?: Record<string, string | number>) => string {
  const lang = useLanguage();
  return useCallback((key, vars) => translate(lang, key, vars), [lang]);
}
