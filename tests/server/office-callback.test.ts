import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docx, para } from '../../scripts/report-templates/build';
import type { SettingInfo, SettingRow } from '../../src/shared/api/setting';
import { buildTestApp, type TestApp } from './app-helper';

/**
 * Issue 31 item 12: the in-place editor's save callback answered outside the envelope ({error: 0}, or a bare 403
 * or 400). ONLYOFFICE needs `error` in the answer, so it is kept, inside the envelope: {code, msg, data, error}.
 */

let t: TestApp;
let token: string;
let office: Server;
let officeUrl: string;
let callback: URL;
let row: SettingRow;

beforeAll(async () => {
  const edited = docx(para('在线编辑后的证明书'));
  office = createServer((req, res) => {
    if (req.url === '/edited.docx') return void res.end(edited);
    res.statusCode = 500;
    res.end();
  });
  await new Promise<void>((resolve) => office.listen(0, '127.0.0.1', resolve));
  officeUrl = `http://127.0.0.1:${(office.address() as AddressInfo).port}`;
  process.env.ONLYOFFICE_URL = officeUrl;
  t = await buildTestApp();
  token = (await t.login()).token;
  row = (await t.call<SettingRow[]>('POST', '/api/setting/list', { token, body: { kind: 'REPORT', settingKey: 'QUALITY_CERTIFICATE' } })).body.data[0]!;
  const config = await t.call<{ editorConfig: { callbackUrl: string } }>('GET', `/api/only/office/config?documentId=${row.id}&isEdit=1`, { token });
  callback = new URL(config.body.data.editorConfig.callbackUrl);
});
afterAll(async () => {
  delete process.env.ONLYOFFICE_URL;
  office?.close();
  await t?.close();
});

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
const version = async () => (await t.call<SettingInfo>('GET', `/api/setting/info/REPORT/${row.id}`, { token })).body.data.version;

describe("the document server's save callback", () => {
  it('is answered in the envelope with error 0 when the edited file is saved, and while editing goes on', async () => {
    const before = await version();
    const editing = await post(callback.pathname + callback.search, { key: 'k', status: 1 });
    expect(editing.statusCode).toBe(200);
    expect(editing.json()).toEqual({ code: 0, msg: '操作成功', data: null, error: 0 });
    const saved = await post(callback.pathname + callback.search, { key: 'k', status: 2, url: `${officeUrl}/edited.docx`, users: ['1'], history: { changes: [] } });
    expect(saved.json()).toEqual({ code: 0, msg: '操作成功', data: null, error: 0 });
    expect(await version()).toBe(before + 1);
  });

  it('is refused in the envelope with error 1 (the editor then says the file was not saved), nothing saved', async () => {
    const before = await version();
    const forged = await post(`${callback.pathname}?id=${row.id}&token=${'0'.repeat(64)}`, { status: 2, url: `${officeUrl}/edited.docx` });
    expect(forged.statusCode).toBe(200);
    expect(forged.json()).toEqual({ code: -1, msg: '链接无效', data: null, error: 1 });
    const elsewhere = await post(callback.pathname + callback.search, { status: 2, url: 'http://127.0.0.2:9/edited.docx' });
    expect(elsewhere.json()).toEqual({ code: -1, msg: '文件地址不是配置的在线文档服务（ONLYOFFICE_URL）', data: null, error: 1 });
    const broken = await post(callback.pathname + callback.search, { status: 2, url: `${officeUrl}/missing.docx` });
    expect(broken.json()).toEqual({ code: -1, msg: '无法从在线文档服务取回编辑后的文件', data: null, error: 1 });
    expect(await version()).toBe(before);
  });
});
