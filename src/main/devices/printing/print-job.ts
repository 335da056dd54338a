import { testLabelJob, type LabelJob, type PrinterConfig, type PrinterLang, type PrintResult } from '../../../shared/devices';
import { sendToQueue } from '../transports/os-queue';
import { sendSerial } from '../transports/serial';
import { sendTcp, type TcpSendOptions } from '../transports/tcp';
import { resolvePrinter, splitHostPort } from './address';
import { buildEscposLabel } from './escpos';
import { buildTspl } from './tspl';
import { buildZpl } from './zpl';

/** The label job in the printer's language; the printer's dpi applies unless the job names one. */
export function renderLabel(job: LabelJob, printer: Pick<PrinterConfig, 'lang' | 'dpi'>): Buffer {
  const withDpi: LabelJob = { ...job, dpi: job.dpi ?? printer.dpi };
  if (printer.lang === 'zpl') return buildZpl(withDpi);
  if (printer.lang === 'escpos') return buildEscposLabel(withDpi);
  return buildTspl(withDpi);
}

export interface SendOptions extends TcpSendOptions {
  timeoutMs?: number;
}

export async function sendToPrinter(printer: PrinterConfig, data: Buffer, options: SendOptions = {}): Promise<void> {
  if (printer.transport === 'tcp') {
    const { host, port } = splitHostPort(printer.address, printer.name);
    await sendTcp(host, port, data, options);
  } else if (printer.transport === 'serial') {
    await sendSerial(printer.address, printer.baudRate ?? 9600, data, options.timeoutMs);
  } else {
    await sendToQueue(printer.address, data, { timeoutMs: options.timeoutMs });
  }
}

export interface PrintContext {
  printers: PrinterConfig[];
  /** Language for an address without ?lang= (the agent's /tsc/print means TSPL). */
  fallbackLang?: PrinterLang;
  send?: SendOptions;
}

export async function printLabelJob(job: LabelJob, ctx: PrintContext): Promise<PrintResult> {
  const printer = resolvePrinter(job.printer, ctx.printers, ctx.fallbackLang);
  const data = renderLabel(job, printer);
  await sendToPrinter(printer, data, ctx.send);
  return { printer: printer.name, bytes: data.length };
}

/** The test page (测试打印) with the time it was printed. */
export function testPageJob(printer: string, now = new Date()): LabelJob {
  return testLabelJob(printer, now.toISOString().slice(0, 19).replace('T', ' '));
}
