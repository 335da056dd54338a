import { crc32, deflateSync } from 'node:zlib';
import bwipjs from 'bwip-js/node';
import iconv from 'iconv-lite';

/**
 * What a TSC printer draws for the codes of a TSPL job, element by element at the printer's dots: each
 * BARCODE (Code 128, narrow bar width in dots, height in dots) and QRCODE (error level, cell width in dots)
 * command is parsed back from the GBK bytes and drawn with bwip-js at exactly those sizes, ready for zbarimg.
 */
export interface TsplCode {
  kind: 'code128' | 'qrcode';
  x: number;
  y: number;
  content: string;
  png: Buffer;
}

const unquote = (s: string) => s.replace(/\\\["\]/g, '"');

export async function tsplCodes(job: Buffer): Promise<TsplCode[]> {
  const lines = iconv.decode(job, 'gbk').split('\r\n');
  const codes: TsplCode[] = [];
  for (const line of lines) {
    const bar = /^BARCODE (\d+),(\d+),"128",(\d+),\d,0,(\d+),\d+,"(.*)"$/.exec(line);
    if (bar) {
      const [, x, y, height, narrow, content] = bar;
      const text = unquote(content!);
      const png = await bwipjs.toBuffer({
        bcid: 'code128', text, scale: Number(narrow), height: Number(height) / Number(narrow) / 2.835, paddingwidth: 20, paddingheight: 10, backgroundcolor: 'FFFFFF',
      });
      codes.push({ kind: 'code128', x: Number(x), y: Number(y), content: text, png });
    }
    const qr = /^QRCODE (\d+),(\d+),([LMQH]),(\d+),A,0,"(.*)"$/.exec(line);
    if (qr) {
      const [, x, y, level, cell, content] = qr;
      const text = unquote(content!);
      const [m] = bwipjs.raw({ bcid: 'qrcode', text, ...({ eclevel: level } as object) }) as { pixs: number[]; pixx: number }[];
      const png = matrixPng(m!.pixs, m!.pixx, Number(cell), 4);
      codes.push({ kind: 'qrcode', x: Number(x), y: Number(y), content: text, png });
    }
  }
  return codes;
}

const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), 8 + data.length);
  return out;
};

/** A QR matrix (1 = dark) as an 8-bit grey PNG, `cell` pixels a module — a TSC's cell width in dots — with a quiet zone. */
function matrixPng(pixs: number[], size: number, cell: number, quiet: number): Buffer {
  const side = (size + 2 * quiet) * cell;
  const rows: Buffer[] = [];
  for (let y = 0; y < side; y++) {
    const row = Buffer.alloc(side + 1, 255);
    row[0] = 0;
    const my = Math.floor(y / cell) - quiet;
    for (let x = 0; x < side; x++) {
      const mx = Math.floor(x / cell) - quiet;
      if (my >= 0 && my < size && mx >= 0 && mx < size && pixs[my * size + mx]) row[x + 1] = 0;
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 8; // bit depth; colour type 0 (grey), deflate, no filter, no interlace
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))]);
}
