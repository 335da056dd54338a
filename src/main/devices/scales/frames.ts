/**
 * What a scale parser makes of the bytes it is fed. Weights are already in kg; `stable` is set only
 * when the protocol says so (A9 and A12 have no flag: the stability tracker decides from repeats).
 */
export type ParsedFrame =
  | { kind: 'weight'; weight: number; stable?: boolean; raw: string }
  | { kind: 'status'; status: 'overload' | 'underload' | 'busy'; raw: string }
  | { kind: 'bad'; raw: string; reason: string };

export interface FrameParser {
  /** Bytes in, complete frames out; a partial frame waits for the next chunk. */
  push(chunk: Buffer): ParsedFrame[];
}

/** XOR of the bytes as two upper-case hex characters, the way Yaohua indicators send their check. */
export function xorCheck(bytes: Buffer): string {
  let x = 0;
  for (const b of bytes) x ^= b;
  return x.toString(16).toUpperCase().padStart(2, '0');
}

/** Control characters shown as <02>, so a raw frame can be logged and displayed. */
export function printable(bytes: Buffer): string {
  return [...bytes].map((b) => (b < 0x20 || b > 0x7e ? `<${b.toString(16).padStart(2, '0')}>` : String.fromCharCode(b))).join('');
}

/** Keeps a parser's pending bytes bounded: a line noise burst never grows memory. */
export const MAX_PENDING_BYTES = 4096;

/** Splits a byte stream into CR/LF-terminated lines (empty lines dropped). */
export class LineSplitter {
  private pending = Buffer.alloc(0);
  push(chunk: Buffer): { lines: Buffer[]; overflow: Buffer | null } {
    this.pending = Buffer.concat([this.pending, chunk]);
    const lines: Buffer[] = [];
    let start = 0;
    for (let i = 0; i < this.pending.length; i++) {
      const b = this.pending[i];
      if (b === 0x0a || b === 0x0d) {
        if (i > start) lines.push(this.pending.subarray(start, i));
        start = i + 1;
      }
    }
    this.pending = this.pending.subarray(start);
    let overflow: Buffer | null = null;
    if (this.pending.length > MAX_PENDING_BYTES) {
      overflow = this.pending;
      this.pending = Buffer.alloc(0);
    }
    return { lines, overflow };
  }
}
