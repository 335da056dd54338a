import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { validateXML } from 'xmllint-wasm';

/**
 * The conformance stand-in of a platform that collects XML files (FORMAT.md "File"): it reads the drop folder as a
 * platform's collector does, checks each new document's name against the naming rule and the access code, validates it
 * against the record schema (adapters/record.xsd, with libxml2's validator in WebAssembly), checks the record type in the
 * name matches the document, and writes a receipt of the same name into the receipt folder: accepted, or rejected with
 * the validator's words; pendingAudit when it audits, and later auditPassed / auditRejected.
 */
const XSD = resolve(__dirname, '../../../src/server/modules/regulator/adapters/record.xsd');
const TYPES: Record<string, string> = { '01': 'registration', '02': 'preFillCheck', '03': 'fill', '04': 'postFillCheck', '05': 'outbound', '06': 'periodicInspection' };

export interface Collected {
  name: string;
  xml: string;
  valid: boolean;
  result: string;
  message: string;
  recordId: string | null;
}

const receipt = (name: string, recordId: string | null, result: string, message: string) => `<?xml version="1.0" encoding="UTF-8"?>
<Receipt xmlns="urn:cylinder-trace:regulator:receipt:1">
  <fileName>${name}</fileName>
  <recordId>${recordId ?? ''}</recordId>
  <result>${result}</result>
  <message>${message.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</message>
</Receipt>
`;

export class FilePlatform {
  readonly collected: Collected[] = [];
  private readonly seen = new Set<string>();

  constructor(readonly folder: string, readonly accessCode: string, readonly options: { audit?: boolean } = {}) {}

  get receipts(): string {
    return join(this.folder, 'receipt');
  }

  /** One round of the collector: every new document judged and answered. */
  async collect(): Promise<Collected[]> {
    await mkdir(this.receipts, { recursive: true });
    const schema = await readFile(XSD, 'utf8');
    const fresh: Collected[] = [];
    for (const name of (await readdir(this.folder)).sort()) {
      if (!name.endsWith('.xml') || this.seen.has(name)) continue;
      this.seen.add(name);
      const xml = await readFile(join(this.folder, name), 'utf8');
      const m = new RegExp(`^${this.accessCode}(0[1-6])(\\d{14})(_\\d+)?\\.xml$`).exec(name);
      const recordId = /<recordId>([^<]*)<\/recordId>/.exec(xml)?.[1] ?? null;
      let problem: string | null = null;
      if (!m) problem = `文件名不符合命名规则：${name}`;
      else {
        const result = await validateXML({ xml: [{ fileName: name, contents: xml }], schema: [{ fileName: 'record.xsd', contents: schema }] });
        if (!result.valid) problem = `文档不符合格式：${result.errors.map((e) => e.message).join('；')}`;
        else if (!xml.includes(`<${TYPES[m[1]!]}>`)) problem = `文件名中的记录类型 ${m[1]} 与文档不符`;
        else if (!xml.includes(`<accessCode>${this.accessCode}</accessCode>`)) problem = '接入码与文件名不符';
      }
      const state = problem ? 'rejected' : this.options.audit ? 'pendingAudit' : 'accepted';
      const c: Collected = { name, xml, valid: !problem, result: state, message: problem ?? '成功', recordId };
      await writeFile(join(this.receipts, name), receipt(name, recordId, state, c.message));
      this.collected.push(c);
      fresh.push(c);
    }
    return fresh;
  }

  /** The auditor decides on a document collected earlier: its receipt is rewritten. */
  async decide(name: string, result: 'auditPassed' | 'auditRejected', message: string): Promise<void> {
    const c = this.collected.find((x) => x.name === name);
    await writeFile(join(this.receipts, name), receipt(name, c?.recordId ?? null, result, message));
  }
}
