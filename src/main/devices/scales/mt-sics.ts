import { LineSplitter, printable, type FrameParser, type ParsedFrame } from './frames';
import { toKg } from './units';

/**
 * Mettler Toledo MT-SICS level 0 answers to S (stable weight), SI (weight now) and SIR (weight now,
 * repeated): "S S     12.34 kg" stable, "S D     12.31 kg" dynamic (moving), "S I" busy, "S +"
 * overload, "S -" underload. Error answers (ES, ET, EL) and anything else count as bad frames.
 */
export const MT_SICS_REPEAT_COMMAND = 'SIR\r\n';

export function parseSicsLine(line: Buffer): ParsedFrame {
  const raw = printable(line);
  const text = line.toString('latin1').trim();
  const status = /^S\s+([I+-])$/.exec(text);
  if (status) {
    const kind = status[1] === 'I' ? 'busy' : status[1] === '+' ? 'overload' : 'underload';
    return { kind: 'status', status: kind, raw };
  }
  const m = /^S\s+([SD])\s+(-?\d+(?:\.\d+)?)\s+(\S+)$/.exec(text);
  if (!m) return { kind: 'bad', raw, reason: 'format' };
  const weight = toKg(Number(m[2]), m[3]!);
  if (weight === undefined) return { kind: 'bad', raw, reason: 'unit' };
  return { kind: 'weight', weight: weight === 0 ? 0 : weight, stable: m[1] === 'S', raw };
}

export class MtSicsParser implements FrameParser {
  private readonly lines = new LineSplitter();
  push(chunk: Buffer): ParsedFrame[] {
    const { lines, overflow } = this.lines.push(chunk);
    const out = lines.map(parseSicsLine);
    if (overflow) out.push({ kind: 'bad', raw: printable(overflow.subarray(0, 64)), reason: 'overflow' });
    return out;
  }
}
