import {
  PRINTER_LANGS,
  PRINTER_TRANSPORTS,
  SCALE_BAUD_RATES,
  SCALE_PROTOCOLS,
  type PrinterConfig,
  type ScaleConfig,
} from '../../shared/devices';
import { compileScalePattern } from './scales/regex-parser';

/**
 * Printers and scales of this workstation, kept in electron-store ('devices.json' in the user-data
 * folder). Saving validates every entry with a message the operator can act on; reading skips entries
 * a hand edit broke instead of failing start-up.
 */
export interface DeviceStore {
  get(key: 'printers' | 'scales'): unknown;
  set(key: 'printers', value: PrinterConfig[]): void;
  set(key: 'scales', value: ScaleConfig[]): void;
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
  };
}
