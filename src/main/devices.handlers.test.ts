import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startTcpPrinter, type TcpPrinter } from '../../tests/devices/tcp-listener';
import type { ScaleConfig } from '../shared/devices';
import { devicesHandlers } from './devices.handlers';
import { createDeviceSettings, type DeviceStore } from './devices/device-settings';
import type { PortLike } from './devices/scales/reader';
import { DeviceStation } from './devices/fill/device-station';
import type { ScaleManager } from './devices/scales/scale-manager';
import { buildA9Frame } from './devices/scales/yaohua-a9';
import { BrowserWindow, ipcMain, resetElectronFake } from './electron.fake';
import { connectionHandlers } from './connection.handlers';
import { broadcastEvent, registerIpcHandlers } from './ipc';
import { settingsHandlers } from './settings.handlers';
import { idleUpdaterHandlers } from './updater.fake';
import { windowHandlers } from './window.handlers';

vi.mock('electron', () => import('./electron.fake'));
vi.mock('electron-store', () => ({ default: class {} }));

/** A serial port that opens at once and lets the test push bytes, as a USB adapter would. */
class FakePort extends EventEmitter {
  isOpen = false;
  open(cb: (err: Error | null) => void) {
    this.isOpen = true;
    cb(null);
  }
  close(cb: () => void) {
    this.isOpen = false;
    cb();
  }
  write() {
    return true;
  }
}

function memoryStore(): DeviceStore {
  const values = new Map<string, unknown>();
  return { get: (k: string) => values.get(k), set: (k: string, v: unknown) => void values.set(k, v) };
}

let printer: TcpPrinter;
let port: FakePort;
let scales: ScaleManager;
beforeEach(async () => {
  resetElectronFake();
  printer = await startTcpPrinter();
  port = new FakePort();
  const deviceSettings = createDeviceSettings(memoryStore());
  const station = new DeviceStation({
    scales: () => deviceSettings.scales(),
    relays: () => deviceSettings.relays(),
    onReading: (e) => broadcastEvent('devices:scaleReading', e),
    onError: (e) => broadcastEvent('devices:error', e),
    scaleOptions: { openPort: () => port as unknown as PortLike },
  });
  scales = station.scales;
  const devices = devicesHandlers({
    settings: deviceSettings,
    station,
    agent: () => ({ url: 'http://127.0.0.1:9527', running: true }),
    listPorts: async () => [{ path: '/dev/ttyUSB0', manufacturer: 'FTDI' }],
  });
  const settings = { getServerUrl: () => 'http://127.0.0.1:8080', setServerUrl: (u: unknown) => String(u) };
  const connection = connectionHandlers({ settings: settings as never, standalone: { apply: async () => {}, lastError: () => null } });
  registerIpcHandlers({ ...windowHandlers(), ...settingsHandlers(settings, () => '1'), ...devices, ...connection, ...idleUpdaterHandlers() });
});
afterEach(async () => {
  await scales.closeAll();
  await printer.close();
});

const win = () => BrowserWindow.instances[0] ?? new BrowserWindow({});
const invoke = (channel: string, ...args: unknown[]) =>
  Promise.resolve().then(() =>
    ipcMain.handlers.get(channel)!({ sender: win().webContents, senderFrame: { url: 'app://renderer/', parent: null } }, ...args),
  );

describe('device IPC handlers', () => {
  it('keeps the workstation printers, refusing an invalid one with the reason', async () => {
    const tsc = { name: 'TSC', lang: 'tspl', transport: 'tcp', address: `127.0.0.1:${printer.port}`, dpi: 203 };
    expect(await invoke('devices:savePrinters', [tsc])).toEqual([tsc]);
    expect(await invoke('devices:listPrinters')).toEqual([tsc]);
    await expect(invoke('devices:savePrinters', [{ ...tsc, lang: 'pcl' }])).rejects.toThrow('类型应为 TSPL、ZPL 或 ESC/POS');
    await expect(invoke('devices:savePrinters', [tsc, tsc])).rejects.toThrow('名称不能重复');
  });

  it('prints a test page to a saved printer, Chinese in GBK', async () => {
    await invoke('devices:savePrinters', [{ name: 'TSC', lang: 'tspl', transport: 'tcp', address: `127.0.0.1:${printer.port}`, dpi: 203 }]);
    const job = printer.nextJob();
    const result = (await invoke('devices:printTestPage', 'TSC')) as { bytes: number };
    const bytes = await job;
    expect(result.bytes).toBe(bytes.length);
    expect(bytes.toString('latin1')).toMatch(/^SIZE 60 mm,40 mm\r\n/);
    expect(bytes.includes(Buffer.from('b2e2cad4b4f2d3a1', 'hex'))).toBe(true); // 测试打印 in GBK
  });

  it('prints a label job through printLabel', async () => {
    const job = printer.nextJob();
    await invoke('devices:printLabel', {
      printer: `tcp://127.0.0.1:${printer.port}?lang=zpl`,
      width: 40,
      details: [{ type: 'FONT', x: 1, y: 1, content: '{code}' }],
      data: { code: 'A1' },
    });
    expect((await job).toString()).toContain('^FDA1^FS');
  });

  it('lists serial ports and streams scale readings to the window as events', async () => {
    expect(await invoke('devices:listSerialPorts')).toEqual([{ path: '/dev/ttyUSB0', manufacturer: 'FTDI' }]);
    const config: ScaleConfig = { path: '/dev/ttyUSB0', protocol: 'yaohua-a9', baudRate: 9600, stableCount: 2 };
    const w = win();
    await invoke('devices:openScale', config);
    port.emit('data', Buffer.concat([buildA9Frame(14.5), buildA9Frame(14.5)]));
    const readings = w.webContents.send.mock.calls.filter((c) => c[0] === 'devices:scaleReading').map((c) => c[1]);
    expect(readings[0]).toMatchObject({ path: '/dev/ttyUSB0', weight: 14.5, unit: 'kg', stable: false });
    expect(readings.at(-1)).toMatchObject({ weight: 14.5, stable: true });
    port.emit('close');
    expect(w.webContents.send).toHaveBeenCalledWith('devices:error', expect.objectContaining({ source: 'scale', message: '电子秤已断开：/dev/ttyUSB0' }));
    await invoke('devices:closeScale', '/dev/ttyUSB0');
    expect(scales.openPaths()).toEqual([]);
  });

  it('tells where the print agent listens', async () => {
    expect(await invoke('devices:getPrintAgent')).toEqual({ url: 'http://127.0.0.1:9527', running: true });
  });

  it('keeps relays and fill settings, refusing invalid ones, and answers the fill calls with reasons', async () => {
    const relay = { name: '充装1号阀', path: '/dev/ttyUSB1', baudRate: 9600, unitId: 1, coil: 0, normallyOpen: true, watchdogSeconds: 2 };
    expect(await invoke('devices:saveRelays', [relay])).toEqual([relay]);
    expect(await invoke('devices:listRelays')).toEqual([relay]);
    await expect(invoke('devices:saveRelays', [{ ...relay, coil: -1 }])).rejects.toThrow('线圈地址应为 0–255');
    await expect(invoke('devices:saveRelays', [relay, { ...relay, name: '2号' }])).rejects.toThrow('同一串口、站号和线圈');
    const fill = { scale: '/dev/ttyUSB0', relay: '充装1号阀', allowanceKg: 0.3, silenceSeconds: 2 };
    expect(await invoke('devices:saveFillStations', [fill])).toEqual([fill]);
    await expect(invoke('devices:saveFillStations', [{ ...fill, relay: '没有' }])).rejects.toThrow('未配置继电器「没有」');
    await expect(invoke('fill:start', { fillId: 'f1' })).rejects.toThrow('充装参数无效');
    const req = { fillId: 'f1', code: 'A1', scale: '/dev/ttyUSB0', relay: '没有的阀', tareKg: 30, targetNetKg: 15, allowanceKg: 0.2, toleranceKg: 0.5, maxSeconds: 60, silenceSeconds: 2 };
    await expect(invoke('fill:start', req)).rejects.toThrow('未配置继电器「没有的阀」');
    await expect(invoke('fill:state', 'nope')).rejects.toThrow('没有这次充装');
    await expect(invoke('devices:scaleLatest', '/dev/ttyUSB9')).rejects.toThrow('未配置电子秤');
  });
});
