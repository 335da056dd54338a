import { Type, type Static } from '@sinclair/typebox';

/**
 * Device types shared by main (drivers, print agent), preload and the renderer: the label print job of
 * SPEC section 3, printer and scale configurations kept per workstation, and scale readings.
 *
 * Units of a label job: width, height, x, y, fontSize and a barcode's size are millimetres (the label
 * designer works in mm); drivers convert to dots = mm × dpi / 25.4 (8 dots per mm at 203 dpi).
 * A QR code's size is the designer's size number: module width in dots = round(size / 2.5) (SPEC 9).
 */
export const LABEL_DEFAULTS = {
  dpi: 203,
  printNum: 1,
  direction: 0,
  /** SIZE/^LL need a height; labels whose job omits it are taken as 40 mm tall. */
  heightMm: 40,
  fontSizeMm: 3,
  barcodeHeightMm: 10,
  qrSize: 10,
  errorLevel: 'M',
} as const;

/** Measuring text: Latin characters are 0.618 of the font size wide, wide (CJK) characters 1 (SPEC 9). */
export const LATIN_WIDTH_FACTOR = 0.618;
export const QR_SIZE_DIVISOR = 2.5;
export const BARCODE_TYPE = '128';

const Align = (title: string) => Type.Union([Type.Literal('left'), Type.Literal('center'), Type.Literal('right')], { title });
const Num = (min: number, max: number, title?: string) => Type.Number({ minimum: min, maximum: max, ...(title ? { title } : {}) });
/** Text without U+0000 (PostgreSQL cannot store it; a label setting keeps these in jsonb). */
const NO_NUL = '^[^\\u0000]*$';

export const LabelDetail = Type.Object({
  type: Type.Union([Type.Literal('FONT'), Type.Literal('BARCODE'), Type.Literal('QRCODE')], { title: '元素类型' }),
  x: Num(0, 2000, '横坐标(mm)'),
  y: Num(0, 2000, '纵坐标(mm)'),
  /** BARCODE: bar height in mm; QRCODE: designer size (module dots = size / 2.5). */
  size: Type.Optional(Num(0, 2000, '尺寸')),
  /** FONT (and a barcode's human-readable line): character height in mm. */
  fontSize: Type.Optional(Num(0.5, 200, '字号(mm)')),
  /** Printer font name; empty picks TSS24.BF2 for Chinese text and font "3" for ASCII (TSPL). */
  font: Type.Optional(Type.String({ maxLength: 64, pattern: NO_NUL, title: '字体' })),
  /** Which point of the text x names: its left edge, centre or right edge. */
  textAlign: Type.Optional(Align('对齐')),
  /** Place the element within the label width, ignoring x: left edge, centred or right edge. */
  position: Type.Optional(Type.Union([Type.Literal('left'), Type.Literal('center'), Type.Literal('right'), Type.Literal('')], { title: '位置' })),
  errorLevel: Type.Optional(Type.Union([Type.Literal('L'), Type.Literal('M'), Type.Literal('Q'), Type.Literal('H')], { title: '纠错级别' })),
  /** May hold {path|fallback} placeholders resolved against the job's data. */
  content: Type.String({ maxLength: 4096, pattern: NO_NUL, title: '内容' }),
}, { title: '标签元素' });
export type LabelDetail = Static<typeof LabelDetail>;

export const LabelJob = Type.Object({
  /** A printer name configured on the workstation, or an address such as tcp://10.0.0.5:9100?lang=zpl. */
  printer: Type.String({ minLength: 1, maxLength: 256 }),
  printNum: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  dpi: Type.Optional(Type.Integer({ minimum: 100, maximum: 600 })),
  direction: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])),
  width: Num(5, 300),
  height: Type.Optional(Num(5, 1000)),
  details: Type.Array(LabelDetail, { minItems: 1, maxItems: 200 }),
  data: Type.Optional(Type.Unknown()),
});
export type LabelJob = Static<typeof LabelJob>;

export type PrinterLang = 'tspl' | 'zpl' | 'escpos';
export type PrinterTransport = 'tcp' | 'serial' | 'cups';
export const PRINTER_LANGS: readonly PrinterLang[] = ['tspl', 'zpl', 'escpos'];
export const PRINTER_TRANSPORTS: readonly PrinterTransport[] = ['tcp', 'serial', 'cups'];

/** A printer configured on this workstation; address is host[:port], a serial path or a CUPS queue. */
export interface PrinterConfig {
  name: string;
  lang: PrinterLang;
  transport: PrinterTransport;
  address: string;
  dpi: number;
  /** Serial transport only. */
  baudRate?: number;
}

export interface PrintResult {
  printer: string;
  bytes: number;
}

export type ScaleProtocol = 'yaohua-a9' | 'yaohua-a12' | 'mt-sics' | 'regex';
export const SCALE_PROTOCOLS: readonly ScaleProtocol[] = ['yaohua-a9', 'yaohua-a12', 'mt-sics', 'regex'];
export const SCALE_BAUD_RATES = [600, 1200, 2400, 4800, 9600] as const;

export interface ScaleConfig {
  /** Serial port path, e.g. COM3 or /dev/ttyUSB0. */
  path: string;
  protocol: ScaleProtocol;
  baudRate: number;
  /** Equal readings in a row that make a weight stable when the protocol has no stability flag (default 3). */
  stableCount?: number;
  /** protocol 'regex': a pattern with a named group `weight` and optional `unit`, matched per line. */
  pattern?: string;
  /** Unit when the frame carries none (A9, or a pattern without `unit`); default kg. */
  unit?: 'kg' | 'g' | 't' | 'lb';
}

/** One weight from a scale, always in kg. */
export interface ScaleReading {
  weight: number;
  unit: 'kg';
  stable: boolean;
  /** The frame as received (control characters kept), for the operator and the log. */
  raw: string;
  /** Epoch milliseconds. */
  at: number;
}

export interface ScaleReadingEvent extends ScaleReading {
  path: string;
}

export interface DeviceErrorEvent {
  source: 'scale' | 'printer' | 'agent';
  /** Port path, printer name or agent address. */
  target: string;
  message: string;
  at: number;
}

export interface SerialPortSummary {
  path: string;
  manufacturer?: string;
  serialNumber?: string;
}

export interface PrintAgentInfo {
  url: string;
  running: boolean;
  error?: string;
}

/** Relay boards (issue 34): usual RS-485 rates, and the limits of the 设备设置 relay and fill fields. */
export const RELAY_BAUD_RATES = [2400, 4800, 9600, 19200, 38400, 57600, 115200] as const;
export const RELAY_LIMITS = {
  unitId: { min: 1, max: 247 },
  coil: { min: 0, max: 255 },
  /** The Waveshare flash value is 16-bit in 100 ms steps: 0x7FFF = 3276.7 s; 0 = no watchdog. */
  watchdogSeconds: { min: 0, max: 3276 },
  allowanceKg: { min: 0, max: 100 },
  silenceSeconds: { min: 0.1, max: 60 },
} as const;
/** A test pulse of the relay on 设备设置 (测试): what the board read back while on. */
export interface RelayTestResult {
  relay: string;
  readBack: boolean;
}

/** Default local print agent port (PRINT_AGENT_PORT overrides it). */
export const PRINT_AGENT_DEFAULT_PORT = 9527;

/** A small label that shows a printer works: Chinese, a barcode and a QR code (测试打印). */
export function testLabelJob(printer: string, stamp: string): LabelJob {
  return {
    printer,
    width: 60,
    height: 40,
    details: [
      { type: 'FONT', x: 0, y: 3, fontSize: 3, position: 'center', content: '测试打印 TEST' },
      { type: 'FONT', x: 4, y: 9, fontSize: 3, content: stamp },
      { type: 'BARCODE', x: 4, y: 15, size: 8, content: 'TEST-0001' },
      { type: 'QRCODE', x: 42, y: 15, size: 10, content: 'TEST-0001' },
    ],
  };
}
