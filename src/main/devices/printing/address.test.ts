import { describe, expect, it } from 'vitest';
import type { PrinterConfig } from '../../../shared/devices';
import { parsePrinterAddress, resolvePrinter } from './address';

describe('printer addresses', () => {
  it('reads tcp addresses with the default raw port 9100 and the language', () => {
    expect(parsePrinterAddress('tcp://10.0.0.5:9100?lang=zpl')).toEqual({
      name: 'tcp://10.0.0.5:9100?lang=zpl',
      lang: 'zpl',
      transport: 'tcp',
      address: '10.0.0.5:9100',
      dpi: 203,
    });
    expect(parsePrinterAddress('tcp://printer.local').address).toBe('printer.local:9100');
    expect(parsePrinterAddress('tcp://printer.local').lang).toBe('tspl');
    expect(parsePrinterAddress('tcp://h?lang=escpos&dpi=300')).toMatchObject({ lang: 'escpos', dpi: 300 });
  });

  it('reads serial and CUPS addresses', () => {
    expect(parsePrinterAddress('serial:///dev/ttyUSB0?baud=9600&lang=tspl')).toMatchObject({
      transport: 'serial',
      address: '/dev/ttyUSB0',
      baudRate: 9600,
      lang: 'tspl',
    });
    expect(parsePrinterAddress('serial://COM3?baud=115200').address).toBe('COM3');
    expect(parsePrinterAddress('cups://Zebra_GK420?lang=zpl')).toMatchObject({ transport: 'cups', address: 'Zebra_GK420' });
  });

  it('refuses unknown schemes, languages and ports with the reason', () => {
    expect(() => parsePrinterAddress('http://x')).toThrow('打印机地址无效');
    expect(() => parsePrinterAddress('tcp://x?lang=pcl')).toThrow('不支持的打印语言 pcl');
    expect(() => parsePrinterAddress('tcp://x:70000')).toThrow('端口无效');
    expect(() => parsePrinterAddress('cups://')).toThrow('缺少');
  });

  it('prefers a printer configured by name and refuses an unknown name', () => {
    const configured: PrinterConfig[] = [{ name: '标签机', lang: 'zpl', transport: 'tcp', address: '10.0.0.9:9100', dpi: 300 }];
    expect(resolvePrinter('标签机', configured)).toBe(configured[0]);
    expect(() => resolvePrinter('别的', configured)).toThrow('未配置该打印机');
    expect(resolvePrinter('tcp://1.2.3.4', configured, 'zpl').lang).toBe('zpl');
  });
});
