/**
 * One feature's texts: Chinese (the source, as SPEC gives them) and English, which must have exactly the
 * same keys (a missing or extra English key is a type error).
 */
export function defineMessages<const Z extends Record<string, string>>(m: { zh: Z; en: { [K in keyof Z]: string } }) {
  return m;
}
