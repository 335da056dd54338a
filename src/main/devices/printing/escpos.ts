import { CharacterSet, PrinterTypes, ThermalPrinter } from 'node-thermal-printer';
import type { LabelJob } from '../../../shared/devices';
import { layoutLabel, printedItems } from '../../../shared/label/layout';

/**
 * ESC/POS receipts (the delivery slip) through node-thermal-printer, used only as a buffer builder:
 * its interface is a no-op object, our transports send the bytes. Chinese goes out in the China code
 * page (EUC-CN, i.e. GB2312), selected with ESC R 15 at the start.
 */
export interface DeliverySlip {
  title: string;
  /** Header lines such as order number, customer, date. */
  header?: string[];
  lines: { name: string; quantity: number | string }[];
  total: string;
  /** Printed as a QR code at the bottom (e.g. the order code), when given. */
  qr?: string;
}

const noDevice = { execute: async () => undefined, isPrinterConnected: async () => false };

function receiptPrinter(): ThermalPrinter {
  return new ThermalPrinter({
    type: PrinterTypes.EPSON,
    // An interface object is used as is (no file, no socket): we only want the buffer.
    interface: noDevice as unknown as string,
    characterSet: CharacterSet.CHINA,
    width: 32,
  });
}

export function buildDeliverySlip(slip: DeliverySlip): Buffer {
  const p = receiptPrinter();
  p.alignCenter();
  p.setTextDoubleHeight();
  p.bold(true);
  p.println(slip.title);
  p.bold(false);
  p.setTextNormal();
  p.alignLeft();
  for (const line of slip.header ?? []) p.println(line);
  p.drawLine();
  for (const line of slip.lines) p.leftRight(line.name, String(line.quantity));
  p.drawLine();
  p.bold(true);
  p.leftRight('合计', slip.total);
  p.bold(false);
  if (slip.qr) {
    p.alignCenter();
    p.printQR(slip.qr, { cellSize: 6, correction: 'M' });
  }
  p.newLine();
  p.cut();
  return p.getBuffer();
}

/** A label job on a receipt printer: texts as lines, barcodes as Code 128, QR codes centred. */
export function buildEscposLabel(job: LabelJob): Buffer {
  const label = layoutLabel(job);
  const p = receiptPrinter();
  for (let copy = 0; copy < label.printNum; copy++) {
    for (const item of printedItems(label).sort((a, b) => a.y - b.y || a.x - b.x)) {
      if (item.type === 'FONT') p.println(item.content);
      else if (item.type === 'BARCODE') p.code128(item.content, { height: Math.min(255, item.barHeight), text: 2 });
      else p.printQR(item.content, { cellSize: Math.min(8, Math.max(3, item.cell)), correction: item.errorLevel });
    }
    p.cut();
  }
  return p.getBuffer();
}
