import type { DeviceErrorEvent, ScaleConfig, ScaleReadingEvent } from '../../../shared/devices';
import type { FillStationConfig, FillState, RelayConfig } from '../../../shared/fill-cycle';
import { RelayBank } from '../relay/relay';
import type { ModbusRtuOptions } from '../relay/modbus-rtu';
import type { ScaleReaderOptions } from '../scales/reader';
import { ScaleManager } from '../scales/scale-manager';
import { FillController } from './fill-controller';

/**
 * The filling point's devices in one place, shared by the desktop app and the standalone device agent: the scales
 * (one reader per port, the latest reading kept for GET /scale/latest), the relays, and the fill controller that
 * follows the scales' readings. A fill on a scale that is not open yet opens it from the configuration.
 */
export interface DeviceStationOptions {
  scales: () => ScaleConfig[];
  relays: () => RelayConfig[];
  fillStations?: () => FillStationConfig[];
  onReading?(event: ScaleReadingEvent): void;
  onError?(event: DeviceErrorEvent): void;
  onFillChange?(state: FillState): void;
  scaleOptions?: ScaleReaderOptions & { maxPerSecond?: number };
  modbus?: Omit<ModbusRtuOptions, 'path' | 'baudRate'>;
  /** Fill controller timing (tests). */
  tickMs?: number;
  rearmMs?: number;
}

export class DeviceStation {
  readonly scales: ScaleManager;
  readonly relays: RelayBank;
  readonly fills: FillController;
  private readonly latestByPath = new Map<string, ScaleReadingEvent>();

  constructor(private readonly options: DeviceStationOptions) {
    this.scales = new ScaleManager(
      {
        reading: (event) => {
          this.latestByPath.set(event.path, event);
          this.fills.onReading(event);
          options.onReading?.(event);
        },
        error: (event) => options.onError?.(event),
      },
      options.scaleOptions,
    );
    this.relays = new RelayBank(options.relays, options.modbus);
    this.fills = new FillController({
      relay: (name) => this.relays.relay(name),
      ensureScale: (path) => this.ensureScale(path),
      latest: (path) => this.latestByPath.get(path),
      onChange: options.onFillChange,
      ...(options.tickMs ? { tickMs: options.tickMs } : {}),
      ...(options.rearmMs ? { rearmMs: options.rearmMs } : {}),
    });
  }

  fillStations(): FillStationConfig[] {
    return this.options.fillStations?.() ?? [];
  }

  /** The latest reading of a configured or open scale; throws for a path this PC does not know. */
  latest(path: string): ScaleReadingEvent | null {
    if (!this.scales.openPaths().includes(path) && !this.options.scales().some((s) => s.path === path)) throw new Error(`未配置电子秤：${path}`);
    return this.latestByPath.get(path) ?? null;
  }

  async ensureScale(path: string): Promise<void> {
    if (this.scales.openPaths().includes(path)) return;
    const config = this.options.scales().find((s) => s.path === path);
    if (!config) throw new Error(`未配置电子秤：${path}`);
    await this.scales.openScale(config);
  }

  async openAllScales(): Promise<void> {
    for (const config of this.options.scales()) await this.scales.openScale(config);
  }

  /** Permissions off first, then the ports closed. */
  async close(): Promise<void> {
    await this.fills.releaseAll();
    this.fills.dispose();
    await this.relays.closeAll();
    await this.scales.closeAll();
  }
}
