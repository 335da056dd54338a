import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../../src/server/config';
import { buildTestApp, type TestApp } from './app-helper';

/**
 * Issue 31 item 10: 5 000 unauthenticated connections trickling a body stayed open 60 s, 2 000 authenticated ones
 * 330 s. Real sockets against a listening server: a trickled request is cut at the request timeout, one answered
 * before its body arrived is closed at once, and one address holds at most its share of connections.
 */

/** A server listening on 127.0.0.1 with `config`, for the tests of one describe block. */
function listening(config: Partial<AppConfig>) {
  const server = { port: 0, token: '' };
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await buildTestApp({ config });
    server.token = (await t.login()).token;
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    server.port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => { await t?.close(); });
  return server;
}

/** A connection from `from` (127.0.0.2 is another address of this machine's loopback). */
function open(port: number, from = '127.0.0.1'): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port, localAddress: from }, () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Everything the server sends until it closes the connection. */
function untilClosed(socket: Socket): Promise<string> {
  let received = '';
  socket.on('data', (chunk: Buffer) => { received += chunk.toString(); });
  return new Promise((resolve) => socket.once('close', () => resolve(received)));
}

/** Sends one request and reads one answer (headers and Content-Length bytes), leaving the connection open. */
function exchange(socket: Socket, request: string): Promise<{ status: number; body: { code: number; msg: string } }> {
  return new Promise((resolve, reject) => {
    let received = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const text = received.toString();
      const end = text.indexOf('\r\n\r\n');
      if (end < 0) return;
      const length = Number(/content-length: (\d+)/i.exec(text.slice(0, end))?.[1] ?? 0);
      const body = received.subarray(Buffer.byteLength(text.slice(0, end + 4)));
      if (body.length < length) return;
      socket.off('data', onData);
      resolve({ status: Number(text.slice(9, 12)), body: JSON.parse(body.subarray(0, length).toString()) });
    };
    socket.on('data', onData);
    socket.once('close', () => reject(new Error(`closed before an answer: ${received.toString()}`)));
    socket.write(request);
  });
}

const GET_UNKNOWN = 'GET /api/no-such-call HTTP/1.1\r\nHost: plant\r\n\r\n';
const statusOf = (answer: string) => Number(answer.slice(9, 12));
const bodyOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));

/** Headers of a JSON POST announcing `length` bytes, then its first bytes; the rest is trickled by `trickle`. */
function startPost(socket: Socket, path: string, length: number, token?: string): void {
  socket.write(`POST ${path} HTTP/1.1\r\nHost: plant\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n`
    + `${token ? `Authorization: Bearer ${token}\r\n` : ''}\r\n{"waiting":`);
}

/** One more byte of body every 50 ms, for as long as the connection is open. */
function trickle(socket: Socket): void {
  const timer = setInterval(() => {
    if (socket.destroyed || !socket.writable) return clearInterval(timer);
    socket.write(' ');
  }, 50);
  socket.once('close', () => clearInterval(timer));
}

describe('with a 1 s request timeout and 3 connections per address', () => {
  const server = listening({ requestTimeoutSeconds: 1, maxConnectionsPerAddress: 3 });

  it('cuts a trickled request at the timeout with 408 in the envelope, even from a signed-in user', { timeout: 20_000 }, async () => {
    const socket = await open(server.port);
    const answer = untilClosed(socket);
    startPost(socket, '/api/offline/queueReport', 10_000, server.token);
    trickle(socket);
    const text = await answer;
    expect(statusOf(text)).toBe(408);
    expect(bodyOf(text)).toEqual({ code: -1, msg: '请求超时：请求未在规定时间内发送完毕', data: null });
  });

  it('sends no second answer when a request refused before its body arrived times out', { timeout: 20_000 }, async () => {
    const socket = await open(server.port);
    const answer = untilClosed(socket);
    startPost(socket, '/api/offline/queueReport', 10_000);
    trickle(socket);
    const text = await answer;
    expect(statusOf(text)).toBe(401);
    expect(text.match(/HTTP\/1\.1 /g)).toHaveLength(1);
  });

  it('refuses one connection more than the limit from one address in the envelope, while another address gets through', { timeout: 20_000 }, async () => {
    const held: Socket[] = [];
    for (let i = 0; i < 3; i++) {
      const socket = await open(server.port);
      // Answered: the server has counted it.
      expect((await exchange(socket, GET_UNKNOWN)).status).toBe(404);
      held.push(socket);
    }

    const over = await open(server.port);
    const refused = untilClosed(over);
    over.write(GET_UNKNOWN);
    const text = await refused;
    expect(statusOf(text)).toBe(429);
    expect(bodyOf(text)).toEqual({ code: -1, msg: '同一地址的同时连接过多（最多 3 个），请稍后重试', data: null });

    const other = await open(server.port, '127.0.0.2');
    expect(await exchange(other, GET_UNKNOWN)).toMatchObject({ status: 404, body: { code: 404 } });
    other.destroy();

    // A held connection closes: the address may open one again (once the server has seen the close).
    held.pop()!.destroy();
    let status = 429;
    for (let attempt = 0; attempt < 100 && status === 429; attempt++) {
      const again = await open(server.port);
      status = (await exchange(again, GET_UNKNOWN).catch(() => ({ status: 429 }))).status;
      again.destroy();
    }
    expect(status).toBe(404);
    for (const socket of held) socket.destroy();
  });
});

describe('with the default 120 s request timeout', () => {
  const server = listening({});

  it('closes a connection refused before its body arrived at once, instead of letting it trickle until the timeout', { timeout: 20_000 }, async () => {
    const socket = await open(server.port);
    const answer = untilClosed(socket);
    startPost(socket, '/api/offline/queueReport', 10_000);
    trickle(socket);
    const text = await answer;
    expect(statusOf(text)).toBe(401);
    expect(bodyOf(text)).toMatchObject({ code: 401 });
  });
});
