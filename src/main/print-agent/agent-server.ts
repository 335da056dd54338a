import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LabelJob, PrinterConfig, PrintResult } from '../../shared/devices';
import { resolvePrinter } from '../devices/printing/address';
import { printLabelJob, type PrintContext } from '../devices/printing/print-job';
import { checkLabelJob } from './validate-job';

/**
 * The local print agent: HTTP on 127.0.0.1 only, so a browser on this PC can print through the
 * desktop app (or the standalone agent). SPEC section 6: /tsc/print and /label/print take no
 * Authorization header — instead only pages from the configured server origin may call it (CORS,
 * checked again on the POST itself), the Host header must name the loopback address (no DNS
 * rebinding), bodies are capped, and a job that fails validation is answered 400 before any byte
 * goes to a printer.
 */
export const AGENT_HOST = '127.0.0.1';
export const MAX_JOB_BYTES = 256 * 1024;

export interface PrintAgentOptions {
  port: number;
  /** Origins allowed to call from a browser, e.g. http://10.0.0.2:8080 (read on every request). */
  origins: () => string[];
  printers: () => PrinterConfig[];
  print?: (job: LabelJob, ctx: PrintContext) => Promise<PrintResult>;
  maxBodyBytes?: number;
  onError?: (message: string) => void;
}

export interface RunningAgent {
  port: number;
  url: string;
  close(): Promise<void>;
}

class BadRequest extends Error {}

function reply(res: ServerResponse, status: number, code: number, msg: string, data: unknown = null): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify({ code, msg, data }));
}

function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > limit) return reject(new BadRequest(`打印任务过大（超过 ${limit / 1024} KB）`));
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.removeAllListeners('data');
        req.resume();
        reject(new BadRequest(`打印任务过大（超过 ${limit / 1024} KB）`));
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

const normaliseOrigin = (o: string): string => o.trim().replace(/\/+$/, '').toLowerCase();

export async function startPrintAgent(options: PrintAgentOptions): Promise<RunningAgent> {
  const limit = options.maxBodyBytes ?? MAX_JOB_BYTES;
  const print = options.print ?? printLabelJob;
  let port = options.port;

  const allowedOrigin = (req: IncomingMessage): string | null | false => {
    const origin = req.headers.origin;
    if (!origin) return null; // not a browser page (curl, a local program): loopback is the boundary
    return options.origins().map(normaliseOrigin).includes(normaliseOrigin(origin)) ? origin : false;
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const host = (req.headers.host ?? '').toLowerCase();
    if (host !== `${AGENT_HOST}:${port}` && host !== `localhost:${port}`) return reply(res, 421, -1, '请通过 127.0.0.1 访问打印代理');
    const origin = allowedOrigin(req);
    if (origin === false) return reply(res, 403, -1, '该来源不允许调用打印代理');
    if (origin) {
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Vary', 'Origin');
    }
    const path = (req.url ?? '/').split('?')[0];
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
        'Access-Control-Allow-Headers': 'Content-Type',
        // Chrome asks before a public/private page may reach a loopback address.
        'Access-Control-Allow-Private-Network': 'true',
        'Access-Control-Max-Age': '600',
      });
      return void res.end();
    }
    if (req.method === 'GET' && (path === '/' || path === '/ping')) {
      return reply(res, 200, 0, 'ok', { name: 'print-agent', printers: options.printers().map((p) => p.name) });
    }
    if (req.method !== 'POST' || (path !== '/label/print' && path !== '/tsc/print')) return reply(res, 404, -1, '没有这个接口');

    let body: unknown;
    try {
      const raw = await readBody(req, limit);
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        throw new BadRequest('打印任务不是合法的 JSON');
      }
    } catch (err) {
      if (err instanceof BadRequest) return reply(res, 400, -1, err.message);
      throw err;
    }
    const checked = checkLabelJob(body);
    if (!checked.ok) return reply(res, 400, -1, checked.reason);
    const ctx: PrintContext = { printers: options.printers(), fallbackLang: 'tspl' };
    try {
      resolvePrinter(checked.job.printer, ctx.printers, ctx.fallbackLang);
    } catch (err) {
      return reply(res, 400, -1, (err as Error).message);
    }
    try {
      return reply(res, 200, 0, '打印成功', await print(checked.job, ctx));
    } catch (err) {
      options.onError?.((err as Error).message);
      return reply(res, 502, -1, (err as Error).message);
    }
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err: Error) => {
      options.onError?.(err.message);
      if (!res.headersSent) reply(res, 500, -1, err.message);
    });
  });
  server.requestTimeout = 30_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, AGENT_HOST, () => {
      server.off('error', reject);
      resolve();
    });
  });
  port = (server.address() as AddressInfo).port;
  return {
    port,
    url: `http://${AGENT_HOST}:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
