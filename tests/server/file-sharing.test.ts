import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SharedFileRow, UploadedFile } from '../../src/shared/api/file';
import type { PageResult } from '../../src/shared/api/schema';
import { buildTestApp, createLimitedUser, type TestApp } from './app-helper';
import { multipart } from './master-data-helper';

let t: TestApp;
let dataDir: string;
/** A uploads (file:upload only), B is any signed-in user, admin holds file:delete. */
let admin: string;
let a: string;
let b: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'file-sharing-'));
  t = await buildTestApp({ config: { dataDir } });
  admin = (await t.login()).token;
  const uploader = await createLimitedUser(t, admin, 'uploader', ['file:upload']);
  const reader = await createLimitedUser(t, admin, 'reader', []);
  a = (await t.login(uploader.username, uploader.password)).token;
  b = (await t.login(reader.username, reader.password)).token;
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function upload(token: string, name: string, content: string, shared = false): Promise<UploadedFile> {
  const { payload, headers } = multipart(name, Buffer.from(content));
  const res = await t.app.inject({
    method: 'POST', url: `/api/file/upload${shared ? '?shared=true' : ''}`, payload, headers: { ...headers, authorization: `Bearer ${token}` },
  });
  expect(res.json(), name).toMatchObject({ code: 0 });
  return res.json<{ data: UploadedFile }>().data;
}

const download = (token: string, file: UploadedFile) =>
  t.app.inject({ method: 'GET', url: file.url, headers: { authorization: `Bearer ${token}` } });
const sharedList = async (token: string) =>
  (await t.call<PageResult<SharedFileRow>>('GET', '/api/file/listShared?page=1&size=100', { token })).body.data;
const remove = (token: string, id: number) => t.call('POST', '/api/file/deleteShared', { token, body: { id } });

describe('who may download a file', () => {
  it('a file uploaded without sharing: its uploader only', async () => {
    const file = await upload(a, '私有报告.txt', 'private words');
    expect((await download(a, file)).body).toBe('private words');
    const refused = await download(b, file);
    expect(refused.json()).toEqual({ code: -1, msg: '文件不存在或无权下载', data: null });
    expect(refused.body).not.toContain('private words');
    expect((await sharedList(b)).list.map((f) => f.path)).not.toContain(file.path);
  });

  it('a shared file: listed once for everyone, downloadable by anyone signed in', async () => {
    const files = [await upload(a, '操作规程.pdf', 'rules', true), await upload(a, '安全手册.pdf', 'safety', true)];
    for (const token of [a, b, admin]) {
      const list = await sharedList(token);
      const paths = list.list.map((f) => f.path);
      expect(new Set(paths).size).toBe(paths.length);
      expect(list.total).toBe(paths.length);
      for (const file of files) expect(paths.filter((p) => p === file.path)).toHaveLength(1);
    }
    expect((await sharedList(b)).list.find((f) => f.path === files[0]!.path)).toMatchObject({
      name: '操作规程.pdf', uploadedBy: '用户 uploader', canDelete: false,
    });
    expect((await download(b, files[0]!)).body).toBe('rules');
  });
});

describe('who may delete a shared file', () => {
  it('not another user; its uploader may, and then nobody can download it', async () => {
    const file = await upload(a, '值班表.xlsx', 'duty', true);
    const row = (await sharedList(a)).list.find((f) => f.path === file.path)!;
    expect(row.canDelete).toBe(true);
    expect((await remove(b, row.id)).body).toEqual({ code: -1, msg: '只有上传人或管理员可以删除：值班表.xlsx', data: null });
    expect((await download(b, file)).body).toBe('duty');
    expect((await remove(a, row.id)).body).toMatchObject({ code: 0 });
    expect((await sharedList(b)).list.map((f) => f.path)).not.toContain(file.path);
    expect((await download(a, file)).json()).toMatchObject({ code: -1, msg: '文件不存在' });
  });

  it('a holder of file:delete may delete anyone\'s shared file', async () => {
    const file = await upload(a, '通知.docx', 'notice', true);
    const row = (await sharedList(admin)).list.find((f) => f.path === file.path)!;
    expect(row.canDelete).toBe(true);
    expect((await remove(admin, row.id)).body).toMatchObject({ code: 0 });
    expect((await sharedList(a)).list.map((f) => f.path)).not.toContain(file.path);
    expect((await remove(admin, row.id)).body).toMatchObject({ code: -1, msg: `常用文件不存在：${row.id}` });
  });

  it('a private file is not a shared file: deleteShared refuses it', async () => {
    const file = await upload(a, '草稿.txt', 'draft');
    const { id } = await t.db.selectFrom('files').select('id').where('path', '=', file.path).executeTakeFirstOrThrow();
    expect((await remove(a, id)).body).toMatchObject({ code: -1, msg: `常用文件不存在：${id}` });
    expect((await download(a, file)).body).toBe('draft');
  });
});
