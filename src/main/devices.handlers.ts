import Store from 'electron-store';
import { SerialPort } from 'serialport';
import type { PrintAgentInfo, PrinterConfig, ScaleConfig, SerialPortSummary } from '../shared/devices';
import { checkPrinter, createDeviceSettings, type DeviceSettings, type DeviceStore } from './devices/device-settings';
import { resolvePrinter } from './devices/printing/address';
import { printLabelJob, renderLabel, sendToPrinter, testPageJob } from './devices/printing/print-job';
import { ScaleManager } from './devices/scales/scale-manager';
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
>;

export interface DevicesDeps {
  settings: DeviceSettings;
  scales: ScaleManager;
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

/** Printers and scales for the renderer; the protocol and transport work lives in ./devices. */
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
    'devices:openScale': (_ctx, config) => deps.scales.openScale(config),
    'devices:closeScale': (_ctx, path) => deps.scales.closeScale(path),
    'devices:getPrintAgent': () => deps.agent(),
  };
}

/**
 * The device side of the desktop app, started once from index.ts: the workstation's printer and scale
 * settings, the open scales (readings and errors broadcast to the windows) and the local print agent,
 * which lets pages from the configured server print through this PC. A port already taken (say by a
 * standalone agent) is reported on the device screen rather than stopping the app.
 */
export function startDevices(serverUrl: () => string, storeDir?: string) {
  const store = new Store<{ printers: PrinterConfig[]; scales: ScaleConfig[] }>({
    name: 'devices',
    defaults: { printers: [], scales: [] },
    ...(storeDir ? { cwd: storeDir } : {}),
  }) as unknown as DeviceStore;
  const settings = createDeviceSettings(store);
  const scales = new ScaleManager({
    reading: (event) => broadcastEvent('devices:scaleReading', event),
    error: (event) => broadcastEvent('devices:error', event),
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
      onError: (message) => broadcastEvent('devices:error', { source: 'agent', target: info.url, message, at: Date.now() }),
    }).then(
      (agent) => (info = { url: agent.url, running: true }),
      (err: Error) => (info = { ...info, running: false, error: `打印代理未能启动：${err.message}` }),
    );
  }
  return devicesHandlers({ settings, scales, agent: () => info });
}
