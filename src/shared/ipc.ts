import type {
  DeviceErrorEvent,
  LabelJob,
  PrintAgentInfo,
  PrinterConfig,
  PrintResult,
  ScaleConfig,
  RelayTestResult,
  ScaleReadingEvent,
  SerialPortSummary,
} from './devices';
import type { FillStartRequest, FillState, FillStationConfig, RelayConfig } from './fill-cycle';
import type { ConnectionState, ServerProbe, StandaloneSettings } from './connection';
import type { UpdateChannel, UpdateState } from './updates';

/**
 * The one IPC contract between the Electron main process and the renderer.
 * `invoke` channels answer a value; `send` channels are fire-and-forget; `events` flow main → renderer.
 * src/main/ipc.ts registers handlers for these names, src/preload builds window.api from them.
 */
export interface IpcInvokeContract {
  /** Maximise the window (on entering and leaving the login screen). */
  'window:maximize': { args: []; result: void };
  'window:isMaximized': { args: []; result: boolean };
  /** The backend origin the renderer talks to, e.g. http://10.0.0.2:8080, kept in electron-store. */
  'settings:getServerUrl': { args: []; result: string };
  'settings:setServerUrl': { args: [url: string]; result: string };
  'app:getVersion': { args: []; result: string };
  /** Saved address, standalone mode and what the app talks to now (服务器设置, the start-up check). */
  'settings:getConnection': { args: []; result: ConnectionState };
  /** 检测: can this address be reached, and which server version answers (main fetches: no CSP, no CORS). */
  'settings:probeServer': { args: [url: string]; result: ServerProbe };
  /** Saves standalone mode and starts or stops the local server to match; resolves once it answers or failed. */
  'settings:setStandalone': { args: [settings: StandaloneSettings]; result: ConnectionState };
  /** Printers configured on this workstation (electron-store). */
  'devices:listPrinters': { args: []; result: PrinterConfig[] };
  'devices:savePrinters': { args: [printers: PrinterConfig[]]; result: PrinterConfig[] };
  /** Print queues the operating system knows (names for the cups/spooler transport). */
  'devices:listSystemPrinters': { args: []; result: string[] };
  'devices:printLabel': { args: [job: LabelJob]; result: PrintResult };
  /** A configured printer's name, or a printer not saved yet. */
  'devices:printTestPage': { args: [printer: string | PrinterConfig]; result: PrintResult };
  'devices:listSerialPorts': { args: []; result: SerialPortSummary[] };
  'devices:listScales': { args: []; result: ScaleConfig[] };
  'devices:saveScales': { args: [scales: ScaleConfig[]]; result: ScaleConfig[] };
  /** Start reading a scale; readings arrive as devices:scaleReading events (throttled). */
  'devices:openScale': { args: [config: ScaleConfig]; result: void };
  'devices:closeScale': { args: [path: string]; result: void };
  'devices:getPrintAgent': { args: []; result: PrintAgentInfo };
  /** The latest reading of a configured or open scale (null before one); the station's live weight. */
  'devices:scaleLatest': { args: [path: string]; result: ScaleReadingEvent | null };
  /** Permission relays (Modbus RTU coils) and the per-scale fill settings of this workstation (设备设置). */
  'devices:listRelays': { args: []; result: RelayConfig[] };
  'devices:saveRelays': { args: [relays: RelayConfig[]]; result: RelayConfig[] };
  /** 测试: a configured relay's name, or one not saved yet; the coil on for half a second, then off. */
  'devices:testRelay': { args: [relay: string | RelayConfig]; result: RelayTestResult };
  'devices:listFillStations': { args: []; result: FillStationConfig[] };
  'devices:saveFillStations': { args: [stations: FillStationConfig[]]; result: FillStationConfig[] };
  /** The fill cycle (issue 34, src/shared/fill-cycle.ts): grant after the gate allowed; a repeated fillId answers the same cycle. */
  'fill:start': { args: [request: FillStartRequest]; result: FillState };
  /** The cycle's state; every call is the station's heartbeat (FILL_HEARTBEAT_SECONDS). */
  'fill:state': { args: [fillId: string]; result: FillState };
  'fill:cancel': { args: [fillId: string, reason: 'cancelled' | 'suspended']; result: FillState };
  /** Desktop updates (src/main/updater.ts): the current state, a check now, the channel, install now. */
  'updates:getState': { args: []; result: UpdateState };
  'updates:check': { args: []; result: UpdateState };
  'updates:setChannel': { args: [channel: UpdateChannel]; result: UpdateState };
  'updates:install': { args: []; result: void };
}

export interface IpcSendContract {
  /** Reload the window after a chunk-load failure was confirmed. */
  'window:reload': { args: [] };
}

export interface IpcEventContract {
  'app:serverUrlChanged': { payload: string };
  'devices:scaleReading': { payload: ScaleReadingEvent };
  'devices:error': { payload: DeviceErrorEvent };
  'updates:state': { payload: UpdateState };
}

export type InvokeChannel = keyof IpcInvokeContract;
export type SendChannel = keyof IpcSendContract;
export type EventChannel = keyof IpcEventContract;

/** Channel lists, so preload and main can be generated from (and tested against) the same names. */
export const INVOKE_CHANNELS = [
  'window:maximize',
  'window:isMaximized',
  'settings:getServerUrl',
  'settings:setServerUrl',
  'app:getVersion',
  'settings:getConnection',
  'settings:probeServer',
  'settings:setStandalone',
  'devices:listPrinters',
  'devices:savePrinters',
  'devices:listSystemPrinters',
  'devices:printLabel',
  'devices:printTestPage',
  'devices:listSerialPorts',
  'devices:listScales',
  'devices:saveScales',
  'devices:openScale',
  'devices:closeScale',
  'devices:getPrintAgent',
  'devices:scaleLatest',
  'devices:listRelays',
  'devices:saveRelays',
  'devices:testRelay',
  'devices:listFillStations',
  'devices:saveFillStations',
  'fill:start',
  'fill:state',
  'fill:cancel',
  'updates:getState',
  'updates:check',
  'updates:setChannel',
  'updates:install',
] as const satisfies readonly InvokeChannel[];
export const SEND_CHANNELS = ['window:reload'] as const satisfies readonly SendChannel[];
export const EVENT_CHANNELS = [
  'app:serverUrlChanged',
  'devices:scaleReading',
  'devices:error',
  'updates:state',
] as const satisfies readonly EventChannel[];

/** camelCase method name on window.api for a channel: 'window:maximize' → 'windowMaximize'. */
export function methodName(channel: string): string {
  return channel.replace(/[:-](\w)/g, (_m, c: string) => c.toUpperCase());
}

type CamelChannel<S extends string> = S extends `${infer A}:${infer B}` ? `${A}${Capitalize<CamelChannel<B>>}` : S;

/** window.api as the renderer sees it. */
export type DesktopApi = {
  [C in InvokeChannel as CamelChannel<C>]: (...args: IpcInvokeContract[C]['args']) => Promise<IpcInvokeContract[C]['result']>;
} & {
  [C in SendChannel as CamelChannel<C>]: (...args: IpcSendContract[C]['args']) => void;
} & {
  /** Subscribe to a main → renderer event; returns the unsubscribe function. */
  on<E extends EventChannel>(event: E, listener: (payload: IpcEventContract[E]['payload']) => void): () => void;
};
