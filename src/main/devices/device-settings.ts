import {
  PRINTER_LANGS,
  PRINTER_TRANSPORTS,
  SCALE_BAUD_RATES,
  SCALE_PROTOCOLS,
  type PrinterConfig,
  type ScaleConfig,
} from '../../shared/devices';
import type { FillStationConfig, RelayConfig } from '../../shared/fill-cycle';
import { RELAY_BAUD_RATES, RELAY_LIMITS } from '../../shared/devices';
import { compileScalePattern } from './scales/regex-parser';

/**
 * Printers and scales of this workstation, kept in electron-store ('devices.json' in the user-data
 * folder). Saving validates every entry with a message the operator can act on; reading skips entries
 * a hand edit broke instead of failing start-up.
 */
export interface DeviceStore {
  get(key: 'printers' | 'scales' | 'relays' | 'fillStations'): unknown;
  set(key: 'printers', value: PrinterConfig[]): void;
  set(key: 'scales', value: ScaleConfig[]): void;
  set(key: 'relays', value: RelayConfig[]): void;
  set(key: 'fillStations', value: FillStationConfig[]): void;
}

export class InvalidDeviceConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidDeviceConfigError';
  }
}

export function checkPrinter(p: Partial<PrinterConfig> | null | undefined): PrinterConfig {
  const fail = (reason: string) => {
    throw new InvalidDeviceConfigError(`打印机「${p?.name ?? ''}」配置无效：${reason}`);
  };
  if (!p || typeof p.name !== 'string' || !p.name.trim()) return fail('名称不能为空');
  if (!PRINTER_LANGS.includes(p.lang as never)) fail('类型应为 TSPL、ZPL 或 ESC/POS');
  if (!PRINTER_TRANSPORTS.includes(p.transport as never)) fail('连接方式应为网络、串口或系统打印队列');
  if (typeof p.address !== 'string' || !p.address.trim()) fail('地址不能为空');
  const dpi = Number(p.dpi ?? 203);
  if (!Number.isInteger(dpi) || dpi < 100 || dpi > 600) fail('分辨率应在 100–600 dpi 之间');
  const config: PrinterConfig = { name: p.name.trim(), lang: p.lang!, transport: p.transport!, address: p.address!.trim(), dpi };
  if (p.transport === 'serial') config.baudRate = Number(p.baudRate ?? 9600);
  return config;
}

export function checkScale(s: Partial<ScaleConfig> | null | undefined): ScaleConfig {
  const fail = (reason: string) => {
    throw new InvalidDeviceConfigError(`电子秤「${s?.path ?? ''}」配置无效：${reason}`);
  };
  if (!s || typeof s.path !== 'string' || !s.path.trim()) return fail('串口不能为空');
  if (!SCALE_PROTOCOLS.includes(s.protocol as never)) fail('协议无效');
  if (!SCALE_BAUD_RATES.includes(Number(s.baudRate) as never)) fail('波特率应为 600–9600');
  if (s.protocol === 'regex') {
    try {
      compileScalePattern(s.pattern);
    } catch (err) {
      fail((err as Error).message);
    }
  }
  const stableCount = s.stableCount === undefined ? undefined : Number(s.stableCount);
  if (stableCount !== undefined && (!Number.isInteger(stableCount) || stableCount < 1 || stableCount > 50)) fail('稳定次数应为 1–50');
  return {
    path: s.path.trim(),
    protocol: s.protocol!,
    baudRate: Number(s.baudRate),
    ...(stableCount !== undefined ? { stableCount } : {}),
    ...(s.pattern ? { pattern: s.pattern } : {}),
    ...(s.unit ? { unit: s.unit } : {}),
  };
}

const intIn = (v: unknown, min: number, max: number): number | undefined => {
  const n = Number(v);
  return Number.isInteger(n) && n >= min && n <= max ? n : undefined;
};
const numIn = (v: unknown, min: number, max: number): number | undefined => {
  const n = typeof v === 'string' && v.trim() === '' ? Number.NaN : Number(v);
  return Number.isFinite(n) && n >= min && n <= max ? n : undefined;
};

/** A permission relay (issue 34): one coil of a Modbus RTU board. */
export function checkRelay(r: Partial<RelayConfig> | null | undefined): RelayConfig {
  const fail = (reason: string): never => {
    throw new InvalidDeviceConfigError(`继电器「${r?.name ?? ''}」配置无效：${reason}`);
  };
  if (!r || typeof r.name !== 'string' || !r.name.trim()) return fail('名称不能为空');
  if (typeof r.path !== 'string' || !r.path.trim()) fail('串口不能为空');
  if (!RELAY_BAUD_RATES.includes(Number(r.baudRate) as never)) fail(`波特率应为 ${RELAY_BAUD_RATES.join('、')} 之一`);
  const L = RELAY_LIMITS;
  const unitId = intIn(r.unitId, L.unitId.min, L.unitId.max) ?? fail(`站号应为 ${L.unitId.min}–${L.unitId.max}`);
  const coil = intIn(r.coil, L.coil.min, L.coil.max) ?? fail(`线圈地址应为 ${L.coil.min}–${L.coil.max}`);
  const watchdogSeconds = numIn(r.watchdogSeconds ?? 0, L.watchdogSeconds.min, L.watchdogSeconds.max) ?? fail(`看门狗时间应为 ${L.watchdogSeconds.min}–${L.watchdogSeconds.max} 秒（0 = 不用）`);
  if (Math.round(watchdogSeconds * 10) !== watchdogSeconds * 10) fail('看门狗时间精确到 0.1 秒');
  if (typeof r.normallyOpen !== 'boolean') fail('请选择触点是否常开');
  return { name: r.name.trim(), path: r.path!.trim(), baudRate: Number(r.baudRate), unitId, coil, normallyOpen: r.normallyOpen!, watchdogSeconds };
}

/** A filling point's settings beside its scale (issue 34). */
export function checkFillStation(f: Partial<FillStationConfig> | null | undefined): FillStationConfig {
  const fail = (reason: string): never => {
    throw new InvalidDeviceConfigError(`充装设置「${f?.scale ?? ''}」无效：${reason}`);
  };
  if (!f || typeof f.scale !== 'string' || !f.scale.trim()) return fail('请选择电子秤');
  if (typeof f.relay !== 'string' || !f.relay.trim()) fail('请选择继电器');
  const L = RELAY_LIMITS;
  const allowanceKg = numIn(f.allowanceKg, L.allowanceKg.min, L.allowanceKg.max) ?? fail(`提前量应为 ${L.allowanceKg.min}–${L.allowanceKg.max} kg`);
  const silenceSeconds = numIn(f.silenceSeconds, L.silenceSeconds.min, L.silenceSeconds.max) ?? fail(`无读数停止时间应为 ${L.silenceSeconds.min}–${L.silenceSeconds.max} 秒`);
  if (silenceSeconds <= 0) fail('无读数停止时间应大于 0');
  return { scale: f.scale.trim(), relay: f.relay!.trim(), allowanceKg, silenceSeconds };
}

function readList<T>(value: unknown, check: (v: never) => T): T[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((v) => {
    try {
      return [check(v as never)];
    } catch {
      return [];
    }
  });
}

export interface DeviceSettings {
  printers(): PrinterConfig[];
  savePrinters(input: unknown): PrinterConfig[];
  scales(): ScaleConfig[];
  saveScales(input: unknown): ScaleConfig[];
  relays(): RelayConfig[];
  saveRelays(input: unknown): RelayConfig[];
  fillStations(): FillStationConfig[];
  saveFillStations(input: unknown): FillStationConfig[];
}

/** Relays checked as a list: names and (path, unit, coil) unique. */
export function checkRelays(input: unknown): RelayConfig[] {
  if (!Array.isArray(input)) throw new InvalidDeviceConfigError('继电器配置应为列表');
  const relays = input.map((r) => checkRelay(r as Partial<RelayConfig>));
  if (new Set(relays.map((r) => r.name)).size !== relays.length) throw new InvalidDeviceConfigError('继电器名称不能重复');
  if (new Set(relays.map((r) => `${r.path}#${r.unitId}#${r.coil}`)).size !== relays.length) throw new InvalidDeviceConfigError('两个继电器不能用同一串口、站号和线圈');
  return relays;
}

/** Fill settings checked as a list against the relays: one per scale, a relay named in the list, a relay per scale. */
export function checkFillStations(input: unknown, relays: RelayConfig[]): FillStationConfig[] {
  if (!Array.isArray(input)) throw new InvalidDeviceConfigError('充装设置应为列表');
  const stations = input.map((f) => checkFillStation(f as Partial<FillStationConfig>));
  if (new Set(stations.map((f) => f.scale)).size !== stations.length) throw new InvalidDeviceConfigError('每台电子秤只能有一组充装设置');
  if (new Set(stations.map((f) => f.relay)).size !== stations.length) throw new InvalidDeviceConfigError('两台电子秤不能共用一个继电器');
  const missing = stations.find((f) => !relays.some((r) => r.name === f.relay));
  if (missing) throw new InvalidDeviceConfigError(`充装设置「${missing.scale}」无效：未配置继电器「${missing.relay}」`);
  return stations;
}

export function createDeviceSettings(store: DeviceStore): DeviceSettings {
  return {
    printers: () => readList(store.get('printers'), checkPrinter),
    savePrinters(input) {
      if (!Array.isArray(input)) throw new InvalidDeviceConfigError('打印机配置应为列表');
      const printers = input.map((p) => checkPrinter(p as Partial<PrinterConfig>));
      const names = new Set(printers.map((p) => p.name));
      if (names.size !== printers.length) throw new InvalidDeviceConfigError('打印机名称不能重复');
      store.set('printers', printers);
      return printers;
    },
    scales: () => readList(store.get('scales'), checkScale),
    saveScales(input) {
      if (!Array.isArray(input)) throw new InvalidDeviceConfigError('电子秤配置应为列表');
      const scales = input.map((s) => checkScale(s as Partial<ScaleConfig>));
      if (new Set(scales.map((s) => s.path)).size !== scales.length) throw new InvalidDeviceConfigError('串口不能重复');
      store.set('scales', scales);
      return scales;
    },
    relays: () => readList(store.get('relays'), checkRelay),
    saveRelays(input) {
      const relays = checkRelays(input);
      store.set('relays', relays);
      return relays;
    },
    fillStations: () => readList(store.get('fillStations'), checkFillStation),
    saveFillStations(input) {
      const stations = checkFillStations(input, this.relays());
      store.set('fillStations', stations);
      return stations;
    },
  };
}
