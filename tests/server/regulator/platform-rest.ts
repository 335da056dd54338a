import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The conformance stand-in of a city platform's REST interface (FORMAT.md "REST"), written from the format, not from
 * the adapter: it checks what a real platform checks — the app key, the timestamp window, a nonce used once, the
 * signature over the sorted fields, the access code, the record type, every required element, the code values it
 * publishes, the formats of dates and codes, and the order (a cylinder is registered before anything else of it is
 * taken) — and answers accepted, rejected (with its words) or pending audit, as configured.
 */

/** FORMAT.md "Elements": required elements per record type (a copy of the document's table, on purpose). */
const REQUIRED: Record<string, string[]> = {
  registration: ['cylinderCode', 'gasCode', 'cylinderTypeCode', 'statusCode', 'nextInspectionDate', 'propertyUnit', 'registeredAt'],
  preFillCheck: ['cylinderCode', 'gasCode', 'checkTime', 'checkerName', 'nextInspectionDate', 'checkResult', 'statusCode'],
  fill: ['cylinderCode', 'gasCode', 'fillEnd', 'fillerName', 'fillerCertNo', 'fillResult', 'statusCode'],
  postFillCheck: ['cylinderCode', 'gasCode', 'checkTime', 'checkerName', 'checkResult', 'statusCode'],
  outbound: ['cylinderCode', 'gasCode', 'orderNo', 'outTime', 'receiverName', 'handoverName', 'statusCode'],
  periodicInspection: ['cylinderCode', 'inspectionDate', 'inspectionResult', 'statusCode'],
};
const HEAD = ['creditCode', 'unitName', 'licenceNo', 'areaCode'];
/** FORMAT.md "Element names": the words a platform uses when one is missing. */
const WORDS: Record<string, string> = {
  fillerCertNo: '充装人员作业证编号', fillerName: '充装人员', gasCode: '充装介质代码', statusCode: '气瓶状态代码', cylinderTypeCode: '气瓶类型代码',
  creditCode: '统一社会信用代码', areaCode: '所在地区代码', licenceNo: '充装许可证编号', unitName: '充装单位名称',
};
const TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME_FIELDS = ['registeredAt', 'checkTime', 'fillStart', 'fillEnd', 'outTime'];
const DATE_FIELDS = ['manufactureDate', 'lastInspectionDate', 'nextInspectionDate', 'inspectionDate'];

export interface Received {
  recordType: string;
  recordId: string;
  body: Record<string, unknown>;
  data: Record<string, unknown>;
  answer: { code: string; msg: string; data?: unknown };
}

export interface PlatformOptions {
  appKey: string;
  appSecret: string;
  accessCode: string;
  /** The codes the platform publishes per table. */
  codes: { gas: string[]; cylinderType: string[]; status: string[] };
  /** Records taken go to audit (pendingAudit) instead of accepted. */
  audit?: boolean;
  /** A cylinder must be registered before its other records (the format's order rule); default true. */
  requireRegistration?: boolean;
}

const canonical = (v: unknown): string => {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') {
    const keys = Object.keys(v).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(v);
};

export class RestPlatform {
  readonly received: Received[] = [];
  /** recordId → state decided by the platform. */
  readonly states = new Map<string, { status: string; msg: string }>();
  readonly registered = new Set<string>();
  /** What the next requests meet: normal; slow (answer after delayMs); broken (an HTML error page, HTTP 200); down (HTTP 503). */
  mode: 'normal' | 'slow' | 'notJson' | 'down' = 'normal';
  delayMs = 0;
  statusQueries = 0;
  private readonly nonces = new Map<string, number>();
  private server: http.Server | null = null;

  constructor(readonly options: PlatformOptions) {}

  get url(): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}/api/v1`;
  }

  async start(): Promise<void> {
    this.server = http.createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The platform's auditor decides. */
  decide(recordId: string, status: 'auditPassed' | 'auditRejected', msg: string): void {
    this.states.set(recordId, { status, msg });
  }

  /** How many times a record id was received (accepted or not). */
  count(recordId: string): number {
    return this.received.filter((r) => r.recordId === recordId).length;
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    if (this.mode === 'slow') await new Promise((r) => setTimeout(r, this.delayMs));
    if (this.mode === 'down') {
      res.writeHead(503, { 'content-type': 'text/plain' }).end('Service Unavailable');
      return;
    }
    if (this.mode === 'notJson') {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>系统维护中</body></html>');
      return;
    }
    const reply = (answer: Received['answer']) => {
      if (!res.writableEnded) res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
      return answer;
    };
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
    } catch {
      reply({ code: '1001', msg: '请求不是 JSON' });
      return;
    }
    const problem = this.checkEnvelope(body);
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/api/v1/records/status') {
      this.statusQueries++;
      if (problem) return void reply({ code: '1002', msg: problem });
      const ids = Array.isArray(body.recordIds) ? body.recordIds as string[] : [];
      reply({ code: '0', msg: '成功', data: ids.map((id) => ({ recordId: id, status: this.states.get(id)?.status ?? 'unknown', msg: this.states.get(id)?.msg ?? '' })) });
      return;
    }
    const m = /^\/api\/v1\/records\/([A-Za-z]+)$/.exec(path);
    const recordType = m?.[1] ?? '';
    const data = (body.data ?? {}) as Record<string, unknown>;
    const recordId = typeof body.recordId === 'string' ? body.recordId : '';
    const answer = problem ? { code: '1002', msg: problem } : this.judge(recordType, body, data);
    this.received.push({ recordType, recordId, body, data, answer });
    reply(answer);
  }

  /** FORMAT.md "Signature" and "Envelope". */
  private checkEnvelope(body: Record<string, unknown>): string | null {
    if (body.appKey !== this.options.appKey) return 'AppKey 无效';
    const ts = Number(body.timestamp);
    if (!Number.isFinite(ts) || Math.abs(Date.now() - ts) > 5 * 60_000) return '时间戳超出允许范围';
    const nonce = String(body.nonce ?? '');
    if (!/^[0-9a-f]{16}$/.test(nonce)) return '随机串格式错误';
    if (this.nonces.has(nonce)) return '随机串重复（重放请求）';
    this.nonces.set(nonce, ts);
    const text = Object.keys(body).filter((k) => k !== 'sign').sort()
      .map((k) => `${k}=${typeof body[k] === 'object' && body[k] !== null ? canonical(body[k]) : String(body[k])}`).join('&');
    const expected = createHmac('sha256', this.options.appSecret).update(text, 'utf8').digest('hex').toUpperCase();
    if (body.sign !== expected) return '签名错误';
    if (body.accessCode !== this.options.accessCode) return '接入码无效';
    return null;
  }

  private judge(recordType: string, body: Record<string, unknown>, data: Record<string, unknown>): Received['answer'] {
    if (!REQUIRED[recordType]) return { code: '1003', msg: `不支持的记录类型：${recordType}` };
    if (body.recordType !== recordType) return { code: '1003', msg: '记录类型与地址不符' };
    if (typeof body.recordId !== 'string' || !/^[A-Za-z0-9_.-]{1,32}$/.test(body.recordId)) return { code: '1004', msg: '记录编号格式错误' };
    const empty = (k: string) => data[k] === undefined || data[k] === null || data[k] === '';
    for (const k of [...HEAD, ...REQUIRED[recordType]]) if (empty(k)) return { code: '2001', msg: `${WORDS[k] ?? k}不能为空` };
    if (!/^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/.test(String(data.creditCode))) return { code: '2002', msg: '统一社会信用代码格式错误' };
    if (!/^\d{6}$/.test(String(data.areaCode))) return { code: '2002', msg: '所在地区代码格式错误' };
    for (const k of TIME_FIELDS) if (!empty(k) && !TIME.test(String(data[k]))) return { code: '2002', msg: `${k} 时间格式错误` };
    for (const k of DATE_FIELDS) if (!empty(k) && !DATE.test(String(data[k]))) return { code: '2002', msg: `${k} 日期格式错误` };
    const { codes } = this.options;
    if (!empty('gasCode') && !codes.gas.includes(String(data.gasCode))) return { code: '2003', msg: `充装介质代码不存在：${String(data.gasCode)}` };
    if (!empty('cylinderTypeCode') && !codes.cylinderType.includes(String(data.cylinderTypeCode))) return { code: '2003', msg: `气瓶类型代码不存在：${String(data.cylinderTypeCode)}` };
    if (!codes.status.includes(String(data.statusCode))) return { code: '2003', msg: `气瓶状态代码不存在：${String(data.statusCode)}` };
    const cylinder = String(data.cylinderCode);
    if (recordType === 'registration') this.registered.add(cylinder);
    else if (this.options.requireRegistration !== false && !this.registered.has(cylinder)) return { code: '3001', msg: `气瓶 ${cylinder} 未在平台登记` };
    const recordId = String(body.recordId);
    const status = this.options.audit ? 'pendingAudit' : 'accepted';
    this.states.set(recordId, { status, msg: '' });
    return { code: '0', msg: '成功', data: { platformId: `P${this.received.length + 1}`, status } };
  }
}
