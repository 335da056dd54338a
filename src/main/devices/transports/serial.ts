import { SerialPort } from 'serialport';

/** Raw bytes to a serial printer (8N1): open, write, wait for the OS to drain, close. */
export async function sendSerial(path: string, baudRate: number, data: Buffer, timeoutMs = 15000): Promise<void> {
  const port = new SerialPort({ path, baudRate, dataBits: 8, parity: 'none', stopBits: 1, autoOpen: false });
  const step = (run: (done: (err: Error | null | undefined) => void) => void, what: string) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`串口打印机无响应（超时）：${path}`)), timeoutMs);
      run((err) => {
        clearTimeout(timer);
        if (err) reject(new Error(`串口打印机${what}失败：${path}（${err.message}）`));
        else resolve();
      });
    });
  await step((done) => port.open(done), '打开');
  try {
    await step((done) => port.write(data, (err) => (err ? done(err) : port.drain(done))), '写入');
  } finally {
    if (port.isOpen) await step((done) => port.close(done), '关闭').catch(() => undefined);
  }
}
