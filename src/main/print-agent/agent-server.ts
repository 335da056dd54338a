import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LabelJob, PrinterConfig, PrintResult } from '../../shared/devices';
import { resolvePrinter } from '../devices/printing/address';
import { printLabelJob, type PrintContext } from '../devices/printing/print-job';
import { checkLabelJob } from './validate-job';
import type { DeviceStation } from '../devices/fill/device-station';
import { FillRequestError } from '../devices/fill/fill-controller';

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
  /**
   * The filling point's devices (issue 34): with it the agent is the station's device agent and also answers
   * GET /scale/latest, GET /fill/stations, POST /fill/start, GET /fill/state, POST /fill/cancel.
   */
  station?: () => DeviceStation | undefined;
}

export interface RunningAgent {
  port: number;
  url: string;
  close(): Promise<void>;
}

class BadRequest extends Error {}
const NO_BODY = Symbol('no body');

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

  /** The JSON body, or NO_BODY once a 400 was answered. */
  async function jsonBody(req: IncomingMessage, res: ServerResponse, notJson: string): Promise<unknown> {
    try {
      const raw = await readBody(req, limit);
      try {
        return JSON.parse(raw.toString('utf8'));
      } catch {
        throw new BadRequest(notJson);
      }
    } catch (err) {
      if (err instanceof BadRequest) {
        reply(res, 400, -1, err.message);
        return NO_BODY;
      }
      throw err;
    }
  }

  /** The filling point: live weight and the fill cycle (the same origin, host and body checks as printing). */
  async function handleDevices(req: IncomingMessage, res: ServerResponse, path: string, station: DeviceStation): Promise<void> {
    const query = new URL(req.url ?? '/', 'http://agent').searchParams;
    const fail = (err: unknown) => {
      const status = err instanceof FillRequestError && /^没有这次充装/.test(err.message) ? 404 : 400;
      reply(res, status, -1, (err as Error).message);
    };
    if (req.method === 'GET' && path === '/scale/latest') {
      const scale = query.get('path');
      if (!scale) return reply(res, 400, -1, '缺少参数 path（电子秤串口）');
      try {
        return reply(res, 200, 0, 'ok', station.latest(scale));
      } catch (err) {
        return fail(err);
      }
    }
    if (req.method === 'GET' && path === '/fill/stations') return reply(res, 200, 0, 'ok', station.fillStations());
    if (req.method === 'GET' && path === '/fill/state') {
      const fillId = query.get('fillId');
      if (!fillId) return reply(res, 400, -1, '缺少参数 fillId');
      try {
        return reply(res, 200, 0, 'ok', station.fills.state(fillId));
      } catch (err) {
        return fail(err);
      }
    }
    if (req.method === 'POST' && (path === '/fill/start' || path === '/fill/cancel')) {
      const body = await jsonBody(req, res, '充装请求不是合法的 JSON');
      if (body === NO_BODY) return;
      try {
        if (path === '/fill/start') return reply(res, 200, 0, 'ok', await station.fills.start(body));
        const { fillId, reason } = (body ?? {}) as { fillId?: unknown; reason?: unknown };
        if (typeof fillId !== 'string' || !fillId) return reply(res, 400, -1, '缺少 fillId');
        return reply(res, 200, 0, 'ok', station.fills.cancel(fillId, (reason ?? 'cancelled') as 'cancelled'));
      } catch (err) {
        return fail(err);
      }
    }
    return reply(res, 404, -1, '没有这个接口');
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const host = (req.headers.host ?? '').toLowerCase();
    if (host !== `${AGENT_HOST}:${port}` && host !== `localhost:${port}`) return reply(res, 421, -1, '请通过 127.0.0.1 访问打印代理');
    const origin = allowedOrigin(req);
    if (origin === false) return reply(res, 403, -1, '该来源不允许调用打印代理');
    if (origin) {
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Vary', 'Origin');
    }
    const path = (req.url ?? '/').split('?')[0] ?? '/';
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
    const station = options.station?.();
    if (req.method === 'GET' && (path === '/' || path === '/ping')) {
      return reply(res, 200, 0, 'ok', {
        name: 'print-agent',
        printers: options.printers().map((p) => p.name),
        ...(station ? { scales: station.scales.openPaths(), relays: station.relays.names() } : {}),
      });
    }
    const isDevicePath = path === '/scale/latest' || path.startsWith('/fill/');
    if (isDevicePath) {
      if (!station) return reply(res, 404, -1, '本机设备代理未配置电子秤和充装继电器');
      return handleDevices(req, res, path, station);
    }
    if (req.method !== 'POST' || (path !== '/label/print' && path !== '/tsc/print')) return reply(res, 404, -1, '没有这个接口');

    const body = await jsonBody(req, res, '打印任务不是合法的 JSON');
    if (body === NO_BODY) return;
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
