/** What the tokenizer reports. Names keep their prefix (`x:row`); text may arrive in several pieces. */
export interface XmlHandler {
  open(name: string, attributes: Record<string, string>, selfClosing: boolean): void;
  close(name: string): void;
  text(piece: string): void;
}

/** Not XML we read: a DOCTYPE, a tag that never ends or goes on beyond MAX_TAG_CHARS, an unterminated construct. */
export class XmlError extends Error {
  override name = 'XmlError';
}

/** A start tag with its attributes longer than this is refused (spreadsheet tags are a few hundred characters). */
export const MAX_TAG_CHARS = 64 * 1024;

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decode(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-zA-Z]{2,4});/g, (whole, entity: string) => {
    if (entity[0] !== '#') return ENTITIES[entity] ?? whole;
    const code = entity[1] === 'x' ? Number.parseInt(entity.slice(2), 16) : Number.parseInt(entity.slice(1), 10);
    return code <= 0x10ffff ? String.fromCodePoint(code) : '\uFFFD';
  });
}

const ATTRIBUTE = /([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

type Mode = 'text' | 'markup' | 'comment' | 'pi' | 'cdata';
const TERMINATORS = { comment: '-->', pi: '?>', cdata: ']]>' } as const;
const SKIPPED: Array<[string, 'comment' | 'pi' | 'cdata']> = [['<!--', 'comment'], ['<![CDATA[', 'cdata'], ['<?', 'pi']];

/**
 * A streaming tokenizer for the XML of spreadsheet parts. Memory stays bounded whatever the input: text is
 * passed on as it arrives (never gathered into one string), comments and processing instructions are skipped
 * as they stream by, and only an unfinished tag (at most MAX_TAG_CHARS) or entity is held between chunks.
 * It does not check well-formedness (the values read are checked anyway) and refuses DOCTYPEs (no entity
 * definitions, so no entity expansion).
 */
export class XmlTokenizer {
  private mode: Mode = 'text';
  private pending = '';

  constructor(private readonly handler: XmlHandler) {}

  write(chunk: string): void {
    const data = this.pending + chunk;
    this.pending = '';
    let i = 0;
    while (i < data.length) {
      if (this.mode === 'text') {
        const lt = data.indexOf('<', i);
        let end = lt === -1 ? data.length : lt;
        if (lt === -1) {
          // An entity cut by the chunk boundary waits for the rest.
          const amp = data.lastIndexOf('&');
          if (amp >= i && !data.includes(';', amp) && data.length - amp < 12) end = amp;
        }
        if (end > i) this.handler.text(decode(data.slice(i, end)));
        if (lt === -1) {
          this.pending = data.slice(end);
          return;
        }
        i = lt;
        this.mode = 'markup';
      }
      if (this.mode === 'markup') {
        const consumed = this.markup(data, i);
        if (consumed < 0) {
          if (data.length - i > MAX_TAG_CHARS) throw new XmlError('tag too long');
          this.pending = data.slice(i);
          return;
        }
        i = consumed;
        continue;
      }
      // Skipping a comment or processing instruction, or passing on CDATA text, up to its terminator.
      const terminator = TERMINATORS[this.mode];
      const end = data.indexOf(terminator, i);
      const stop = end === -1 ? Math.max(i, data.length - terminator.length + 1) : end;
      if (this.mode === 'cdata' && stop > i) this.handler.text(data.slice(i, stop));
      if (end === -1) {
        this.pending = data.slice(stop);
        return;
      }
      i = end + terminator.length;
      this.mode = 'text';
    }
  }

  /** After the last chunk: anything left open means the part was cut short. */
  end(): void {
    if (this.mode !== 'text') throw new XmlError('unexpected end of the document');
    if (this.pending) this.handler.text(decode(this.pending));
    this.pending = '';
  }

  /** Handles the markup starting at data[i] ('<'); returns where the text goes on, or -1 when more input is needed. */
  private markup(data: string, i: number): number {
    const head = data.slice(i, i + 9);
    for (const [opening, mode] of SKIPPED) {
      if (head.startsWith(opening)) return this.enter(mode, i + opening.length);
      // Cut by the chunk boundary: it may still become one.
      if (opening.startsWith(head)) return -1;
    }
    if (head.startsWith('<!')) throw new XmlError('DOCTYPE and declarations are not read');
    // The tag's end: the first '>' outside a quoted attribute value.
    let quote = '';
    let j = i + 1;
    for (; j < data.length; j += 1) {
      const c = data[j]!;
      if (quote) {
        if (c === quote) quote = '';
      } else if (c === '"' || c === "'") {
        quote = c;
      } else if (c === '>') {
        break;
      }
    }
    if (j >= data.length) return -1;
    const tag = data.slice(i + 1, j);
    this.mode = 'text';
    if (tag.startsWith('/')) {
      this.handler.close(tag.slice(1).trim());
      return j + 1;
    }
    const selfClosing = tag.endsWith('/');
    const body = selfClosing ? tag.slice(0, -1) : tag;
    const name = /^[^\s/>]+/.exec(body)?.[0];
    if (!name) throw new XmlError('malformed tag');
    const attributes: Record<string, string> = {};
    for (const m of body.slice(name.length).matchAll(ATTRIBUTE)) attributes[m[1]!] = decode(m[2] ?? m[3] ?? '');
    this.handler.open(name, attributes, selfClosing);
    if (selfClosing) this.handler.close(name);
    return j + 1;
  }

  private enter(mode: 'comment' | 'pi' | 'cdata', at: number): number {
    this.mode = mode;
    return at;
  }
}

/** An element's name without its namespace prefix (`x:row` → `row`). */
export const localName = (name: string): string => name.slice(name.indexOf(':') + 1);
