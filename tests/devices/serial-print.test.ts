import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SerialPort } from 'serialport';
import { describe, expect, it } from 'vitest';
import { cylinderLabel } from '../../src/shared/label/cylinder-label.fixture';
import { printLabelJob } from '../../src/main/devices/printing/print-job';
import { buildTspl } from '../../src/main/devices/printing/tspl';
import { hasSocat, startSocatPair } from './socat-pair';

describe.skipIf(!hasSocat)('printing to a serial label printer (socat pair)', () => {
  it('delivers the TSPL bytes over serial://', { timeout: 15_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'serial-printer-'));
    const pair = await startSocatPair(join(dir, 'printer'), join(dir, 'app'));
    const printer = new SerialPort({ path: join(dir, 'printer'), baudRate: 9600, autoOpen: false });
    try {
      await new Promise<void>((resolve, reject) => printer.open((err) => (err ? reject(err) : resolve())));
      const chunks: Buffer[] = [];
      printer.on('data', (c: Buffer) => chunks.push(c));
      const job = cylinderLabel({ printer: `serial://${join(dir, 'app')}?baud=9600&lang=tspl` });
      await printLabelJob(job, { printers: [] });
      const expected = buildTspl(job);
      const deadline = Date.now() + 5000;
      while (Buffer.concat(chunks).length < expected.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(Buffer.concat(chunks).equals(expected)).toBe(true);
    } finally {
      if (printer.isOpen) await new Promise<void>((r) => printer.close(() => r()));
      await pair.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
