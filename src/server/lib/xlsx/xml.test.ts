import { describe, expect, it } from 'vitest';
import { MAX_ATTRIBUTES, MAX_DEPTH, MAX_TAG_CHARS, XmlError, XmlLimitError, XmlParser } from './xml';

type Event = ['open', string, Record<string, string>, boolean] | ['close', string] | ['text', string];

/** The events of `chunks`, consecutive text pieces joined (how text is cut into pieces does not matter). */
function events(...chunks: string[]): Event[] {
  const out: Event[] = [];
  const parser = new XmlParser({
    open: (name, attributes, selfClosing) => out.push(['open', name, attributes, selfClosing]),
    close: (name) => out.push(['close', name]),
    text: (piece) => {
      const last = out.at(-1);
      if (last?.[0] === 'text') last[1] += piece;
      else out.push(['text', piece]);
    },
  });
  for (const chunk of chunks) parser.write(chunk);
  parser.end();
  return out;
}

const DOCUMENT = '<?xml version="1.0" encoding="UTF-8"?><!-- made by hand --><x:sst xmlns:x="urn:x" count=\'2\'>'
  + '<x:si><x:t xml:space="preserve"> a &lt;b&gt; &amp; &#x4e2d;&#25991; </x:t></x:si><si><r><t>run</t></r><t><![CDATA[<raw> & ]]></t></si>'
  + '<c r="A1" f="a>b"/></x:sst>';

describe('XmlParser', () => {
  it('reports tags, attributes and decoded text, skipping the declaration and comments', () => {
    expect(events(DOCUMENT)).toEqual([
      ['open', 'x:sst', { 'xmlns:x': 'urn:x', count: '2' }, false],
      ['open', 'x:si', {}, false],
      ['open', 'x:t', { 'xml:space': 'preserve' }, false],
      ['text', ' a <b> & 中文 '],
      ['close', 'x:t'],
      ['close', 'x:si'],
      ['open', 'si', {}, false],
      ['open', 'r', {}, false],
      ['open', 't', {}, false],
      ['text', 'run'],
      ['close', 't'],
      ['close', 'r'],
      ['open', 't', {}, false],
      ['text', '<raw> & '],
      ['close', 't'],
      ['close', 'si'],
      ['open', 'c', { r: 'A1', f: 'a>b' }, true],
      ['close', 'c'],
      ['close', 'x:sst'],
    ]);
  });

  it('reports the same events wherever the chunks are cut', () => {
    const whole = events(DOCUMENT);
    for (let at = 1; at < DOCUMENT.length; at += 1) {
      expect(events(DOCUMENT.slice(0, at), DOCUMENT.slice(at)), `cut at ${at}`).toEqual(whole);
    }
    expect(events(...DOCUMENT.split(''))).toEqual(whole);
  });

  it('passes long text on in pieces as it arrives, never as one string', () => {
    const pieces: number[] = [];
    const parser = new XmlParser({ open() {}, close() {}, text: (piece) => void pieces.push(piece.length) });
    parser.write('<t>');
    for (let i = 0; i < 1000; i += 1) parser.write('a'.repeat(1000));
    parser.write('</t>');
    parser.end();
    expect(pieces.reduce((a, b) => a + b, 0)).toBe(1_000_000);
    expect(pieces.length).toBeGreaterThan(10);
    expect(Math.max(...pieces)).toBeLessThanOrEqual(MAX_TAG_CHARS + 1000);
  });

  it('refuses a DOCTYPE, an unknown entity, a tag that never ends, a document cut short or not well-formed', () => {
    expect(() => events('<!DOCTYPE x [<!ENTITY a "aaaa">]><x>&a;</x>')).toThrow(XmlError);
    expect(() => events('<?xml version="1.0"?><!DOCTYPE x SYSTEM "file:///etc/passwd"><x/>')).toThrow(XmlError);
    expect(() => events('<x>&nbsp;</x>')).toThrow(XmlError);
    expect(() => events(`<c r="${'A'.repeat(MAX_TAG_CHARS)}`, 'more')).toThrow(XmlError);
    expect(() => events(`<${'c'.repeat(MAX_TAG_CHARS)}`, 'more')).toThrow(XmlError);
    expect(() => events('<x><!-- open')).toThrow(XmlError);
    expect(() => events('<x><y></x>')).toThrow(XmlError);
    expect(() => events('<x>')).toThrow(XmlError);
  });

  it('reads nesting and attributes up to their bounds and refuses one more', () => {
    const nested = (depth: number) => '<x>'.repeat(depth) + '</x>'.repeat(depth);
    const attributes = (count: number) => `<x${Array.from({ length: count }, (_, i) => ` a${i}="${i}"`).join('')}/>`;
    expect(events(nested(MAX_DEPTH)).length).toBe(2 * MAX_DEPTH);
    const [open] = events(attributes(MAX_ATTRIBUTES));
    expect(open?.[0] === 'open' && Object.keys(open[2])).toHaveLength(MAX_ATTRIBUTES);
    expect(() => events(nested(MAX_DEPTH + 1))).toThrow(new XmlLimitError('depth'));
    expect(() => events(attributes(MAX_ATTRIBUTES + 1))).toThrow(new XmlLimitError('attributes'));
    // Closed elements do not count: siblings at any number.
    expect(events(`<r>${'<x><y/></x>'.repeat(MAX_DEPTH * 10)}</r>`).length).toBe(2 + 4 * MAX_DEPTH * 10);
  });

  it('reads a part that starts with a byte-order mark', () => {
    expect(events('\uFEFF<?xml version="1.0"?><x a="1"/>')).toEqual([['open', 'x', { a: '1' }, true], ['close', 'x']]);
  });
});
