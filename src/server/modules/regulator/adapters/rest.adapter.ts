import { createHmac, randomBytes } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { FieldValue, PollOutcome, RegulatorAdapter, SendOutcome, Settings, Verdict } from './adapter';
import { postJson } from './http';

/**
 * REST: one signed JSON request per record (docs/REGULATOR.md "REST adapter"), the pattern of the city platforms'
 * HTTP interfaces: app key + timestamp + nonce + a signature over the sorted fields.
 *
 *   POST {baseUrl}/records/{recordType}
 *   {"appKey", "timestamp" (ms), "nonce", "accessCode", "recordType", "recordId", "data": {…fields}, "sign"}
 *   sign = upper(hex(HMAC-SHA256(appSecret, "accessCode=…&appKey=…&data=<canonical JSON>&nonce=…&recordId=…&recordType=…&timestamp=…")))
 *
 * Canonical JSON: object keys sorted by code point, no spaces; strings and numbers as JSON writes them.
 * Answer: {"code": "0", "msg", "data": {"platformId", "status": "accepted" | "pendingAudit"}}; any other code: rejected,
 * with msg as the platform's words. Verdicts: POST {baseUrl}/records/status {appKey, timestamp, nonce, accessCode,
 * recordIds: [...], sign} → {"code": "0", "data": [{"recordId", "status", "msg"}]}.
 */

/** JSON with object keys sorted (the signature's form of a value). */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The string signed: every field but sign, sorted by name, `name=value` joined by &, objects and arrays as canonical JSON. */
export function stringToSign(body: Record<string, unknown>): string {
  return Object.keys(body).filter((k) => k !== 'sign').sort()
    .map((k) => `${k}=${typeof body[k] === 'object' && body[k] !== null ? canonicalJson(body[k]) : String(body[k])}`).join('&');
}

export const sign = (body: Record<string, unknown>, secret: string): string =>
  createHmac('sha256', secret).update(stringToSign(body), 'utf8').digest('hex').toUpperCase();

const settingsSchema = Type.Object({
  baseUrl: Type.String({ title: '平台地址', minLength: 8, maxLength: 500, pattern: '^[Hh][Tt][Tt][Pp][Ss]?://[^\\s\\u0000]+$' }),
  appKey: Type.String({ title: 'AppKey', minLength: 1, maxLength: 128, pattern: '^[^\\u0000]*$' }),
  appSecret: Type.String({ title: 'AppSecret', minLength: 1, maxLength: 256, pattern: '^[^\\u0000]*$' }),
  timeoutSeconds: Type.Integer({ title: '超时（秒）', minimum: 1, maximum: 120, default: 10 }),
}, { additionalProperties: false });

function envelope(settings: Settings, accessCode: string, rest: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = {
    appKey: String(settings.appKey), timestamp: String(Date.now()), nonce: randomBytes(8).toString('hex'), accessCode, ...rest,
  };
  body.sign = sign(body, String(settings.appSecret));
  return body;
}

const url = (settings: Settings, path: string) => `${String(settings.baseUrl).replace(/\/+$/, '')}${path}`;
const timeout = (settings: Settings) => Number(settings.timeoutSeconds ?? 10) * 1000;

/** The platform's answer read: its JSON object, or why it is not one. */
function readAnswer(status: number | null, body: string | null): { json: Record<string, unknown> } | { error: string } {
  if (status !== null && (status < 200 || status >= 300)) return { error: `平台答复 HTTP ${status}${body ? `：${body.slice(0, 200)}` : ''}` };
  try {
    const json: unknown = JSON.parse(body ?? '');
    if (json && typeof json === 'object' && !Array.isArray(json) && 'code' in json) return { json: json };
  } catch {
    // below
  }
  return { error: `平台答复不是约定的 JSON：${(body ?? '').slice(0, 200) || '（空）'}` };
}

const words = (json: Record<string, unknown>): string | null => (typeof json.msg === 'string' && json.msg ? json.msg.slice(0, 1000) : null);
const ok = (json: Record<string, unknown>) => String(json.code) === '0';

export const restAdapter: RegulatorAdapter = {
  id: 'rest',
  name: 'REST 接口（签名 JSON）',
  nameEn: 'REST (signed JSON)',
  description: '每条记录一次 HTTPS 请求：AppKey + 时间戳 + 随机串，按字段名排序后以 HMAC-SHA256 签名',
  fields: [
    { key: 'baseUrl', label: '平台地址', labelEn: 'Platform URL', kind: 'url', required: true, help: '如 https://platform.example.gov.cn/api/v1' },
    { key: 'appKey', label: 'AppKey', labelEn: 'App key', kind: 'text', required: true, help: null },
    { key: 'appSecret', label: 'AppSecret', labelEn: 'App secret', kind: 'secret', required: true, help: '加密保存，不再显示' },
    { key: 'timeoutSeconds', label: '超时（秒）', labelEn: 'Timeout (s)', kind: 'number', required: false, help: '默认 10 秒' },
  ],
  settingsSchema,

  async send(record, settings): Promise<SendOutcome> {
    const data: Record<string, FieldValue> = { ...record.head, ...record.fields };
    const body = envelope(settings, record.accessCode, { recordType: record.kind, recordId: record.recordId, data });
    const message = JSON.stringify(body);
    const answer = await postJson(url(settings, `/records/${record.kind}`), message, timeout(settings));
    if (answer.error) return { outcome: 'failed', error: answer.error, status: answer.status, message };
    const read = readAnswer(answer.status, answer.body);
    if ('error' in read) return { outcome: 'failed', error: read.error, status: answer.status, message };
    const data_ = (read.json.data ?? {}) as Record<string, unknown>;
    const platformId = typeof data_.platformId === 'string' ? data_.platformId.slice(0, 64) : null;
    if (!ok(read.json)) return { outcome: 'rejected', words: words(read.json) ?? `平台拒收（代码 ${String(read.json.code)}）`, platformId, status: answer.status, message };
    return { outcome: data_.status === 'pendingAudit' ? 'pendingAudit' : 'accepted', platformId, words: words(read.json), status: answer.status, message };
  },

  async poll(pending, settings, accessCode): Promise<PollOutcome> {
    const body = envelope(settings, accessCode, { recordIds: pending.map((p) => p.recordId) });
    const answer = await postJson(url(settings, '/records/status'), JSON.stringify(body), timeout(settings));
    if (answer.error) return { error: answer.error };
    const read = readAnswer(answer.status, answer.body);
    if ('error' in read) return { error: read.error };
    if (!ok(read.json) || !Array.isArray(read.json.data)) return { error: `平台未答复审核状态：${words(read.json) ?? String(read.json.code)}` };
    const states = new Set(['accepted', 'rejected', 'pendingAudit', 'auditPassed', 'auditRejected']);
    const verdicts: Verdict[] = [];
    for (const item of read.json.data as unknown[]) {
      const v = item as Record<string, unknown>;
      if (typeof v.recordId !== 'string' || typeof v.status !== 'string' || !states.has(v.status)) continue;
      verdicts.push({ recordId: v.recordId, state: v.status as Verdict['state'], words: typeof v.msg === 'string' && v.msg ? v.msg.slice(0, 1000) : null });
    }
    return { verdicts };
  },
};
