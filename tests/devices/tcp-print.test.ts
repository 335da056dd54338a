import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { cylinderLabel } from '../../src/shared/label/cylinder-label.fixture';
import { printLabelJob } from '../../src/main/devices/printing/print-job';
import { buildTspl } from '../../src/main/devices/printing/tspl';
import { buildZpl } from '../../src/main/devices/printing/zpl';
import { sendTcp } from '../../src/main/devices/transports/tcp';
import { startTcpPrinter, type TcpPrinter } from './tcp-listener';

let printer: TcpPrinter | undefined;
afterEach(async () => {
  await printer?.close();
  printer = undefined;
});

describe('printing a label job over raw TCP', () => {
  it('delivers exactly the TSPL bytes to the printer, Chinese in GBK', async () => {
    printer = await startTcpPrinter();
    const job = cylinderLabel({ printer: `tcp://127.0.0.1:${printer.port}?lang=tspl` });
    const received = printer.nextJob();
    const result = await printLabelJob(job, { printers: [] });
    const bytes = await received;
    expect(bytes.equals(buildTspl(job))).toBe(true);
    expect(result.bytes).toBe(bytes.length);
    expect(bytes.includes(Buffer.from('c6f8c6bf', 'hex'))).toBe(true);
  });

  it('uses a configured printer by name with its language and dpi', async () => {
    printer = await startTcpPrinter();
    const received = printer.nextJob();
    await printLabelJob(cylinderLabel({ printer: '灌装标签机' }), {
      printers: [{ name: '灌装标签机', lang: 'zpl', transport: 'tcp', address: `127.0.0.1:${printer.port}`, dpi: 300 }],
    });
    const bytes = await received;
    expect(bytes.equals(buildZpl(cylinderLabel({ dpi: 300 })))).toBe(true);
    expect(bytes.toString()).toContain('^PW709');
  });

  it('says the connection was refused, naming host and port', async () => {
    const closed = await startTcpPrinter();
    const port = closed.port;
    await closed.close();
    await expect(sendTcp('127.0.0.1', port, Buffer.from('x'))).rejects.toThrow(`打印机连接被拒绝：127.0.0.1:${port}`);
  });

  it('says the printer does not answer when it stops reading', async () => {
    printer = await startTcpPrinter((socket) => socket.pause());
    const big = Buffer.alloc(64 * 1024 * 1024, 0x41);
    await expect(sendTcp('127.0.0.1', printer.port, big, { writeTimeoutMs: 300 })).rejects.toThrow(
      `打印机无响应（超时）：127.0.0.1:${printer.port}`,
    );
  });

  it('says the printer does not answer when the connection is never accepted', async () => {
    // A listener that never accepts, with its queue already full: the kernel drops further SYNs, as a
    // printer that is switched off behind a switch would (Node always accepts, so Python holds it).
    const py = spawn('python3', ['-c', "import socket,time\ns=socket.socket()\ns.bind(('127.0.0.1',0))\ns.listen(0)\nprint(s.getsockname()[1],flush=True)\ntime.sleep(20)"]);
    try {
      const port = await new Promise<number>((resolve, reject) => {
        py.once('error', reject);
        py.stdout.once('data', (d: Buffer) => resolve(Number(String(d).trim())));
      });
      const filler = connect({ host: '127.0.0.1', port });
      await new Promise((r) => filler.once('connect', r));
      await expect(sendTcp('127.0.0.1', port, Buffer.from('x'), { connectTimeoutMs: 300 })).rejects.toThrow(
        `打印机无响应（超时）：127.0.0.1:${port}`,
      );
      filler.destroy();
    } finally {
      py.kill();
    }
  });
});
