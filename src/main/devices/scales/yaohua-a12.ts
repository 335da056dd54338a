import { LineSplitter, printable, xorCheck, type FrameParser, type ParsedFrame } from './frames';
import { toKg } from './units';

/**
 * Yaohua XK3190-A12(E) continuous output, 15 bytes per frame:
 *   'W', 'G' (gross) or 'N' (net), 7 bytes of weight with its decimal point ('-' in byte 3 when
 *   negative), 2 bytes of unit ('kg'), XOR of bytes 1–11 as two hex characters, CR LF.
 *   Example 4.139 kg: "WG004.139kg3D\r\n". Overload sends nine blanks + "OL" + "23", underload "LO".
 * No stability flag.
 */
export function parseA12Line(line: Buffer): ParsedFrame {
  const raw = printable(line);
  if (line.length !== 13) return { kind: 'bad', raw, reason: 'length' };
  const text = line.toString('latin1');
  if (text.slice(11, 13).toUpperCase() !== xorCheck(line.subarray(0, 11))) return { kind: 'bad', raw, reason: 'checksum' };
  const body = text.slice(0, 11);
  if (body === '         OL') return { kind: 'status', status: 'overload', raw };
  if (body === '         LO') return { kind: 'status', status: 'underload', raw };
  const m = /^W[GN]([-\d. ]{7})([a-zA-Z ]{2})$/.exec(body);
  const number = m?.[1]?.trim() ?? '';
  if (!m || !/^-?\d+(\.\d+)?$/.test(number)) return { kind: 'bad', raw, reason: 'format' };
  const weight = toKg(Number(number), m[2]!);
  if (weight === undefined) return { kind: 'bad', raw, reason: 'unit' };
  return { kind: 'weight', weight: weight === 0 ? 0 : weight, raw };
}

export class YaohuaA12Parser implements FrameParser {
  private readonly lines = new LineSplitter();
  push(chunk: Buffer): ParsedFrame[] {
    const { lines, overflow } = this.lines.push(chunk);
    const out = lines.map(parseA12Line);
    if (overflow) out.push({ kind: 'bad', raw: printable(overflow.subarray(0, 64)), reason: 'overflow' });
    return out;
  }
}

export function buildA12Frame(body: string): Buffer {
  const bytes = Buffer.from(body, 'latin1');
  return Buffer.concat([bytes, Buffer.from(`${xorCheck(bytes)}\r\n`, 'latin1')]);
}
