import { connect } from 'node:net';

/**
 * Raw TCP printing (port 9100, "JetDirect"): connect, write, half-close, wait until the printer
 * closes or the data is flushed. A refused connection and a printer that never answers give
 * messages the operator can act on.
 */
export interface TcpSendOptions {
  connectTimeoutMs?: number;
  writeTimeoutMs?: number;
}

export async function sendTcp(host: string, port: number, data: Buffer, options: TcpSendOptions = {}): Promise<void> {
  const connectTimeout = options.connectTimeoutMs ?? 5000;
  const writeTimeout = options.writeTimeoutMs ?? 15000;
  const where = `${host}:${port}`;
  await new Promise<void>((resolve, reject) => {
    const socket = connect({ host, port });
    let connected = false;
    let timer = setTimeout(() => fail(new Error(`打印机无响应（超时）：${where}`)), connectTimeout);
    function fail(err: Error): void {
      clearTimeout(timer);
      socket.destroy();
      reject(err);
    }
    socket.once('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ECONNREFUSED') fail(new Error(`打印机连接被拒绝：${where}`));
      else if (err.code === 'ETIMEDOUT' || err.code === 'EHOSTUNREACH') fail(new Error(`打印机无响应（超时）：${where}`));
      else fail(new Error(`打印机连接失败：${where}（${err.code ?? err.message}）`));
    });
    socket.once('connect', () => {
      connected = true;
      clearTimeout(timer);
      // A printer whose buffer is full stops reading: the write never drains and the timer fires.
      timer = setTimeout(() => fail(new Error(`打印机无响应（超时）：${where}`)), writeTimeout);
      socket.end(data, () => {
        clearTimeout(timer);
        socket.destroy();
        resolve();
      });
    });
    socket.once('close', () => {
      if (!connected) fail(new Error(`打印机连接失败：${where}`));
    });
  });
}
