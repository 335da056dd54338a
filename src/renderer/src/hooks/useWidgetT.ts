import { useCallback, useContext, useSyncExternalStore } from 'react';
import { ReactReduxContext } from 'react-redux';
import { storedLanguage, translate, type Language } from '@renderer/i18n/i18n';
import type { MessageKey } from '@renderer/i18n/messages';

const noSubscription = () => () => {};

/**
 * The language for shared widgets. Inside the app it follows the store like useLanguage; outside a redux
 * Provider (a widget rendered alone in a test or a detached window) it uses the remembered language
 * instead of throwing, so widgets stay usable anywhere.
 */
export function useWidgetLanguage(): Language {
  const context = useContext(ReactReduxContext);
  const store = context?.store as { getState(): { app?: { language?: Language } }; subscribe(l: () => void): () => void } | undefined;
  return useSyncExternalStore(store ? store.subscribe : noSubscription, () => store?.getState().app?.language ?? storedLanguage());
}

/** The translate function for shared widgets (see useWidgetLanguage). */
export function useWidgetT(): (key: MessageKey, vars?: Record<string, string | number>) => string {
  const lang = useWidgetLanguage();
  return useCallback((key, vars) => translate(lang, key, vars), [lang]);
}
