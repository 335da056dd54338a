import PizZip from 'pizzip';
import { describe, expect, it } from 'vitest';
import { linksOf, stripLinks } from './links';

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
const IMAGE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/image';
const HYPERLINK = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink';

/** A field whose instruction Word split over runs, as it does after editing. */
const field = (parts: string[]) => '<w:p><w:r><w:fldChar w:fldCharType="begin"/></w:r>'
  + parts.map((p) => `<w:r><w:instrText xml:space="preserve">${p}</w:instrText></w:r>`).join('')
  + '<w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>shown</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>';

const DOCUMENT = `<w:document ${W} xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office"><w:body>`
  + field(['INCLUDE', 'PICTURE "file:///etc/hostname"']) + field([' PAGE ']) + '<w:fldSimple w:instr=" INCLUDETEXT &quot;/etc/hostname&quot; "/>'
  + '<w:p><w:r><w:pict><v:shape><v:imagedata src="file:///etc/hostname" o:href="http://127.0.0.1:9/x.png" o:title="kept"/></v:shape></w:pict></w:r></w:p>'
  + '</w:body></w:document>';
const RELATIONSHIPS = '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
  + `<Relationship Id="rId1" Type="${IMAGE}" Target="http://127.0.0.1:9/linked.png" TargetMode="External"/>`
  + `<Relationship Id="rId2" Type="${IMAGE}" Target="media/image1.png"/>`
  + `<Relationship Id="rId3" Type="${HYPERLINK}" Target="https://example.com/" TargetMode="External"/>`
  + '</Relationships>';

describe('outside references of a template', () => {
  it('finds linked pictures, including fields (split over runs too) and VML sources, and leaves hyperlinks and embedded pictures alone', () => {
    expect(linksOf('word/_rels/document.xml.rels', RELATIONSHIPS)).toEqual(['外部图片 http://127.0.0.1:9/linked.png']);
    expect(linksOf('word/document.xml', DOCUMENT)).toEqual([
      '引用文件的字段 INCLUDEPICTURE "file:///etc/hostname"',
      '引用文件的字段 INCLUDETEXT "/etc/hostname"',
      '外部图片 file:///etc/hostname',
      '外部图片 http://127.0.0.1:9/x.png',
    ]);
    expect(linksOf('word/media/a.svg', '<svg xmlns="http://www.w3.org/2000/svg"><rect style="fill:url(#g)"/><image href="data:image/png;base64,AAAA"/></svg>')).toEqual([]);
    expect(linksOf('word/media/a.svg', '<svg xmlns="http://www.w3.org/2000/svg"><style>@import url(http://127.0.0.1:9/a.css);</style></svg>'))
      .toEqual(['SVG 样式中的外部地址 @import url(http://127.0.0.1:9/a.css);']);
  });

  it('strips them from a document before conversion, keeping the rest as it was', () => {
    const zip = new PizZip();
    zip.file('word/document.xml', DOCUMENT);
    zip.file('word/_rels/document.xml.rels', RELATIONSHIPS);
    zip.file('word/media/a.svg', '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><image xlink:href="file:///etc/hostname"/></svg>');
    expect(stripLinks(zip).length).toBeGreaterThan(0);
    for (const name of ['word/document.xml', 'word/_rels/document.xml.rels', 'word/media/a.svg']) expect(linksOf(name, zip.file(name)!.asText())).toEqual([]);
    const document = zip.file('word/document.xml')!.asText();
    expect(document).toContain('<w:instrText xml:space="preserve"> PAGE </w:instrText>');
    expect(document).toContain('o:title="kept"');
    expect(document).toContain('<w:t>shown</w:t>');
    const relationships = zip.file('word/_rels/document.xml.rels')!.asText();
    expect(relationships).toContain('Target="media/image1.png"');
    expect(relationships).toContain('Target="https://example.com/" TargetMode="External"');
    expect(relationships).toContain(`<Relationship Id="rId1" Type="${IMAGE}" Target="removed-link"/>`);
  });
});
