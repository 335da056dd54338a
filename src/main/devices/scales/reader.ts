import { SerialPort } from 'serialport';
import type { ScaleConfig, ScaleReading } from '../../../shared/devices';
import type { FrameParser } from './frames';
import { MT_SICS_REPEAT_COMMAND } from './mt-sics';
import { createParser } from './parsers';
import { StabilityTracker } from './stability';

/**
 * Reads one scale on a serial port (8N1): bytes → parser → stability → readings. Bad frames are
 * counted and dropped, never turned into a weight. When the cable is pulled (the port closes or
 * errors) the reader tells the caller and retries with a growing delay (0.5 s doubling to 10 s) until
 * stop(); a successful open resets the delay.
 */
export interface ScaleReaderEvents {
  reading(reading: ScaleReading): void;
  error(message: string): void;
}

/** The part of SerialPort the reader uses, so a test can give another stream. */
export type PortLike = Pick<SerialPort, 'open' | 'close' | 'write' | 'on' | 'removeAllListeners' | 'isOpen'>;

export interface ScaleReaderOptions {
  openPort?: (config: ScaleConfig) => PortLike;
  initialBackoffMs?: number;
  maxBackoffMs?: number;
  now?: () => number;
}

export interface ScaleStats {
  frames: number;
  badFrames: number;
  reconnects: number;
  connected: boolean;
}

const serialPort = (config: ScaleConfig): PortLike =>
  new SerialPort({ path: config.path, baudRate: config.baudRate, dataBits: 8, parity: 'none', stopBits: 1, autoOpen: false });

export class ScaleReader {
  private port: PortLike | undefined;
  private parser: FrameParser;
  private readonly stability: StabilityTracker;
  private retryTimer: NodeJS.Timeout | undefined;
  private backoffMs: number;
  private stopped = true;
  /** The last error told to the caller: a cable left unplugged is reported once, not on every retry. */
  private lastError: string | undefined;
  readonly stats: ScaleStats = { frames: 0, badFrames: 0, reconnects: 0, connected: false };

  constructor(
    readonly config: ScaleConfig,
    private readonly events: ScaleReaderEvents,
    private readonly options: ScaleReaderOptions = {},
  ) {
    // Builds the parser now so a bad regular expression fails the open call, not a later frame.
    this.parser = createParser(config);
    this.stability = new StabilityTracker(config.stableCount);
    this.backoffMs = options.initialBackoffMs ?? 500;
  }

  start(): void {
    this.stopped = false;
    this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    const port = this.port;
    this.port = undefined;
    this.stats.connected = false;
    if (port?.isOpen) await new Promise<void>((resolve) => port.close(() => resolve()));
    port?.removeAllListeners();
  }

  private connect(): void {
    if (this.stopped) return;
    const port = (this.options.openPort ?? serialPort)(this.config);
    this.port = port;
    port.on('data', (chunk: Buffer) => this.onData(chunk));
    port.on('close', () => this.lost(port, `电子秤已断开：${this.config.path}`));
    port.on('error', (err: Error) => this.lost(port, `电子秤通信错误：${this.config.path}（${err.message}）`));
    port.open((err) => {
      if (err) return this.lost(port, `电子秤串口无法打开：${this.config.path}（${err.message}）`);
      if (this.stopped) return void port.close(() => undefined);
      this.stats.connected = true;
      this.lastError = undefined;
      this.backoffMs = this.options.initialBackoffMs ?? 500;
      this.parser = createParser(this.config);
      this.stability.reset();
      if (this.config.protocol === 'mt-sics') port.write(MT_SICS_REPEAT_COMMAND);
    });
  }

  private lost(port: PortLike, message: string): void {
    if (port !== this.port || this.stopped) return;
    this.port = undefined;
    this.stats.connected = false;
    port.removeAllListeners();
    port.on('error', () => undefined);
    if (port.isOpen) port.close(() => undefined);
    if (!this.lastError) this.events.error(message);
    this.lastError = message;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      this.stats.reconnects += 1;
      this.connect();
    }, this.backoffMs);
    this.backoffMs = Math.min(this.backoffMs * 2, this.options.maxBackoffMs ?? 10_000);
  }

  private onData(chunk: Buffer): void {
    const now = this.options.now ?? Date.now;
    for (const frame of this.parser.push(chunk)) {
      if (frame.kind === 'bad') {
        this.stats.badFrames += 1;
        continue;
      }
      this.stats.frames += 1;
      if (frame.kind === 'status') {
        this.stability.reset();
        if (frame.status === 'overload') this.events.error(`电子秤超载：${this.config.path}`);
        if (frame.status === 'underload') this.events.error(`电子秤欠载：${this.config.path}`);
        continue;
      }
      const stable = this.stability.next(frame.weight, frame.stable);
      this.events.reading({ weight: frame.weight, unit: 'kg', stable, raw: frame.raw, at: now() });
    }
  }
}
