import { printable, xorCheck, MAX_PENDING_BYTES, type FrameParser, type ParsedFrame } from './frames';
import { toKg } from './units';

/**
 * Yaohua XK3190-A9 continuous output, 12 bytes per frame:
 *   STX(02) sign(+/-) six digits, decimal places (0–4), XOR of bytes 1–8 as two hex characters, ETX(03).
 * Example +20.00: 02 2B 30 30 32 30 30 30 32 31 42 03. No unit (the indicator's unit, kg by default)
 * and no stability flag. A frame failing any check is reported bad and skipped; parsing resumes at
 * the next STX so one broken byte never shifts later frames.
 */
const STX = 0x02;
const ETX = 0x03;
const FRAME = 12;

export function parseA9Frame(frame: Buffer, unit = 'kg'): ParsedFrame {
  const raw = printable(frame);
  if (frame.length !== FRAME || frame[0] !== STX || frame[FRAME - 1] !== ETX) return { kind: 'bad', raw, reason: 'frame' };
  const text = frame.toString('latin1');
  const sign = text.charAt(1);
  const digits = text.slice(2, 8);
  const decimals = text.charAt(8);
  if ((sign !== '+' && sign !== '-') || !/^\d{6}$/.test(digits) || !/^[0-4]$/.test(decimals)) {
    return { kind: 'bad', raw, reason: 'format' };
  }
  if (text.slice(9, 11).toUpperCase() !== xorCheck(frame.subarray(1, 9))) return { kind: 'bad', raw, reason: 'checksum' };
  const value = (Number(digits) / 10 ** Number(decimals)) * (sign === '-' ? -1 : 1);
  const weight = toKg(value, unit);
  if (weight === undefined) return { kind: 'bad', raw, reason: 'unit' };
  return { kind: 'weight', weight: weight === 0 ? 0 : weight, raw };
}

export class YaohuaA9Parser implements FrameParser {
  private pending = Buffer.alloc(0);
  constructor(private readonly unit = 'kg') {}

  push(chunk: Buffer): ParsedFrame[] {
    this.pending = Buffer.concat([this.pending, chunk]);
    const out: ParsedFrame[] = [];
    for (;;) {
      const start = this.pending.indexOf(STX);
      if (start < 0) {
        if (this.pending.length > 0) out.push({ kind: 'bad', raw: printable(this.pending), reason: 'noise' });
        this.pending = Buffer.alloc(0);
        break;
      }
      if (start > 0) {
        out.push({ kind: 'bad', raw: printable(this.pending.subarray(0, start)), reason: 'noise' });
        this.pending = this.pending.subarray(start);
      }
      if (this.pending.length < FRAME) break;
      const frame = this.pending.subarray(0, FRAME);
      const parsed = parseA9Frame(frame, this.unit);
      if (parsed.kind === 'bad' && parsed.reason === 'frame') {
        // Lost sync (a dropped byte): resume from the next STX inside this window.
        const next = frame.indexOf(STX, 1);
        out.push({ kind: 'bad', raw: printable(frame.subarray(0, next > 0 ? next : FRAME)), reason: 'frame' });
        this.pending = this.pending.subarray(next > 0 ? next : FRAME);
        continue;
      }
      out.push(parsed);
      this.pending = this.pending.subarray(FRAME);
    }
    if (this.pending.length > MAX_PENDING_BYTES) this.pending = Buffer.alloc(0);
    return out;
  }
}

/** Builds a frame the way the indicator does (scale simulator and tests). */
export function buildA9Frame(weight: number, decimals = 2): Buffer {
  const sign = weight < 0 ? '-' : '+';
  const digits = String(Math.round(Math.abs(weight) * 10 ** decimals)).padStart(6, '0').slice(-6);
  const body = Buffer.from(`${sign}${digits}${decimals}`, 'latin1');
  return Buffer.concat([Buffer.from([STX]), body, Buffer.from(xorCheck(body), 'latin1'), Buffer.from([ETX])]);
}
