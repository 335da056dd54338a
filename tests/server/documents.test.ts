import { randomUUID } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SettingInfo, SettingRow } from '../../src/shared/api/setting';
import { docxToPdf } from '../../src/server/modules/report/convert';
import { fillDocx } from '../../src/server/modules/report/docx';
import { docx, para } from '../../scripts/report-templates/build';
import { buildTestApp, createLimitedUser, type TestApp } from './app-helper';
import { upload } from './master-data-helper';
import { Plant } from './quality-helper';

let t: TestApp;
let admin: string;
let plant: Plant;
let orderId = 0;
const CODES = ['DOC-N2-01', 'DOC-N2-02', 'DOC-LPG-01'];
const LOT = 'L-DOC-01';
const work = mkdtempSync(join(tmpdir(), 'documents-test-'));

/** The text of a PDF as pdftotext reads it (layout kept, so table cells stay on their line). */
function pdfText(pdf: Buffer, name: string): string {
  const file = join(work, `${name}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

/** Page 1 of a PDF rendered in grey (a PGM, parsed): its pixels, 0 black … 255 white. */
function pageGrey(pdf: Buffer, name: string): Uint8Array {
  const file = join(work, `${name}.pdf`);
  writeFileSync(file, pdf);
  execFileSync('pdftoppm', ['-gray', '-r', '20', '-f', '1', '-l', '1', '-singlefile', file, join(work, name)]);
  const pgm = readFileSync(join(work, `${name}.pgm`));
  // P5\n<w> <h>\n255\n<bytes>: the pixels follow the third line break.
  let breaks = 0;
  let at = 0;
  while (breaks < 3) if (pgm[at++] === 0x0a) breaks += 1;
  return new Uint8Array(pgm.subarray(at));
}
const ink = (px: Uint8Array) => px.reduce((sum, v) => sum + (255 - v), 0);
const difference = (a: Uint8Array, b: Uint8Array) => a.reduce((sum, v, i) => sum + Math.abs(v - (b[i] ?? 255)), 0);

async function print(body: Record<string, unknown>, token = admin) {
  const res = await t.app.inject({ method: 'POST', url: '/api/report/printReprot', payload: body, headers: { authorization: `Bearer ${token}` } });
  return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload, json: () => res.json<{ code: number; msg: string }>() };
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = (await t.login()).token;
  plant = new Plant(t, admin, 'D');
  await plant.setup();
  const customer = await plant.customer('华东气体贸易有限公司');
  for (const code of CODES) {
    const gas = code.includes('LPG') ? 'lpg' : 'n2';
    await plant.cylinder(code, gas);
    await plant.fill(code, gas, LOT);
    await plant.test(code, gas, code === 'DOC-N2-02' ? ['水分'] : []);
    if (gas === 'lpg') await plant.reweigh(code, 29.5);
    if (code !== 'DOC-N2-02') await plant.stockIn(code);
  }
  // The failed N2 cylinder is not shipped (it cannot leave); the two others are.
  const orderNo = await plant.ship(customer, [{ code: 'DOC-N2-01', gas: 'n2' }, { code: 'DOC-LPG-01', gas: 'lpg' }]);
  orderId = (await t.db.selectFrom('storage_orders').select('id').where('order_no', '=', orderNo).executeTakeFirstOrThrow()).id;
}, 120_000);
afterAll(async () => {
  await t?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('documents the plant hands out', { timeout: 120_000 }, () => {
  it('installs the three default templates at first start as the default REPORT settings', async () => {
    const rows = (await t.call<SettingRow[]>('POST', '/api/setting/list', { token: admin, body: { kind: 'REPORT' } })).body.data;
    expect(rows.filter((r) => r.isDefault === 1).map((r) => [r.settingKey, r.name, r.dataSource]).sort()).toEqual([
      ['ACCOMPANYING_LIST', '发货清单', 'OUTBOUND_ORDER'],
      ['GRAIN_FORMULA_PACKAGE_GP_PROCESS_RECORD', '产品合格证', 'LOT'],
      ['QUALITY_CERTIFICATE', '质量证明书', 'OUTBOUND_ORDER'],
    ]);
  });

  it('prints 质量证明书 and 发货清单 of an outbound order as PDF holding the customer, every cylinder and the inspection results', async () => {
    for (const [reportKey, title] of [['QUALITY_CERTIFICATE', '质量证明书'], ['ACCOMPANYING_LIST', '发货清单']] as const) {
      const res = await print({ reportKey, orderId });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['x-document-message']).toBeUndefined();
      const text = pdfText(res.bytes, reportKey);
      expect(text).toContain(title);
      expect(text).toContain('华东气体贸易有限公司');
      for (const code of ['DOC-N2-01', 'DOC-LPG-01']) expect(text).toContain(code);
      expect(text).not.toContain('DOC-N2-02');
      expect(text).toContain('合格');
    }
  });

  it('prints 产品合格证 of a lot with every cylinder of the lot and its inspection result', async () => {
    const res = await print({ reportKey: 'GRAIN_FORMULA_PACKAGE_GP_PROCESS_RECORD', lotNo: LOT });
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = pdfText(res.bytes, 'lot');
    expect(text).toContain('产品合格证');
    expect(text).toContain(LOT);
    for (const code of CODES) expect(text).toContain(code);
    expect(text).toContain('不合格');
    expect(text).toContain('结论：2 合格 / 1 不合格或待定');
  });

  it('renders Chinese in a CJK font: a character\'s pixels differ from a blank page and from another character (tofu boxes are all alike)', async () => {
    const template = docx(para('{glyph}', { size: 400 }));
    const render = async (glyph: string, name: string) => pageGrey(await docxToPdf(fillDocx(template, { glyph })), name);
    const [zhi, liang, blank] = await Promise.all([render('质', 'zhi'), render('量', 'liang'), render('', 'blank')]);
    expect(ink(zhi)).toBeGreaterThan(ink(blank) + 2000);
    expect(ink(liang)).toBeGreaterThan(ink(blank) + 2000);
    // Two different characters drawn as the missing-glyph box would be the same picture.
    expect(difference(zhi, liang)).toBeGreaterThan(2000);
  });

  it('answers the filled .docx with a message saying why where LibreOffice is missing', async () => {
    const before = process.env.SOFFICE_PATH;
    process.env.SOFFICE_PATH = join(work, 'no-such-soffice');
    try {
      const res = await print({ reportKey: 'ACCOMPANYING_LIST', orderId });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
      expect(decodeURIComponent(String(res.headers['x-document-message']))).toContain('未安装 LibreOffice');
      expect(res.bytes.subarray(0, 2).toString()).toBe('PK');
      expect(res.bytes.length).toBeGreaterThan(1000);
    } finally {
      if (before === undefined) delete process.env.SOFFICE_PATH;
      else process.env.SOFFICE_PATH = before;
    }
  });

  it('refuses an uploaded template with a placeholder its data source does not have, naming it', async () => {
    const bad = docx(para('{customer.name} {order.colour} {#cylinders}{code}{steelColour}{/cylinders}'));
    const res = await upload(t, '/api/document/upSysFile?dataSource=OUTBOUND_ORDER', admin, '坏模板.docx', bad);
    expect(res.body).toMatchObject({ code: -1, msg: '模板中有数据源「出库单」没有的字段：{order.colour}、{steelColour}' });
    const notDocx = await upload(t, '/api/document/upSysFile?dataSource=OUTBOUND_ORDER', admin, 'a.docx', Buffer.from('not a zip'));
    expect(notDocx.body).toMatchObject({ code: -1, msg: '模板不是有效的 Word 文档（.docx）' });
  });

  it('a copied template changes without changing its original, and an uploaded default replaces the shipped one', async () => {
    const good = docx(para('自定义清单 {customer.name} {#cylinders}{code} {/cylinders}'));
    const up = await upload<{ id: number; name: string; placeholders: string[] }>(t, '/api/document/upSysFile?dataSource=OUTBOUND_ORDER', admin, '清单.docx', good);
    expect(up.body.code).toBe(0);
    expect(up.body.data.placeholders).toEqual(expect.arrayContaining(['customer.name', 'cylinders', 'code']));
    const rows = (await t.call<SettingRow[]>('POST', '/api/setting/list', { token: admin, body: { kind: 'REPORT', settingKey: 'ACCOMPANYING_LIST' } })).body.data;
    const original = rows.find((r) => r.isDefault === 1)!;
    const before = (await t.call<SettingInfo>('GET', `/api/setting/info/REPORT/${original.id}`, { token: admin })).body.data;
    const copy = (await t.call<{ id: number }>('POST', '/api/setting/copy', { token: admin, body: { id: original.id } })).body.data.id;
    const saved = await t.call('POST', '/api/setting/save', { token: admin, body: {
      kind: 'REPORT', id: copy, name: '发货清单（本厂）', settingKey: 'ACCOMPANYING_LIST', dataSource: 'OUTBOUND_ORDER', isDefault: 1,
      content: { fileId: up.body.data.id, fileName: up.body.data.name },
    } });
    expect(saved.body.code).toBe(0);
    const after = (await t.call<SettingInfo>('GET', `/api/setting/info/REPORT/${original.id}`, { token: admin })).body.data;
    expect(after.content).toEqual(before.content);
    expect(after.version).toBe(before.version);
    const text = pdfText((await print({ reportKey: 'ACCOMPANYING_LIST', orderId })).bytes, 'custom');
    expect(text).toContain('自定义清单 华东气体贸易有限公司');
    expect(text).toContain('DOC-LPG-01');
  });

  it('refuses bad print input with code -1 and a Chinese message', async () => {
    expect((await print({ reportKey: 'QUALITY_CERTIFICATE', orderId, lotNo: LOT })).json()).toMatchObject({ code: -1, msg: '参数错误：出库单、充装批号、气瓶编码须且只能指定一个' });
    expect((await print({ reportKey: 'QUALITY_CERTIFICATE' })).json().code).toBe(-1);
    expect((await print({ reportKey: 'QUALITY_CERTIFICATE', orderId: 0 })).json().code).toBe(-1);
    expect((await print({ reportKey: 'QUALITY_CERTIFICATE', lotNo: 'a\u0000b' })).json().code).toBe(-1);
    expect((await print({ reportKey: 'QUALITY_CERTIFICATE', orderId: 99_999 })).json()).toMatchObject({ code: -1, msg: '出库单不存在：99999' });
    expect((await print({ reportKey: 'QUALITY_CERTIFICATE', lotNo: LOT })).json()).toMatchObject({ code: -1, msg: '报表「质量证明书」按出库单打印，请指定出库单' });
    expect((await print({ reportKey: 'NO_SUCH_REPORT', orderId })).json().msg).toContain('没有可用的报表模板');
  });

  it('a filling whose record setting requires the lot number is refused at the station without it, naming the field', async () => {
    const existing = (await t.call<SettingRow[]>('POST', '/api/setting/list', { token: admin, body: { kind: 'RECORD', settingKey: 'FILLING' } })).body.data[0];
    const setting = (required: 0 | 1) => t.call<{ id: number }>('POST', '/api/setting/save', { token: admin, body: {
      kind: 'RECORD', ...(existing ? { id: existing.id } : {}), name: '充装记录', settingKey: 'FILLING', dataSource: 'CYLINDER', enabled: 1, isDefault: 1,
      content: { fields: [{ key: 'lotNo', show: 1, required }] },
    } });
    const id = (await setting(1)).body.data.id;
    // The station's operator holds no modeling:view, yet reads what the server will require of the record.
    const operator = await createLimitedUser(t, admin, 'docfiller', ['home:view', 'produce:filling']);
    const operatorToken = (await t.login(operator.username, operator.password)).token;
    expect((await t.call('POST', '/api/setting/list', { token: operatorToken, body: { kind: 'RECORD', settingKey: 'FILLING' } })).body.code).toBe(403);
    expect((await t.call('GET', '/api/setting/recordRules/FILLING', { token: operatorToken })).body)
      .toMatchObject({ code: 0, data: { fields: [{ key: 'lotNo', show: 1, required: 1 }] } });
    expect((await t.call('GET', '/api/setting/recordRules/NOPE', { token: operatorToken })).body.code).toBe(-1);
    const code = 'DOC-REQ-01';
    await plant.cylinder(code, 'n2');
    await plant.ok('/api/produce/addPicking', { code });
    const refused = await t.call('POST', '/api/produce/filling', { token: admin, body: { code, materialId: plant.n2, filledPressure: 15, lotNo: '  ' } });
    expect(refused.body).toMatchObject({ code: -1, msg: '充装批号为必填项（记录内容设置：充装记录）' });
    const status = await t.db.selectFrom('cylinders').select('status').where('code', '=', code).executeTakeFirstOrThrow();
    expect(status.status).toBe(3);
    // Sent with a scanId (as a station sends it): refused alike, and the refused scanId may act later.
    const scanId = randomUUID();
    const withScanId = await t.call('POST', '/api/produce/filling', { token: admin, body: { code, scanId, materialId: plant.n2, filledPressure: 15 } });
    expect(withScanId.body).toMatchObject({ code: -1, msg: '充装批号为必填项（记录内容设置：充装记录）' });
    // A body the fill refuses outright (an end before its start) and that misses the field is refused for the field.
    const both = await t.call('POST', '/api/produce/filling', {
      token: admin, body: { code, scanId, materialId: plant.n2, filledPressure: 15, startedAt: '2026-01-02 08:00', endedAt: '2026-01-01 08:00' },
    });
    expect(both.body).toMatchObject({ code: -1, msg: '充装批号为必填项（记录内容设置：充装记录）' });
    await plant.ok('/api/produce/filling', { code, scanId, materialId: plant.n2, filledPressure: 15, lotNo: 'L-REQ' });
    // Not required any more: the station takes a fill without it again.
    await t.call('POST', '/api/setting/save', { token: admin, body: {
      kind: 'RECORD', id, name: '充装记录', settingKey: 'FILLING', dataSource: 'CYLINDER', enabled: 1, isDefault: 1, content: { fields: [{ key: 'lotNo', show: 1, required: 0 }] },
    } });
    await plant.cylinder('DOC-REQ-02', 'n2');
    await plant.ok('/api/produce/addPicking', { code: 'DOC-REQ-02' });
    await plant.ok('/api/produce/filling', { code: 'DOC-REQ-02', materialId: plant.n2, filledPressure: 15 });
  });

  it('adds a field of the plant\'s own to a data source (modeling:save), lets templates name it, and deletes it', async () => {
    const added = await t.call<{ id: number }>('POST', '/api/dataSource/saveDataSource', { token: admin, body: { dataSource: 'OUTBOUND_ORDER', contentName: '卸货港口', contentKey: 'extra.port', type: 'text' } });
    expect(added.body.code).toBe(0);
    const fields = (await t.call<{ fields: Array<{ contentKey: string; id?: number }> }>('POST', '/api/dataSource/contentConfig/getContent', { token: admin, body: { dataSource: 'OUTBOUND_ORDER' } })).body.data.fields;
    expect(fields.find((f) => f.contentKey === 'extra.port')).toMatchObject({ id: added.body.data.id });
    expect((await t.call('POST', '/api/dataSource/saveDataSource', { token: admin, body: { dataSource: 'OUTBOUND_ORDER', contentName: '客户', contentKey: 'customer.name', type: 'text' } })).body)
      .toMatchObject({ code: -1, msg: '数据源「出库单」已有字段：customer.name' });
    expect((await t.call('POST', '/api/dataSource/saveDataSource', { token: admin, body: { dataSource: 'OUTBOUND_ORDER', contentName: '坏', contentKey: '1bad', type: 'text' } })).body.code).toBe(-1);
    const ok = await upload(t, '/api/document/upSysFile?dataSource=OUTBOUND_ORDER', admin, '港口.docx', docx(para('港口：{extra.port}')));
    expect(ok.body.code).toBe(0);
    const own = await t.call<{ list: Array<{ contentKey: string }>; total: number }>('GET', '/api/dataSource/selectListPage?dataSource=OUTBOUND_ORDER', { token: admin });
    expect(own.body.data.list.map((r) => r.contentKey)).toEqual(['extra.port']);
    expect((await t.call('POST', '/api/dataSource/delType', { token: admin, body: { id: added.body.data.id } })).body.code).toBe(0);
    const gone = await upload(t, '/api/document/upSysFile?dataSource=OUTBOUND_ORDER', admin, '港口.docx', docx(para('港口：{extra.port}')));
    expect(gone.body).toMatchObject({ code: -1, msg: '模板中有数据源「出库单」没有的字段：{extra.port}' });
  });

  it('kills a conversion that hangs past the time limit with a clear message, and the next print still works', async () => {
    const hang = join(work, 'hanging-soffice');
    writeFileSync(hang, '#!/bin/sh\nexec sleep 600\n', { mode: 0o755 });
    const saved = { path: process.env.SOFFICE_PATH, limit: process.env.REPORT_CONVERT_TIMEOUT_MS };
    process.env.SOFFICE_PATH = hang;
    process.env.REPORT_CONVERT_TIMEOUT_MS = '1000';
    try {
      expect((await print({ reportKey: 'ACCOMPANYING_LIST', orderId })).json()).toMatchObject({ code: -1, msg: '生成 PDF 超时（超过 1 秒），已终止转换：请检查模板是否过大或有误' });
    } finally {
      for (const [k, v] of [['SOFFICE_PATH', saved.path], ['REPORT_CONVERT_TIMEOUT_MS', saved.limit]] as const) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    }
    expect((await print({ reportKey: 'ACCOMPANYING_LIST', orderId })).headers['content-type']).toBe('application/pdf');
  });

  it('without a document server the editor config is null and getHost says templates are edited in an office suite', async () => {
    const host = await t.call<{ host: string | null; message: string | null }>('GET', '/api/only/office/getHost', { token: admin });
    expect(host.body.data).toEqual({ host: null, message: '未配置在线文档服务（ONLYOFFICE_URL）：请在 Word、WPS 或 LibreOffice 中编辑模板后上传' });
    const rows = (await t.call<SettingRow[]>('POST', '/api/setting/list', { token: admin, body: { kind: 'REPORT', settingKey: 'QUALITY_CERTIFICATE' } })).body.data;
    const config = await t.call('GET', `/api/only/office/config?documentId=${rows[0]!.id}&versionId=&isEdit=1`, { token: admin });
    expect(config.body).toMatchObject({ code: 0, data: null });
  });

  it('with a document server configured answers the editor config, and its callback saves the edited file as a new version', async () => {
    const edited = docx(para('在线编辑后的证明书 {customer.name}'));
    const server = createServer((_req, res) => res.end(edited));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const office = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    process.env.ONLYOFFICE_URL = office;
    try {
      const row = (await t.call<SettingRow[]>('POST', '/api/setting/list', { token: admin, body: { kind: 'REPORT', settingKey: 'QUALITY_CERTIFICATE' } })).body.data[0]!;
      const config = (await t.call<{ document: { fileType: string; key: string; title: string; url: string }; documentType: string; editorConfig: { callbackUrl: string } }>(
        'GET', `/api/only/office/config?documentId=${row.id}&versionId=&isEdit=1`, { token: admin })).body.data;
      expect(config).toMatchObject({ document: { fileType: 'docx', key: `${row.id}-${row.version}`, title: '质量证明书.docx' }, documentType: 'word' });
      // The document server reads the template by the signed link, without a session.
      const file = await t.app.inject({ method: 'GET', url: new URL(config.document.url).pathname + new URL(config.document.url).search });
      expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');
      const callback = new URL(config.editorConfig.callbackUrl);
      const forged = await t.app.inject({ method: 'POST', url: `${callback.pathname}?id=${row.id}&token=${'0'.repeat(64)}`, payload: { status: 2, url: `${office}/x.docx` } });
      expect(forged.json()).toMatchObject({ code: -1, error: 1 });
      const saved = await t.app.inject({ method: 'POST', url: callback.pathname + callback.search, payload: { key: config.document.key, status: 2, url: `${office}/x.docx`, users: ['1'] } });
      expect(saved.json()).toMatchObject({ code: 0, error: 0 });
      const after = (await t.call<SettingInfo>('GET', `/api/setting/info/REPORT/${row.id}`, { token: admin })).body.data;
      expect(after.version).toBe(row.version + 1);
      expect(pdfText((await print({ reportKey: 'QUALITY_CERTIFICATE', orderId })).bytes, 'edited')).toContain('在线编辑后的证明书 华东气体贸易有限公司');
    } finally {
      delete process.env.ONLYOFFICE_URL;
      server.close();
    }
  });

  it('places images: the signature from the sign-off and a QR code per cylinder', async () => {
    // A 1×1 PNG as the receiver's signature.
    const png = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
    expect((await t.call('POST', '/api/storageOrder/saveSignInfo', { token: admin, body: { id: orderId, signName: '赵签收', image: png } })).body.code).toBe(0);
    const template = docx(para('签收：{sign.name}{%sign.image} {#cylinders}{code}{%qrImage}{/cylinders}'));
    const up = await upload<{ id: number; name: string }>(t, '/api/document/upSysFile?dataSource=OUTBOUND_ORDER', admin, '图片.docx', template);
    expect(up.body.code).toBe(0);
    const saved = await t.call('POST', '/api/setting/save', { token: admin, body: {
      kind: 'REPORT', name: '带图片的证明书', settingKey: 'IMAGE_TEST', dataSource: 'OUTBOUND_ORDER', isDefault: 1, content: { fileId: up.body.data.id, fileName: up.body.data.name },
    } });
    expect(saved.body.code).toBe(0);
    const res = await print({ reportKey: 'IMAGE_TEST', orderId });
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(pdfText(res.bytes, 'images')).toContain('签收：赵签收');
    const list = execFileSync('pdfimages', ['-list', join(work, 'images.pdf')], { encoding: 'utf8' });
    // Header lines, then one line per image: the signature and the two shipped cylinders' QR codes.
    expect(list.trim().split('\n').slice(2).length).toBeGreaterThanOrEqual(3);
  });

  it('checks each call\'s own key: dictionary keys change the dictionary only, modeling keys the data sources\' fields; a print needs outbound:print for an order', async () => {
    const dict = await createLimitedUser(t, admin, 'dictonly', ['dictionary:view', 'dictionary:save', 'dictionary:delete']);
    const model = await createLimitedUser(t, admin, 'modelonly', ['modeling:view', 'modeling:save']);
    const dictToken = (await t.login(dict.username, dict.password)).token;
    const modelToken = (await t.login(model.username, model.password)).token;
    const field = { dataSource: 'LOT', contentName: '批次温度', contentKey: 'extra.temp', type: 'number' };
    expect((await t.call('POST', '/api/dataSource/saveDataSource', { token: dictToken, body: field })).status).toBe(403);
    expect((await t.call('GET', '/api/dataSource/selectListPage?dataSource=LOT', { token: dictToken })).status).toBe(403);
    const added = await t.call<{ id: number }>('POST', '/api/dataSource/saveDataSource', { token: modelToken, body: field });
    expect(added.body.code).toBe(0);
    expect((await t.call('POST', '/api/dataSource/saveDataSource', { token: modelToken, body: { kind: 'type', typeCode: 'colour', typeName: '颜色' } })).status).toBe(403);
    expect((await t.call('POST', '/api/dataSource/delType', { token: dictToken, body: { id: added.body.data.id } })).status).toBe(403);
    expect((await t.call('POST', '/api/dataSource/delType', { token: modelToken, body: { id: added.body.data.id } })).body.code).toBe(0);
    expect((await t.call('POST', '/api/dataSource/saveDataSource', { token: dictToken, body: { kind: 'type', typeCode: 'colour', typeName: '颜色' } })).body.code).toBe(0);
    expect((await print({ reportKey: 'QUALITY_CERTIFICATE', orderId }, modelToken)).status).toBe(403);
  });

  it('a holder of report:view downloads a template through the path setting/info answers; others may not', async () => {
    const viewer = await createLimitedUser(t, admin, 'reportviewer', ['report:view']);
    const token = (await t.login(viewer.username, viewer.password)).token;
    const row = (await t.call<SettingRow[]>('POST', '/api/setting/list', { token, body: { kind: 'REPORT', settingKey: 'GRAIN_FORMULA_PACKAGE_GP_PROCESS_RECORD' } })).body.data[0]!;
    const info = (await t.call<SettingInfo>('GET', `/api/setting/info/REPORT/${row.id}`, { token })).body.data;
    const path = (info.content as { path?: string }).path!;
    expect(path).toBeTruthy();
    const file = await t.app.inject({ method: 'GET', url: `/objectStorage/file/download?path=${encodeURIComponent(path)}`, headers: { authorization: `Bearer ${token}` } });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const other = (await t.login('modelonly', 'Passw0rd!x')).token;
    const refused = await t.app.inject({ method: 'GET', url: `/objectStorage/file/download?path=${encodeURIComponent(path)}`, headers: { authorization: `Bearer ${other}` } });
    expect(refused.json()).toMatchObject({ code: -1, msg: '文件不存在或无权下载' });
  });
});
