import { MESSAGE_KINDS, type MessageKind } from '@shared/api/message';

const PLACEHOLDER = /\{(\w+)\}/g;

/** The text with each `{name}` replaced by its value; unknown placeholders stay as written. */
export function renderTemplate(text: string, values: Record<string, string | number | null | undefined>): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const v = values[name];
    return v === undefined ? whole : v === null ? '—' : String(v);
  });
}

/** The placeholders a text uses that its kind does not fill (title and digest: digest ones; content: item ones). */
export function unknownPlaceholders(kind: MessageKind, part: 'title' | 'content' | 'digest', text: string): string[] {
  const known: readonly string[] = part === 'content' ? MESSAGE_KINDS[kind].item : MESSAGE_KINDS[kind].digest;
  const used = [...text.matchAll(PLACEHOLDER)].map((m) => m[1]!);
  return [...new Set(used.filter((p) => !known.includes(p)))];
}
