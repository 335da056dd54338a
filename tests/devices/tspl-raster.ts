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
      const png = await bwipjs.toBuffer({ bcid: 'qrcode', text, scale: Number(cell), ...({ eclevel: level } as object), paddingwidth: 8, paddingheight: 8, backgroundcolor: 'FFFFFF' });
      codes.push({ kind: 'qrcode', x: Number(x), y: Number(y), content: text, png });
    }
  }
  return codes;
}
