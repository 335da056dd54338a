import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SettingInfo, SettingRow } from '../../src/shared/api/setting';
import { saveUpload } from '../../src/server/modules/file';
import { CONVERSIONS_BUSY, docxToPdf, MAX_CONVERSIONS, MAX_WAITING_CONVERSIONS } from '../../src/server/modules/report/convert';
import { isolation } from '../../src/server/modules/report/sandbox';
import { TEMPLATE_LIMITS } from '../../src/server/modules/report/template-limits';
import { buildTestApp, type TestApp } from './app-helper';
import { docxOf, DOCUMENT_CLOSE, DOCUMENT_OPEN, field, IMAGE_REL, paragraph, picture, png, relationship } from './docx-craft';
import { upload } from './master-data-helper';
import { Plant } from './quality-helper';

/**
 * Hostile report templates (issue 31, items 6 and 7), built here: bounded before docxtemplater reads them, read in
 * a worker thread, converted in a bounded queue, and never letting LibreOffice reach the network or a file.
 */

let t: TestApp;
let admin: string;
const work = mkdtempSync(join(tmpdir(), 'hostile-templates-'));
const CODE = 'HT-N2-01';
const MB = 1024 * 1024;
const MODEST = 100 * MB;

beforeAll(async () => {
  t = await buildTestApp();
  admin = (await t.login()).token;
  const plant = new Plant(t, admin, 'H');
  await plant.setup();
  await plant.cylinder(CODE, 'n2');
}, 120_000);
afterAll(async () => {
  await t?.close();
  rmSync(work, { recursive: true, force: true });
});

const uploadTemplate = (file: Buffer, name = '模板.docx') =>
  upload<{ id: number; name: string; placeholders: string[] }>(t, '/api/document/upSysFile?dataSource=CYLINDER', admin, name, file);
const statusCount = () => t.call('GET', '/api/product/statusCount', { token: admin });

/** The largest growth of this process's resident memory while `work` runs (sampled, and the kernel's high-water mark). */
async function memoryGrowth(job: () => Promise<unknown>): Promise<number> {
  const before = process.memoryUsage.rss();
  const highWaterBefore = process.resourceUsage().maxRSS * 1024;
  let peak = before;
  const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage.rss()); }, 5);
  try {
    await job();
  } finally {
    clearInterval(sampler);
  }
  return Math.max(Math.max(peak, process.memoryUsage.rss()) - before, process.resourceUsage().maxRSS * 1024 - highWaterBefore);
}

/** `megabytes` MB of `unit` repeated, produced a megabyte at a time. */
function* repeated(unit: string, megabytes: number): Iterable<Buffer> {
  const chunk = Buffer.from(unit.repeat(Math.floor(MB / unit.length)));
  for (let i = 0; i < megabytes; i += 1) yield chunk;
}

const ELEMENTS = `模板内容过多（超过 ${TEMPLATE_LIMITS.elements} 个 XML 元素，约几十页），请精简后重新上传`;
const BYTES = '模板中的 word/document.xml 解压后超过 4 MB，请精简后重新上传';

describe('templates that inflate', { timeout: 120_000 }, () => {
  it('refuses 0.1 MB templates whose document inflates to 50 MB of <w:p/> or 600 MB of spaces, four at once, while the server answers', async () => {
    const paragraphs = await docxOf(function* () { yield DOCUMENT_OPEN; yield* repeated('<w:p/>', 50); yield DOCUMENT_CLOSE; });
    const spaces = await docxOf(function* () { yield DOCUMENT_OPEN; yield* repeated(' ', 600); yield DOCUMENT_CLOSE; });
    expect(paragraphs.length).toBeLessThan(0.2 * MB);
    expect(spaces.length).toBeLessThan(1.2 * MB);
    let answers: Array<Awaited<ReturnType<typeof uploadTemplate>>> = [];
    let cheap: Awaited<ReturnType<typeof statusCount>> | undefined;
    const growth = await memoryGrowth(async () => {
      const uploads = Promise.all([paragraphs, spaces, paragraphs, spaces].map((file) => uploadTemplate(file)));
      cheap = await statusCount();
      answers = await uploads;
    });
    // The paragraphs pass the bound of elements first, the spaces the bound of bytes.
    expect(answers.map((res) => res.body.msg)).toEqual([ELEMENTS, BYTES, ELEMENTS, BYTES]);
    expect(cheap!.body.code).toBe(0);
    expect(growth).toBeLessThan(MODEST);
  });

  it('refuses a template of 300,000 paragraphs (1.8 MB) by its number of elements', async () => {
    const file = await docxOf(function* () { yield DOCUMENT_OPEN; yield '<w:p/>'.repeat(300_000); yield DOCUMENT_CLOSE; });
    expect((await uploadTemplate(file)).body).toEqual({ code: -1, msg: ELEMENTS, data: null });
  });

  it('reads a template in a worker thread: cheap requests go on being answered while a large template is checked', { timeout: 120_000 }, async () => {
    // A quarter of the bound of elements, about 4 s of docxtemplater's work on the quiet machine: on the event loop
    // it would hold every request. The check's own time limit is lifted here: on a machine busy with other suites
    // a core is not always free for the worker, and that is not what this test is about (the next one is).
    const saved = process.env.REPORT_TEMPLATE_TIMEOUT_MS;
    process.env.REPORT_TEMPLATE_TIMEOUT_MS = '110000';
    try {
      const large = await docxOf(DOCUMENT_OPEN + paragraph('气瓶编号').repeat(TEMPLATE_LIMITS.elements / 12) + paragraph('{cylinder.code}') + DOCUMENT_CLOSE);
      let settled = false;
      const check = uploadTemplate(large, '大模板.docx').finally(() => { settled = true; });
      // A cheap call every 20 ms until the check is answered, leaving the second core to the worker: one per
      // 20-odd ms of the check here; with the check on the event loop, only the few around its start and end.
      let answered = 0;
      while (!settled) {
        expect((await statusCount()).body.code).toBe(0);
        answered += 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect((await check).body).toMatchObject({ code: 0, data: { placeholders: ['cylinder.code'] } });
      expect(answered).toBeGreaterThanOrEqual(30);
    } finally {
      if (saved === undefined) delete process.env.REPORT_TEMPLATE_TIMEOUT_MS;
      else process.env.REPORT_TEMPLATE_TIMEOUT_MS = saved;
    }
  });

  it('stops a template check that runs past its time limit, saying so', async () => {
    const saved = process.env.REPORT_TEMPLATE_TIMEOUT_MS;
    process.env.REPORT_TEMPLATE_TIMEOUT_MS = '20';
    try {
      const res = await uploadTemplate(await docxOf(DOCUMENT_OPEN + paragraph('{cylinder.code}') + DOCUMENT_CLOSE));
      expect(res.body).toEqual({ code: -1, msg: '处理报表模板超时（超过 0 秒），已终止：请检查模板是否过大或有误', data: null });
    } finally {
      if (saved === undefined) delete process.env.REPORT_TEMPLATE_TIMEOUT_MS;
      else process.env.REPORT_TEMPLATE_TIMEOUT_MS = saved;
    }
    expect((await uploadTemplate(await docxOf(DOCUMENT_OPEN + paragraph('{cylinder.code}') + DOCUMENT_CLOSE))).body.code).toBe(0);
  });

  it('queues at most two conversions running and eight waiting; one more is answered 系统繁忙 at once', async () => {
    const release = join(work, 'release');
    const soffice = join(work, 'slow-soffice');
    writeFileSync(soffice, `#!/bin/sh\nwhile [ ! -e ${release} ]; do sleep 0.05; done\nexit 1\n`, { mode: 0o755 });
    const saved = process.env.SOFFICE_PATH;
    process.env.SOFFICE_PATH = soffice;
    try {
      const docx = await docxOf(DOCUMENT_OPEN + paragraph('x') + DOCUMENT_CLOSE);
      const accepted = Array.from({ length: MAX_CONVERSIONS + MAX_WAITING_CONVERSIONS }, () => docxToPdf(docx).then(() => 'pdf', (e: Error) => e.message));
      await expect(docxToPdf(docx)).rejects.toThrow(CONVERSIONS_BUSY);
      writeFileSync(release, '');
      // The ten accepted ones ran (this stand-in fails each), none was refused as busy.
      expect(new Set(await Promise.all(accepted))).toEqual(new Set(['生成 PDF 失败：LibreOffice 无法转换该模板，请检查模板文件']));
    } finally {
      if (saved === undefined) delete process.env.SOFFICE_PATH;
      else process.env.SOFFICE_PATH = saved;
    }
  });
});

describe('templates that reach outside', { timeout: 180_000 }, () => {
  let listener: Server;
  let port = 0;
  const connections: string[] = [];
  // A picture of a size no template of the tests has: found in a PDF only if LibreOffice read the file.
  const secret = join(work, 'secret.png');
  const isSecret = (pdf: Buffer, name: string) => {
    const file = join(work, `${name}.pdf`);
    writeFileSync(file, pdf);
    return execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }).split('\n').slice(2).some((line) => /^\s*\d+\s+\d+\s+\w+\s+37\s+23\s/.test(line));
  };

  beforeAll(async () => {
    writeFileSync(secret, png(37, 23));
    listener = createServer((socket) => {
      connections.push(String(socket.remotePort));
      socket.end('HTTP/1.0 404 Not Found\r\n\r\n');
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    port = (listener.address() as AddressInfo).port;
  });
  afterAll(() => { listener?.close(); });

  const svg = () => '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="370" height="230">'
    + `<image xlink:href="file://${secret}" width="370" height="230"/><image xlink:href="http://127.0.0.1:${port}/svg.png" width="10" height="10"/></svg>`;
  /** Every way found to make LibreOffice fetch a URL or read a file while converting. */
  const hostile = () => docxOf(
    DOCUMENT_OPEN + paragraph('气瓶 {cylinder.code}') + picture('r:link', 'rIdHttp') + picture('r:link', 'rIdFile') + picture('r:embed', 'rIdSvg') + DOCUMENT_CLOSE,
    relationship('rIdHttp', IMAGE_REL, `http://127.0.0.1:${port}/linked.png`, true)
      + relationship('rIdFile', IMAGE_REL, `file://${secret}`, true)
      + relationship('rIdSvg', IMAGE_REL, 'media/drawing.svg'),
    { 'word/media/drawing.svg': svg() },
  );

  it('refuses at upload a linked picture (http and file:), an SVG drawing a file, an including field and an embedded document, naming them', async () => {
    const res = await uploadTemplate(await hostile());
    expect(res.body.code).toBe(-1);
    expect(res.body.msg).toContain('模板引用了文档以外的内容（打印时会访问网络或读取服务器上的文件），不能使用：');
    expect(res.body.msg).toContain(`外部图片 http://127.0.0.1:${port}/linked.png`);
    expect(res.body.msg).toContain(`外部图片 file://${secret}`);
    const others = [
      docxOf(DOCUMENT_OPEN + field(`INCLUDEPICTURE "file://${secret}"`) + DOCUMENT_CLOSE),
      docxOf(DOCUMENT_OPEN + '<w:altChunk r:id="rIdChunk"/>' + DOCUMENT_CLOSE, relationship('rIdChunk', 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/aFChunk', 'chunk.html'), { 'word/chunk.html': `<img src="file://${secret}">` }),
      docxOf(DOCUMENT_OPEN + picture('r:embed', 'rIdSvg') + DOCUMENT_CLOSE, relationship('rIdSvg', IMAGE_REL, 'media/drawing.svg'), { 'word/media/drawing.svg': svg() }),
    ];
    const [included, chunk, drawing] = await Promise.all(others.map(async (file) => (await uploadTemplate(await file)).body.msg));
    expect(included).toContain(`引用文件的字段 INCLUDEPICTURE "file://${secret}"`);
    expect(chunk).toContain('嵌入的其他文档（aFChunk）chunk.html');
    expect(drawing).toContain(`外部图片 file://${secret}`);
    // Hyperlinks to web pages are not fetched when converting: allowed.
    const link = await docxOf(DOCUMENT_OPEN + paragraph('{cylinder.code}') + DOCUMENT_CLOSE, relationship('rIdLink', 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink', 'https://example.com/', true));
    expect((await uploadTemplate(link)).body.code).toBe(0);
  });

  it('prints a template stored before the check without fetching its links or embedding the files they name', async () => {
    // Stored as a template of earlier versions was (or as a copy edited elsewhere): not through the upload check.
    const stored = await saveUpload(t.db, t.app.blobs, { source: Readable.from([await hostile()]), filename: '旧模板.docx', maxBytes: 10 * MB, userId: null, link: 'reportTemplate' });
    const saved = await t.call('POST', '/api/setting/save', { token: admin, body: {
      kind: 'REPORT', name: '旧模板', settingKey: 'HOSTILE_LINKS', dataSource: 'CYLINDER', isDefault: 1, content: { fileId: stored.id, fileName: stored.name },
    } });
    expect(saved.body.code).toBe(0);
    const res = await t.app.inject({ method: 'POST', url: '/api/report/printReprot', payload: { reportKey: 'HOSTILE_LINKS', code: CODE }, headers: { authorization: `Bearer ${admin}` } });
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(execFileSync('pdftotext', ['-', '-'], { input: res.rawPayload, encoding: 'utf8' })).toContain(`气瓶 ${CODE}`);
    expect(isSecret(res.rawPayload, 'stored')).toBe(false);
    expect(connections).toEqual([]);
    expect(decodeURIComponent(String(res.headers['x-document-message']))).toContain('模板引用了文档以外的内容，打印时已去除');
  });

  it('an edited template saved through the document server meets the same rules: refused, the version kept', async () => {
    const bytes = await hostile();
    const office = createHttpServer((_req, res) => res.end(bytes));
    await new Promise<void>((resolve) => office.listen(0, '127.0.0.1', resolve));
    process.env.ONLYOFFICE_URL = `http://127.0.0.1:${(office.address() as AddressInfo).port}`;
    try {
      const row = (await t.call<SettingRow[]>('POST', '/api/setting/list', { token: admin, body: { kind: 'REPORT', settingKey: 'QUALITY_CERTIFICATE' } })).body.data[0]!;
      const config = (await t.call<{ editorConfig: { callbackUrl: string } }>('GET', `/api/only/office/config?documentId=${row.id}&versionId=&isEdit=1`, { token: admin })).body.data;
      const callback = new URL(config.editorConfig.callbackUrl);
      const saved = await t.app.inject({ method: 'POST', url: callback.pathname + callback.search, payload: { key: 'k', status: 2, url: `${process.env.ONLYOFFICE_URL}/x.docx` } });
      expect(saved.json()).toMatchObject({ code: -1, error: 1 });
      const after = (await t.call<SettingInfo>('GET', `/api/setting/info/REPORT/${row.id}`, { token: admin })).body.data;
      expect(after.version).toBe(row.version);
    } finally {
      delete process.env.ONLYOFFICE_URL;
      office.close();
    }
  });

  it('converts in a network namespace of its own where the platform allows: a document with a link reaches nothing', async (context) => {
    const { prefix, description } = await isolation();
    if (!prefix.length) context.skip(`conversions here: ${description}`);
    // Straight to the converter, links left in: only the sandbox stands between them and the listener.
    const pdf = await docxToPdf(await docxOf(DOCUMENT_OPEN + paragraph('x') + picture('r:link', 'rIdHttp') + DOCUMENT_CLOSE,
      relationship('rIdHttp', IMAGE_REL, `http://127.0.0.1:${port}/sandbox.png`, true)));
    expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
    expect(connections).toEqual([]);
  });
});
