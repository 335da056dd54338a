import { crc32, createDeflateRaw } from 'node:zlib';

/** A part's content: text, or chunks produced one after the other (a 100 MB part never exists in memory). */
export type PartContent = string | (() => Iterable<string | Buffer>);

interface Packed {
  name: Buffer;
  data: Buffer;
  crc: number;
  size: number;
  offset: number;
}

async function deflate(content: PartContent): Promise<{ data: Buffer; crc: number; size: number }> {
  const deflater = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflater.on('data', (chunk: Buffer) => out.push(chunk));
  const finished = new Promise((done, fail) => deflater.on('end', done).on('error', fail));
  let crc = 0;
  let size = 0;
  for (const piece of typeof content === 'string' ? [content] : content()) {
    const chunk = typeof piece === 'string' ? Buffer.from(piece) : piece;
    crc = crc32(chunk, crc);
    size += chunk.length;
    if (!deflater.write(chunk)) await new Promise((done) => deflater.once('drain', done));
  }
  deflater.end();
  await finished;
  return { data: Buffer.concat(out), crc, size };
}

/**
 * A zip archive of deflated parts, as office suites write them (local headers, central directory). `claims`
 * overrides the uncompressed size the archive states for a part, to make it lie.
 */
export async function zip(parts: Record<string, PartContent>, claims: Record<string, number> = {}): Promise<Buffer> {
  const packed: Packed[] = [];
  const chunks: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(parts)) {
    const { data, crc, size } = await deflate(content);
    const entry = { name: Buffer.from(name), data, crc, size: claims[name] ?? size, offset };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(entry.size, 22);
    local.writeUInt16LE(entry.name.length, 26);
    chunks.push(local, entry.name, data);
    offset += local.length + entry.name.length + data.length;
    packed.push(entry);
  }
  const directoryStart = offset;
  for (const entry of packed) {
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(entry.crc >>> 0, 16);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(entry.size, 24);
    central.writeUInt16LE(entry.name.length, 28);
    central.writeUInt32LE(entry.offset, 42);
    chunks.push(central, entry.name);
    offset += central.length + entry.name.length;
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(packed.length, 8);
  end.writeUInt16LE(packed.length, 10);
  end.writeUInt32LE(offset - directoryStart, 12);
  end.writeUInt32LE(directoryStart, 16);
  chunks.push(end);
  return Buffer.concat(chunks);
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** A minimal workbook of one sheet (and a shared-strings table when given), the way Excel lays it out. */
export function xlsx(sheet: PartContent, sharedStrings?: PartContent, claims: Record<string, number> = {}): Promise<Buffer> {
  return zip({
    '[Content_Types].xml': '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
      + '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>'
      + '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
      + '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
      + (sharedStrings ? '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>' : '')
      + '</Types>',
    '_rels/.rels': `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
      + `<Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>`
      + (sharedStrings ? `<Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/>` : '')
      + '</Relationships>',
    'xl/worksheets/sheet1.xml': sheet,
    ...(sharedStrings ? { 'xl/sharedStrings.xml': sharedStrings } : {}),
  }, claims);
}

export const SHEET_OPEN = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}"><sheetData>`;
export const SHEET_CLOSE = '</sheetData></worksheet>';
export const SST_OPEN = `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${MAIN}">`;

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const letters = (column: number) => String.fromCharCode(64 + column);

/** One row of inline-string cells, starting at column A. */
export const inlineRow = (row: number, values: string[]) =>
  `<row r="${row}">${values.map((v, i) => `<c r="${letters(i + 1)}${row}" t="inlineStr"><is><t>${escape(v)}</t></is></c>`).join('')}</row>`;
