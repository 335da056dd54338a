import sax from 'sax';

/** What the parser reports. Names keep their prefix (`x:row`); text may arrive in several pieces. */
export interface XmlHandler {
  open(name: string, attributes: Record<string, string>, selfClosing: boolean): void;
  close(name: string): void;
  text(piece: string): void;
}

/** Not XML we read: not well-formed, cut short, a DOCTYPE, or a tag, name or attribute beyond MAX_TAG_CHARS. */
export class XmlError extends Error {
  override name = 'XmlError';
}

/**
 * A document nested deeper, or a tag with more attributes, than any office suite writes. sax keeps every open
 * tag (with its attributes) until it closes, so without these bounds a few megabytes of `<x><x><x>…` or of
 * attributes in one tag hold gigabytes.
 */
export class XmlLimitError extends XmlError {
  override name = 'XmlLimitError';
  constructor(readonly limit: 'depth' | 'attributes') {
    super(limit === 'depth' ? `nested deeper than ${MAX_DEPTH} elements` : `a tag with more than ${MAX_ATTRIBUTES} attributes`);
  }
}

/** Spreadsheet parts nest about 10 deep, Word's (tables in tables, drawings in text boxes) about 30. */
export const MAX_DEPTH = 100;
/** The most attributes of one tag; office suites write a dozen or so. */
export const MAX_ATTRIBUTES = 256;

/** Options of sax that its type definitions do not list. */
type SaxOptions = sax.SAXOptions & { strictEntities?: boolean };

/**
 * sax holds at most this many characters of one thing: text and CDATA beyond it are passed on in pieces,
 * anything else (a tag name, an attribute, a comment, a DOCTYPE) beyond it is an error. Spreadsheet tags are
 * a few hundred characters.
 */
export const MAX_TAG_CHARS = (sax as unknown as { MAX_BUFFER_LENGTH: number }).MAX_BUFFER_LENGTH;

/**
 * A streaming parser for the XML of spreadsheet parts (sax, strict). Memory stays bounded whatever the input:
 * text is passed on in pieces of at most about MAX_TAG_CHARS (never gathered into one string), and any other
 * construct longer than that is refused. Only XML's own five entities and character references are known,
 * and a DOCTYPE is refused, so no entity is defined or expanded. What it keeps of open tags is bounded by
 * MAX_DEPTH and MAX_ATTRIBUTES.
 */
export class XmlParser {
  private readonly parser: sax.SAXParser;

  constructor(handler: XmlHandler) {
    // `position` stays on: sax checks its buffers' lengths against the position it tracks.
    const parser = sax.parser(true, { strictEntities: true, position: true } as SaxOptions);
    let depth = 0;
    let attributes = 0;
    parser.onopentagstart = () => {
      attributes = 0;
      if (++depth > MAX_DEPTH) throw new XmlLimitError('depth');
    };
    parser.onattribute = () => {
      if (++attributes > MAX_ATTRIBUTES) throw new XmlLimitError('attributes');
    };
    parser.onopentag = (tag) => handler.open(tag.name, (tag as sax.Tag).attributes, tag.isSelfClosing);
    parser.onclosetag = (name) => {
      depth -= 1;
      handler.close(name);
    };
    parser.ontext = (text) => handler.text(text);
    parser.oncdata = (text) => handler.text(text);
    parser.ondoctype = () => {
      throw new XmlError('DOCTYPE and declarations are not read');
    };
    parser.onerror = (error) => {
      throw new XmlError(error.message.split('\n')[0]);
    };
    this.parser = parser;
  }

  write(chunk: string): void {
    if (chunk) this.parser.write(chunk);
  }

  /** After the last chunk: anything left open means the part was cut short. */
  end(): void {
    this.parser.close();
  }
}

/** An element's name without its namespace prefix (`x:row` → `row`). */
export const localName = (name: string): string => name.slice(name.indexOf(':') + 1);
