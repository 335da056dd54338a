import { PRINTER_LANGS, type PrinterConfig, type PrinterLang } from '../../../shared/devices';

/**
 * A job's `printer`: the name of a printer configured on the workstation, or an address —
 *   tcp://10.0.0.5:9100?lang=zpl        raw TCP (port 9100 when omitted)
 *   serial:///dev/ttyUSB0?baud=9600&lang=tspl   or serial://COM3?baud=9600
 *   cups://QueueName?lang=zpl           the OS print queue in raw mode
 * lang is tspl, zpl or escpos (tspl when omitted); dpi may be given as ?dpi=300.
 */
export const DEFAULT_RAW_PORT = 9100;

export class PrinterAddressError extends Error {
  constructor(printer: string, reason: string) {
    super(`打印机地址无效（${printer}）：${reason}`);
    this.name = 'PrinterAddressError';
  }
}

function langOf(value: string | null, printer: string, fallback: PrinterLang): PrinterLang {
  if (value === null || value === '') return fallback;
  const lang = value.toLowerCase() as PrinterLang;
  if (!PRINTER_LANGS.includes(lang)) throw new PrinterAddressError(printer, `不支持的打印语言 ${value}`);
  return lang;
}

export function parsePrinterAddress(printer: string, fallbackLang: PrinterLang = 'tspl'): PrinterConfig {
  const match = /^(tcp|serial|cups):\/\/([^?]*)(?:\?(.*))?$/i.exec(printer.trim());
  if (!match) throw new PrinterAddressError(printer, '应为 tcp://、serial:// 或 cups:// 开头，或已配置的打印机名称');
  const transport = match[1]!.toLowerCase() as PrinterConfig['transport'];
  const target = decodeURIComponent(match[2]!);
  const query = new URLSearchParams(match[3] ?? '');
  const lang = langOf(query.get('lang'), printer, fallbackLang);
  const dpi = Number(query.get('dpi') ?? 203);
  if (!Number.isInteger(dpi) || dpi < 100 || dpi > 600) throw new PrinterAddressError(printer, 'dpi 应在 100–600 之间');
  if (!target) throw new PrinterAddressError(printer, '缺少主机、串口或队列名');
  const config: PrinterConfig = { name: printer, lang, transport, address: target, dpi };
  if (transport === 'tcp') {
    const { host, port } = splitHostPort(target, printer);
    config.address = `${host}:${port}`;
  }
  if (transport === 'serial') {
    const baud = Number(query.get('baud') ?? 9600);
    if (!Number.isInteger(baud) || baud <= 0) throw new PrinterAddressError(printer, '波特率无效');
    config.baudRate = baud;
  }
  return config;
}

export function splitHostPort(address: string, printer = address): { host: string; port: number } {
  const m = /^(\[[^\]]+\]|[^:/]+)(?::(\d+))?\/?$/.exec(address);
  if (!m) throw new PrinterAddressError(printer, '主机地址无效');
  const port = m[2] ? Number(m[2]) : DEFAULT_RAW_PORT;
  if (port < 1 || port > 65535) throw new PrinterAddressError(printer, '端口无效');
  return { host: m[1]!.replace(/^\[|\]$/g, ''), port };
}

/** A configured printer by name first, otherwise the job's string read as an address. */
export function resolvePrinter(printer: string, configured: PrinterConfig[], fallbackLang?: PrinterLang): PrinterConfig {
  const named = configured.find((p) => p.name === printer);
  if (named) return named;
  if (!/^\w+:\/\//.test(printer)) throw new PrinterAddressError(printer, '未配置该打印机');
  return parsePrinterAddress(printer, fallbackLang);
}
