import { constants } from 'node:fs';
import { access, mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Type } from '@sinclair/typebox';
import { XMLBuilder, XMLParser } from 'fast-xml-parser';
import { FILE_TYPE_CODES } from '../regulator.fields';
import type { FieldValue, OutgoingRecord, PollOutcome, RegulatorAdapter, SendOutcome, Settings, Verdict } from './adapter';

/**
 * File drop: one XML document per record (adapters/record.xsd) written into a folder the platform collects from (a
 * local folder or a mounted share), named `{accessCode}{type}{yyyyMMddHHmmss}.xml` (type: regulator.fields.ts
 * FILE_TYPE_CODES); a second record of the same type in the same second gets `_2`, `_3`, … before `.xml`. Written to
 * a hidden temporary name and renamed, so the platform never reads half a document. The platform answers with a
 * receipt of the same name in the receipt folder (docs/REGULATOR.md "File adapter"), rewritten when an audit decides.
 */
export const RECORD_NS = 'urn:cylinder-trace:regulator:record:1';

const settingsSchema = Type.Object({
  folder: Type.String({ title: '投递目录', minLength: 1, maxLength: 500, pattern: '^[^\\u0000]*$' }),
  receiptFolder: Type.Optional(Type.String({ title: '回执目录', maxLength: 500, pattern: '^[^\\u0000]*$' })),
}, { additionalProperties: false });

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
/** Plant (server local) time as yyyyMMddHHmmss. */
export const stamp = (d: Date) => `${d.getFullYear()}${pad(d.getMonth() + 1)}${pad(d.getDate())}${pad(d.getHours())}${pad(d.getMinutes())}${pad(d.getSeconds())}`;
const sentAt = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;

const builder = new XMLBuilder({ format: true, suppressEmptyNode: false, ignoreAttributes: false, attributeNamePrefix: '@' });
const parser = new XMLParser({ ignoreAttributes: true, parseTagValue: false, trimValues: true, processEntities: true });

/** Only the elements with a value, in the format's order. */
const present = (fields: Record<string, FieldValue>) =>
  Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== null && v !== '').map(([k, v]) => [k, String(v)]));

export function recordDocument(record: OutgoingRecord): string {
  const head = { accessCode: record.accessCode, recordType: record.kind, recordId: record.recordId, sentAt: sentAt(record.now), ...present(record.head) };
  return `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build({ Record: { '@xmlns': RECORD_NS, head, [record.kind]: present(record.fields) } })}`;
}

const receiptFolder = (settings: Settings) => String(settings.receiptFolder || join(String(settings.folder), 'receipt'));

async function exists(path: string): Promise<boolean> {
  return access(path, constants.F_OK).then(() => true, () => false);
}

/** Writes `text` under the first free name of the rule; answers that name. */
async function drop(folder: string, base: string, text: string): Promise<string> {
  await mkdir(folder, { recursive: true });
  for (let n = 1; n < 1000; n++) {
    const name = n === 1 ? `${base}.xml` : `${base}_${n}.xml`;
    const target = join(folder, name);
    if (await exists(target)) continue;
    const tmp = join(folder, `.${name}.tmp`);
    // wx: a temporary file of the same name being written by another server process makes this one try the next name.
    const handle = await open(tmp, 'wx').catch((e: NodeJS.ErrnoException) => (e.code === 'EEXIST' ? null : Promise.reject(e)));
    if (!handle) continue;
    try {
      await handle.writeFile(text, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    if (await exists(target)) {
      await rm(tmp, { force: true });
      continue;
    }
    await rename(tmp, target);
    return name;
  }
  throw new Error(`投递目录中 ${base} 的文件名已用尽`);
}

const RESULTS = new Set(['accepted', 'rejected', 'pendingAudit', 'auditPassed', 'auditRejected']);

export const xmlFileAdapter: RegulatorAdapter = {
  id: 'xmlFile',
  name: 'XML 文件投递',
  nameEn: 'XML file drop',
  description: '每条记录一个 XML 文件，按 {接入码}{类型}{yyyyMMddHHmmss}.xml 命名写入投递目录，平台在回执目录答复',
  fields: [
    { key: 'folder', label: '投递目录', labelEn: 'Drop folder', kind: 'folder', required: true, help: '平台取件的目录（本机目录或已挂载的共享目录）' },
    { key: 'receiptFolder', label: '回执目录', labelEn: 'Receipt folder', kind: 'folder', required: false, help: '默认为投递目录下的 receipt' },
  ],
  settingsSchema,

  async send(record: OutgoingRecord, settings: Settings): Promise<SendOutcome> {
    const message = recordDocument(record);
    try {
      const name = await drop(String(settings.folder), `${record.accessCode}${FILE_TYPE_CODES[record.kind]}${stamp(record.now)}`, message);
      return { outcome: 'sent', platformId: name, words: null, status: null, message };
    } catch (error) {
      return { outcome: 'failed', error: `无法写入投递目录：${(error as Error).message}`, status: null, message };
    }
  },

  async poll(pending, settings): Promise<PollOutcome> {
    const verdicts: Verdict[] = [];
    let problem: string | undefined;
    for (const p of pending) {
      if (!p.platformId) continue;
      let text: string;
      try {
        text = await readFile(join(receiptFolder(settings), p.platformId), 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
        return { error: `无法读取回执目录：${(error as Error).message}` };
      }
      let receipt: Record<string, unknown> | undefined;
      try {
        receipt = (parser.parse(text) as { Receipt?: Record<string, unknown> }).Receipt;
      } catch {
        receipt = undefined;
      }
      const result = typeof receipt?.result === 'string' ? receipt.result : '';
      if (!receipt || !RESULTS.has(result)) {
        // Not the format's: nothing is decided on it (the record waits for a proper receipt); the connection shows why.
        problem ??= `回执 ${p.platformId} 不是约定的 XML：${text.slice(0, 200)}`;
        continue;
      }
      const words = typeof receipt.message === 'string' && receipt.message ? receipt.message.slice(0, 1000) : null;
      verdicts.push({ recordId: p.recordId, state: result as Verdict['state'], words });
    }
    return { verdicts, problem };
  },
};
