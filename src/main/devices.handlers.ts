import Store from 'electron-store';
import { SerialPort } from 'serialport';
import type { PrintAgentInfo, PrinterConfig, ScaleConfig, SerialPortSummary } from '../shared/devices';
import type { FillStationConfig, RelayConfig } from '../shared/fill-cycle';
import { checkPrinter, checkRelay, createDeviceSettings, type DeviceSettings, type DeviceStore } from './devices/device-settings';
import { DeviceStation } from './devices/fill/device-station';
import { FillRequestError } from './devices/fill/fill-controller';
import { resolvePrinter } from './devices/printing/address';
import { printLabelJob, renderLabel, sendToPrinter, testPageJob } from './devices/printing/print-job';
import { broadcastEvent, type IpcHandlers } from './ipc';
import { agentPort } from './print-agent/agent-config';
import { AGENT_HOST, startPrintAgent } from './print-agent/agent-server';

type DevicesHandlers = Pick<
  IpcHandlers,
  | 'devices:listPrinters'
  | 'devices:savePrinters'
  | 'devices:listSystemPrinters'
  | 'devices:printLabel'
  | 'devices:printTestPage'
  | 'devices:listSerialPorts'
  | 'devices:listScales'
  | 'devices:saveScales'
  | 'devices:openScale'
  | 'devices:closeScale'
  | 'devices:getPrintAgent'
  | 'devices:scaleLatest'
  | 'devices:listRelays'
  | 'devices:saveRelays'
  | 'devices:testRelay'
  | 'devices:listFillStations'
  | 'devices:saveFillStations'
  | 'fill:start'
  | 'fill:state'
  | 'fill:cancel'
>;

export interface DevicesDeps {
  settings: DeviceSettings;
  /** Scales, relays and the fill controller (shared with the local agent). */
  station: DeviceStation;
  agent: () => PrintAgentInfo;
  listPorts?: () => Promise<SerialPortSummary[]>;
}

async function serialPorts(): Promise<SerialPortSummary[]> {
  const ports = await SerialPort.list();
  return ports.map((p) => ({
    path: p.path,
    ...(p.manufacturer ? { manufacturer: p.manufacturer } : {}),
    ...(p.serialNumber ? { serialNumber: p.serialNumber } : {}),
  }));
}

/** Printers, scales, relays and the fill cycle for the renderer; the protocol and transport work lives in ./devices. */
export function devicesHandlers(deps: DevicesDeps): DevicesHandlers {
  return {
    'devices:listPrinters': () => deps.settings.printers(),
    'devices:savePrinters': (_ctx, printers) => deps.settings.savePrinters(printers),
    'devices:listSystemPrinters': async ({ sender }) => {
      const list = await sender.getPrintersAsync?.();
      return (list ?? []).map((p) => p.name);
    },
    'devices:printLabel': (_ctx, job) => printLabelJob(job, { printers: deps.settings.printers() }),
    'devices:printTestPage': async (_ctx, target) => {
      const printer: PrinterConfig =
        typeof target === 'string' ? resolvePrinter(target, deps.settings.printers()) : checkPrinter(target);
      const data = renderLabel(testPageJob(printer.name), printer);
      await sendToPrinter(printer, data);
      return { printer: printer.name, bytes: data.length };
    },
    'devices:listSerialPorts': () => (deps.listPorts ?? serialPorts)(),
    'devices:listScales': () => deps.settings.scales(),
    'devices:saveScales': (_ctx, scales) => deps.settings.saveScales(scales),
    'devices:openScale': (_ctx, config) => deps.station.scales.openScale(config),
    'devices:closeScale': (_ctx, path) => deps.station.scales.closeScale(path),
    'devices:getPrintAgent': () => deps.agent(),
    'devices:scaleLatest': (_ctx, path) => {
      if (typeof path !== 'string' || !path) throw new FillRequestError('缺少电子秤串口');
      return deps.station.latest(path);
    },
    'devices:listRelays': () => deps.settings.relays(),
    'devices:saveRelays': (_ctx, relays) => deps.settings.saveRelays(relays),
    'devices:testRelay': async (_ctx, target) => {
      const config: RelayConfig | undefined =
        typeof target === 'string' ? deps.settings.relays().find((r) => r.name === target) : checkRelay(target);
      if (!config) throw new FillRequestError(`未配置继电器「${String(target)}」`);
      if (deps.station.fills.active().some((f) => f.relay === config.name)) throw new FillRequestError(`继电器「${config.name}」正在充装，不能测试`);
      return { relay: config.name, ...(await deps.station.relays.pulse(config)) };
    },
    'devices:listFillStations': () => deps.settings.fillStations(),
    'devices:saveFillStations': (_ctx, stations) => deps.settings.saveFillStations(stations),
    'fill:start': (_ctx, request) => deps.station.fills.start(request),
    'fill:state': (_ctx, fillId) => {
      if (typeof fillId !== 'string' || !fillId) throw new FillRequestError('缺少 fillId');
      return deps.station.fills.state(fillId);
    },
    'fill:cancel': (_ctx, fillId, reason) => {
      if (typeof fillId !== 'string' || !fillId) throw new FillRequestError('缺少 fillId');
      return deps.station.fills.cancel(fillId, reason);
    },
  };
}

/**
 * The device side of the desktop app, started once from index.ts: the workstation's printer and scale
 * settings, the open scales (readings and errors broadcast to the windows) and the local print agent,
 * which lets pages from the configured server print through this PC. A port already taken (say by a
 * standalone agent) is reported on the device screen rather than stopping the app.
 */
export function startDevices(serverUrl: () => string, storeDir?: string) {
  const store = new Store<{ printers: PrinterConfig[]; scales: ScaleConfig[]; relays: RelayConfig[]; fillStations: FillStationConfig[] }>({
    name: 'devices',
    defaults: { printers: [], scales: [], relays: [], fillStations: [] },
    ...(storeDir ? { cwd: storeDir } : {}),
  }) as unknown as DeviceStore;
  const settings = createDeviceSettings(store);
  const station = new DeviceStation({
    scales: () => settings.scales(),
    relays: () => settings.relays(),
    fillStations: () => settings.fillStations(),
    onReading: (event) => broadcastEvent('devices:scaleReading', event),
    onError: (event) => broadcastEvent('devices:error', event),
  });
  let port = 0;
  let info: PrintAgentInfo;
  try {
    port = agentPort();
    info = { url: `http://${AGENT_HOST}:${port}`, running: false };
  } catch (err) {
    info = { url: '', running: false, error: (err as Error).message };
  }
  if (!info.error) {
    startPrintAgent({
      port,
      origins: () => [serverUrl()],
      printers: () => settings.printers(),
      station: () => station,
      onError: (message) => broadcastEvent('devices:error', { source: 'agent', target: info.url, message, at: Date.now() }),
    }).then(
      (agent) => (info = { url: agent.url, running: true }),
      (err: Error) => (info = { ...info, running: false, error: `打印代理未能启动：${err.message}` }),
    );
  }
  return { handlers: devicesHandlers({ settings, station, agent: () => info }), station };
}

/**
 * Permissions off when the app quits: before-quit waits (once) for the relays' off writes, then quits for real.
 * A crash or a killed process cannot run this: the board's watchdog (RelayConfig.watchdogSeconds) covers that.
 */
export function releaseRelaysBeforeQuit(app: { on(event: 'before-quit', listener: (e: { preventDefault(): void }) => void): unknown; quit(): void }, station: DeviceStation): void {
  let released = false;
  app.on('before-quit', (event) => {
    if (released) return;
    event.preventDefault();
    released = true;
    const timeout = new Promise((r) => setTimeout(r, 3000));
    void Promise.race([station.close().catch(() => undefined), timeout]).then(() => app.quit());
  });
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => void station.close().finally(() => process.exit(0)));
  }
}
