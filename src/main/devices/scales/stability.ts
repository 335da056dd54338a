/**
 * When is a weight stable? The protocol's own flag wins (MT-SICS "S S"); otherwise (A9, A12) a weight
 * is stable once the same value arrived `count` times in a row — a cylinder still swinging on the
 * platform never repeats exactly.
 */
export const DEFAULT_STABLE_COUNT = 3;

export class StabilityTracker {
  private last: number | undefined;
  private repeats = 0;
  constructor(private readonly count = DEFAULT_STABLE_COUNT) {}

  next(weight: number, flag?: boolean): boolean {
    this.repeats = weight === this.last ? this.repeats + 1 : 1;
    this.last = weight;
    if (flag !== undefined) return flag;
    return this.repeats >= Math.max(1, this.count);
  }

  reset(): void {
    this.last = undefined;
    this.repeats = 0;
  }
}
