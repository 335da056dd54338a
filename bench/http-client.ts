import { Agent, request } from 'node:http';

/** The API's answer envelope. */
export interface Envelope<T = unknown> { code: number; msg?: string; data: T }

/** A keep-alive JSON client for the benches: POSTs as a station does, to a server on 127.0.0.1. */
export class Client {
  private readonly agent: Agent;

  constructor(private readonly port: number, private readonly headers: Record<string, string> = {}, maxSockets = 20) {
    this.agent = new Agent({ keepAlive: true, maxSockets });
  }

  post<T>(path: string, body: unknown): Promise<{ status: number; body: Envelope<T> }> {
    const payload = JSON.stringify(body);
    return new Promise((done, fail) => {
      const req = request({
        host: '127.0.0.1', port: this.port, path, method: 'POST', agent: this.agent,
        headers: { ...this.headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          try {
            done({ status: res.statusCode ?? 0, body: JSON.parse(text) as Envelope<T> });
          } catch {
            fail(new Error(`${path}: HTTP ${res.statusCode} ${text.slice(0, 200)}`));
          }
        });
        res.on('error', fail);
      });
      req.on('error', fail);
      req.end(payload);
    });
  }

  close() {
    this.agent.destroy();
  }
}

/** The answer's data, or an error naming the call and the cylinder when it was not HTTP 200 with code 0. */
export function expectOk<T>(what: string, code: string, res: { status: number; body: Envelope<T> }): T {
  if (res.status !== 200 || res.body.code !== 0) throw new Error(`${what} ${code}: HTTP ${res.status} ${res.body.msg ?? JSON.stringify(res.body)}`);
  return res.body.data;
}
