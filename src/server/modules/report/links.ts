import type PizZip from 'pizzip';
import { localName, XmlError, XmlParser } from '../../lib/xlsx/xml';

/**
 * What in a template would make LibreOffice reach outside the document while converting it: a relationship to
 * an outside target (a linked picture is fetched, a `file:` one embedded, on every print), an SVG that draws
 * a file or a URL, a VML picture's `src`/`o:href`, a field that includes another file, a chunk of another
 * document. Each rule answers what it found in words, or null.
 */

/** Relationship types that pull in another document even when the target is inside the package. */
const INCLUDING_TYPES = ['/aFChunk', '/subDocument', '/frame', '/attachedTemplate'];
/** Fields that read another file (Word's field codes; LibreOffice imports some of them). */
const INCLUDING_FIELD = /^\s*(INCLUDEPICTURE|INCLUDETEXT|INCLUDE|LINK|DDE|DDEAUTO|IMPORT|RD)\b/i;
/** Inside a document an address is a fragment or an embedded raster picture. */
const SAFE_ADDRESS = /^\s*(#|data:image\/(png|jpe?g|gif);)/i;
const LINKING_ATTRIBUTES = new Set(['href', 'src', 'althref']);
const CSS_LINK = /url\(\s*(?!['"]?\s*#)|@import/i;

const short = (text: string) => (text.length > 80 ? `${text.slice(0, 77)}…` : text);
const typeName = (type: string) => type.slice(type.lastIndexOf('/') + 1) || type;

export function relationshipProblem(type: string, target: string, mode: string | undefined): string | null {
  if (INCLUDING_TYPES.some((t) => type.endsWith(t))) return `嵌入的其他文档（${typeName(type)}）${short(target)}`;
  if (mode?.toLowerCase() !== 'external') return null;
  if (type.endsWith('/hyperlink') && /^\s*(https?:|mailto:)/i.test(target)) return null;
  return type.endsWith('/image') ? `外部图片 ${short(target)}` : `外部链接（${typeName(type)}）${short(target)}`;
}

export function attributeProblem(name: string, value: string): string | null {
  if (!LINKING_ATTRIBUTES.has(localName(name).toLowerCase()) || name.startsWith('xmlns') || SAFE_ADDRESS.test(value) || !value.trim()) return null;
  return `外部图片 ${short(value)}`;
}

export const fieldProblem = (instruction: string): string | null =>
  INCLUDING_FIELD.test(instruction) ? `引用文件的字段 ${short(instruction.trim())}` : null;

export const cssProblem = (text: string): string | null => (CSS_LINK.test(text) ? `SVG 样式中的外部地址 ${short(text.trim())}` : null);

/**
 * Follows one XML part's events and collects what it links to outside the document. The caller feeds it the
 * parser's events (so the part may be read as a stream) and reads `found` at the end.
 */
export class LinkScanner {
  readonly found: string[] = [];
  private field: string | null = null;
  private inInstruction = false;
  private inStyle = false;

  constructor(private readonly part: string) {}

  private add(problem: string | null) {
    if (problem && this.found.length < 20) this.found.push(problem);
  }

  open(name: string, attributes: Record<string, string>) {
    const element = localName(name);
    if (element === 'Relationship' && this.part.endsWith('.rels')) {
      this.add(relationshipProblem(attributes.Type ?? '', attributes.Target ?? '', attributes.TargetMode));
      return;
    }
    for (const [key, value] of Object.entries(attributes)) {
      this.add(attributeProblem(key, value));
      if (key === 'style' && this.part.endsWith('.svg')) this.add(cssProblem(value));
    }
    if (element === 'fldSimple') this.add(fieldProblem(attributes['w:instr'] ?? ''));
    if (element === 'fldChar') {
      const kind = attributes['w:fldCharType'];
      if (kind === 'begin') this.field = '';
      else if (this.field !== null) {
        this.add(fieldProblem(this.field));
        this.field = null;
      }
    }
    if (element === 'instrText') this.inInstruction = true;
    if (element === 'style' && this.part.endsWith('.svg')) this.inStyle = true;
  }

  close(name: string) {
    const element = localName(name);
    if (element === 'instrText') this.inInstruction = false;
    if (element === 'style') this.inStyle = false;
  }

  text(piece: string) {
    if (this.inInstruction && this.field !== null && this.field.length < 1000) this.field += piece;
    if (this.inStyle) this.add(cssProblem(piece));
  }
}

/** The links of one whole part (held in memory: a part already within the template's bounds). */
export function linksOf(part: string, xml: string): string[] {
  const scanner = new LinkScanner(part);
  const parser = new XmlParser({
    open: (name, attributes) => scanner.open(name, attributes),
    close: (name) => scanner.close(name),
    text: (piece) => scanner.text(piece),
  });
  try {
    parser.write(xml);
    parser.end();
  } catch (error) {
    if (!(error instanceof XmlError)) throw error;
    return [`无法读取的 ${part}`];
  }
  return scanner.found;
}

const isXmlPart = (name: string) => /\.(xml|rels|svg|vml)$/i.test(name);
const EMPTY_SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>';

/** A field's instruction runs (`<w:instrText>`), as one string per field, with where each run's text is. */
function blankIncludingFields(xml: string): string {
  const token = /<w:fldChar\b[^>]*w:fldCharType="(begin|separate|end)"[^>]*>|(<w:instrText\b[^>]*>)([^<]*)(<\/w:instrText>)/g;
  const blanks: Array<[number, number]> = [];
  let field: { text: string; runs: Array<[number, number]> } | null = null;
  const settle = () => {
    if (field && fieldProblem(field.text)) blanks.push(...field.runs);
    field = null;
  };
  for (let m = token.exec(xml); m; m = token.exec(xml)) {
    if (m[1] === 'begin') field = { text: '', runs: [] };
    else if (m[1]) settle();
    else if (field && m[2] !== undefined) {
      const start = m.index + m[2].length;
      field.text += m[3];
      field.runs.push([start, start + m[3]!.length]);
    }
  }
  settle();
  let out = xml;
  for (const [start, end] of blanks.reverse()) out = out.slice(0, start) + out.slice(end);
  return out.replace(/(\bw:instr=")([^"]*)(")/g, (all, open: string, instr: string, close: string) => (fieldProblem(instr) ? `${open}${close}` : all));
}

/**
 * Removes, from a filled document about to be converted, everything LinkScanner refuses at upload (a template
 * stored before the check, or a placeholder filled with a field code, must not reach outside either): an
 * outside or including relationship points to a part that is not there, a linking attribute is emptied, an
 * including field loses its instruction, an SVG with an outside address is replaced by an empty one.
 * Answers what it removed.
 */
export function stripLinks(zip: PizZip): string[] {
  const removed: string[] = [];
  for (const name of Object.keys(zip.files)) {
    const file = zip.files[name]!;
    if (file.dir || !isXmlPart(name)) continue;
    const xml = file.asText();
    if (name.toLowerCase().endsWith('.svg')) {
      const found = linksOf(name, xml);
      if (found.length) {
        removed.push(...found);
        zip.file(name, EMPTY_SVG);
      }
      continue;
    }
    let changed = xml;
    if (name.endsWith('.rels')) {
      changed = changed.replace(/<Relationship\b[^>]*>/g, (element) => {
        const attribute = (key: string) => new RegExp(`\\s${key}="([^"]*)"`).exec(element)?.[1];
        const problem = relationshipProblem(attribute('Type') ?? '', attribute('Target') ?? '', attribute('TargetMode'));
        if (!problem) return element;
        removed.push(problem);
        return element.replace(/\sTargetMode="[^"]*"/, '').replace(/\sTarget="[^"]*"/, ' Target="removed-link"');
      });
    } else {
      changed = changed.replace(/(\s(?:[\w.-]+:)?(?:href|src|althref)=")([^"]*)(")/gi, (all, open: string, value: string, close: string) => {
        const problem = open.trimStart().startsWith('xmlns') ? null : attributeProblem(open.trim().slice(0, -2), value);
        if (!problem) return all;
        removed.push(problem);
        return `${open}${close}`;
      });
      if (changed.includes('instr')) {
        const blanked = blankIncludingFields(changed);
        if (blanked !== changed) removed.push(`引用文件的字段（${name}）`);
        changed = blanked;
      }
    }
    if (changed !== xml) zip.file(name, changed);
  }
  return removed;
}
