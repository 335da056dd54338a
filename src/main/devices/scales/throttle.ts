import type { ScaleReading } from '../../../shared/devices';

/**
 * Scales send 10–50 frames a second; the renderer needs at most `maxPerSecond`. A reading passes at
 * once when the interval has elapsed or its stability differs from the last one passed (the operator
 * must see "stable" the moment it happens); otherwise the newest one is held and sent at the end of
 * the interval, so the last weight shown is always the last weight read.
 */
export class ReadingThrottle {
  private lastSentAt = -Infinity;
  private lastStable: boolean | undefined;
  private held: ScaleReading | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly intervalMs: number;

  constructor(
    private readonly emit: (reading: ScaleReading) => void,
    maxPerSecond = 10,
    private readonly now: () => number = Date.now,
  ) {
    this.intervalMs = 1000 / maxPerSecond;
  }

  push(reading: ScaleReading): void {
    const elapsed = this.now() - this.lastSentAt;
    if (elapsed >= this.intervalMs || reading.stable !== this.lastStable) {
      this.send(reading);
      return;
    }
    this.held = reading;
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      if (this.held) this.send(this.held);
    }, this.intervalMs - elapsed);
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.held = undefined;
  }

  private send(reading: ScaleReading): void {
    this.held = undefined;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.lastSentAt = this.now();
    this.lastStable = reading.stable;
    this.emit(reading);
  }
}
