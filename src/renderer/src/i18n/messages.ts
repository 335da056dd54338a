import type { coreMessages } from './core';

/** One part of the dictionary: Chinese (the source) and English with the same keys (see define.ts). */
export interface MessagesPart {
  zh: Record<string, string>;
  en: Record<string, string>;
}

/** The keys of a part, as members of the interface below. */
export type TextsOf<P extends MessagesPart> = Record<keyof P['zh'] & string, string>;

/**
 * Every text key: the shell's and widgets' (core.ts, with common.* for words every screen uses), and each
 * feature's, which its manifest.ts adds to this interface (module augmentation), so this layer imports no
 * feature and a mistyped key in `t('…')` still fails typecheck. The texts themselves are registered at run
 * time from the feature list (app/features.ts, see dictionaries.ts).
 */
export interface Messages extends TextsOf<typeof coreMessages> {}

export type MessageKey = keyof Messages & string;
