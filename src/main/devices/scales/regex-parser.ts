import { LineSplitter, printable, type FrameParser, type ParsedFrame } from './frames';
import { toKg } from './units';

/**
 * Scales with other formats: one line per reading, matched by a configured regular expression with a
 * named group `weight` and optionally `unit` and `stable` (any non-empty match means stable), e.g.
 *   ^(?<stable>ST|US),GS,\s*(?<weight>[-+]?\d+(?:\.\d+)?)\s*(?<unit>kg|g|lb)$
 * where only "ST" should count as stable: use (?<stable>ST)?|US… or leave stability to repeats.
 */
export class InvalidScalePatternError extends Error {
  constructor(reason: string) {
    super(`电子秤解析规则无效：${reason}`);
    this.name = 'InvalidScalePatternError';
  }
}

export function compileScalePattern(pattern: string | undefined): RegExp {
  if (!pattern) throw new InvalidScalePatternError('不能为空');
  let re: RegExp;
  try {
    re = new RegExp(pattern);
  } catch (err) {
    throw new InvalidScalePatternError((err as Error).message);
  }
  if (!pattern.includes('(?<weight>')) throw new InvalidScalePatternError('需要命名分组 (?<weight>…)');
  return re;
}

export class RegexParser implements FrameParser {
  private readonly lines = new LineSplitter();
  private readonly re: RegExp;
  constructor(
    pattern: string | undefined,
    private readonly unit = 'kg',
  ) {
    this.re = compileScalePattern(pattern);
  }

  push(chunk: Buffer): ParsedFrame[] {
    const { lines, overflow } = this.lines.push(chunk);
    const out = lines.map((line) => this.parse(line));
    if (overflow) out.push({ kind: 'bad', raw: printable(overflow.subarray(0, 64)), reason: 'overflow' });
    return out;
  }

  private parse(line: Buffer): ParsedFrame {
    const raw = printable(line);
    const groups = this.re.exec(line.toString('latin1').trim())?.groups;
    const number = groups?.weight?.replace(/\s+/g, '');
    if (!groups || !number || !/^[-+]?\d+(\.\d+)?$/.test(number)) return { kind: 'bad', raw, reason: 'format' };
    const weight = toKg(Number(number), groups.unit || this.unit);
    if (weight === undefined) return { kind: 'bad', raw, reason: 'unit' };
    const stable = 'stable' in groups ? Boolean(groups.stable) : undefined;
    return { kind: 'weight', weight: weight === 0 ? 0 : weight, raw, ...(stable === undefined ? {} : { stable }) };
  }
}
