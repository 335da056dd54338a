import { crc32, deflateSync } from 'node:zlib';
import { type PartContent, zip } from './xlsx-craft';

/** Hostile report templates for the tests, built here (a few KB on disk, however far they inflate). */

const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
export const IMAGE_REL = `${REL}/image`;
export const DOCUMENT_OPEN = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
  + '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><w:body>';
export const DOCUMENT_CLOSE = '</w:body></w:document>';

/** A .docx of the given document.xml, extra relationships of the document and extra parts. */
export function docxOf(document: PartContent, relationships = '', parts: Record<string, PartContent> = {}): Promise<Buffer> {
  return zip({
    '[Content_Types].xml': '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
      + '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>'
      + '<Default Extension="png" ContentType="image/png"/><Default Extension="svg" ContentType="image/svg+xml"/>'
      + '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    '_rels/.rels': '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
      + `<Relationship Id="rId1" Type="${REL}/officeDocument" Target="word/document.xml"/></Relationships>`,
    'word/_rels/document.xml.rels': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${relationships}</Relationships>`,
    'word/document.xml': document,
    ...parts,
  });
}

export const paragraph = (text: string) => `<w:p><w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;

/** A picture drawn from relationship `rId`, embedded (`r:embed`) or linked (`r:link`) as Word writes them. */
export const picture = (attribute: 'r:embed' | 'r:link', rId: string) => '<w:p><w:r><w:drawing>'
  + '<wp:inline xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"><wp:extent cx="1800000" cy="1100000"/><wp:docPr id="1" name="p"/>'
  + '<a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture">'
  + '<pic:pic xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:nvPicPr><pic:cNvPr id="1" name="p"/><pic:cNvPicPr/></pic:nvPicPr>'
  + `<pic:blipFill><a:blip ${attribute}="${rId}"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill>`
  + '<pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="1800000" cy="1100000"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr>'
  + '</pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>';

export const relationship = (id: string, type: string, target: string, external = false) =>
  `<Relationship Id="${id}" Type="${type}" Target="${target}"${external ? ' TargetMode="External"' : ''}/>`;

/** A field of Word (`INCLUDEPICTURE "…"`), its instruction split over two runs as Word may write it. */
export const field = (instruction: string) => '<w:p><w:r><w:fldChar w:fldCharType="begin"/></w:r>'
  + `<w:r><w:instrText xml:space="preserve">${instruction.slice(0, 5)}</w:instrText></w:r><w:r><w:instrText xml:space="preserve">${instruction.slice(5)}</w:instrText></w:r>`
  + '<w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>x</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** A PNG of one colour, of a size no other picture in the tests has (so it is recognised in a PDF). */
export function png(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x3c)]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(pixels)), chunk('IEND', Buffer.alloc(0))]);
}
