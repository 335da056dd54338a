import type { DeviceErrorEvent, ScaleConfig, ScaleReadingEvent } from '../../../shared/devices';
import { ScaleReader, type ScaleReaderOptions } from './reader';
import { ReadingThrottle } from './throttle';

/** The scales open on this workstation, one reader per port; readings go out throttled (10/s). */
export interface ScaleManagerEvents {
  reading(event: ScaleReadingEvent): void;
  error(event: DeviceErrorEvent): void;
}

export class ScaleManager {
  private readonly open = new Map<string, { reader: ScaleReader; throttle: ReadingThrottle }>();

  constructor(
    private readonly events: ScaleManagerEvents,
    private readonly options: ScaleReaderOptions & { maxPerSecond?: number } = {},
  ) {}

  async openScale(config: ScaleConfig): Promise<void> {
    await this.closeScale(config.path);
    const path = config.path;
    const throttle = new ReadingThrottle((r) => this.events.reading({ ...r, path }), this.options.maxPerSecond ?? 10);
    const reader = new ScaleReader(
      config,
      {
        reading: (r) => throttle.push(r),
        error: (message) => this.events.error({ source: 'scale', target: path, message, at: Date.now() }),
      },
      this.options,
    );
    this.open.set(path, { reader, throttle });
    reader.start();
  }

  async closeScale(path: string): Promise<void> {
    const entry = this.open.get(path);
    if (!entry) return;
    this.open.delete(path);
    entry.throttle.stop();
    await entry.reader.stop();
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.open.keys()].map((p) => this.closeScale(p)));
  }

  openPaths(): string[] {
    return [...this.open.keys()];
  }
}
