import { createServer, type Server, type Socket } from 'node:net';

/** A raw-TCP "printer" on 127.0.0.1 that records what each connection sent. */
export interface TcpPrinter {
  port: number;
  jobs: Buffer[];
  /** Resolves with the next complete job (the connection closed). */
  nextJob(): Promise<Buffer>;
  close(): Promise<void>;
}

export async function startTcpPrinter(onConnect?: (socket: Socket) => void): Promise<TcpPrinter> {
  const jobs: Buffer[] = [];
  const waiters: ((job: Buffer) => void)[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    if (onConnect) return onConnect(socket);
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('end', () => {
      const job = Buffer.concat(chunks);
      jobs.push(job);
      waiters.shift()?.(job);
      socket.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    port: address.port,
    jobs,
    nextJob: () => new Promise((resolve) => waiters.push(resolve)),
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
