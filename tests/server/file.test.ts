import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { docx, para } from '../../scripts/report-templates/build';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileRow, UploadedFile } from '../../src/shared/api/file';
import type { PageResult } from '../../src/shared/api/schema';
import { saveUpload } from '../../src/server/modules/file/file.service';
import { LocalDiskBlobStore } from '../../src/server/blobs/local-disk';
import { buildTestApp, createLimitedUser, type TestApp } from './app-helper';

const MAX_BYTES = 1024 * 1024;
let t: TestApp;
let token: string;
let dataDir: string;

/** A multipart/form-data body with one file part named `file`. */
function multipart(filename: string, content: Buffer, field = 'file') {
  const boundary = '----trace-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const payload = Buffer.concat([head, content, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(name: string, content: Buffer, opts: { token?: string; url?: string } = {}) {
  const body = multipart(name, content);
  const headers: Record<string, string> = { ...body.headers };
  if (opts.token !== undefined) headers.authorization = `Bearer ${opts.token}`;
  const res = await t.app.inject({ method: 'POST', url: opts.url ?? '/api/file/upload', headers, payload: body.payload });
  return { status: res.statusCode, body: res.json<{ code: number; msg: string; data: UploadedFile }>() };
}

async function download(path: string, auth: string | null = token, extra = '') {
  const headers: Record<string, string> = auth ? { authorization: `Bearer ${auth}` } : {};
  return t.app.inject({ method: 'GET', url: `/objectStorage/file/download?path=${path}${extra}`, headers });
}

/** Every file under the store (recursively). */
function storedFiles(): string[] {
  const root = join(dataDir, 'files');
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).map((d) => d.name);
  } catch {
    return [];
  }
}

const allBytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 7919) % 256));

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'file-test-'));
  t = await buildTestApp({ config: { dataDir, uploadMaxBytes: MAX_BYTES } });
  token = (await t.login()).token;
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('upload and download', () => {
  it('stores an upload under a generated path and downloads it byte-identical with its Chinese name', async () => {
    const res = await upload('检验报告.pdf', allBytes, { token });
    expect(res.body.code).toBe(0);
    const { path, name, size, url } = res.body.data;
    expect(name).toBe('检验报告.pdf');
    expect(size).toBe(allBytes.length);
    expect(path).toMatch(/^\d{4}\/\d{2}\/\d{2}\/[0-9a-f]{32}\.pdf$/);
    expect(url).toBe(`/objectStorage/file/download?path=${encodeURIComponent(path)}`);

    const file = await download(encodeURIComponent(path));
    expect(file.statusCode).toBe(200);
    expect(Buffer.compare(file.rawPayload, allBytes)).toBe(0);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-length']).toBe(String(allBytes.length));
    const disposition = String(file.headers['content-disposition']);
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent('检验报告.pdf')}`);
    expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]+\.pdf"/);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    // Its own policy, not the site's: an uploaded file never runs as a page of the product.
    expect(file.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
  });

  it('answers a preview inline without naming a file', async () => {
    const { body } = await upload('铭牌.png', Buffer.from('89504e470d0a1a0a', 'hex'), { token });
    const file = await download(encodeURIComponent(body.data.path), token, '&inline=1');
    expect(file.headers['content-disposition']).toBe('inline');
    expect(file.headers['content-type']).toBe('image/png');
  });

  it('never trusts the uploaded name for the content type', async () => {
    const { body } = await upload('page.html', Buffer.from('<script>alert(1)</script>'), { token });
    const file = await download(encodeURIComponent(body.data.path));
    expect(file.headers['content-type']).toBe('application/octet-stream');
  });

  it('accepts report templates on /api/document/upSysFile', async () => {
    const template = docx(para('{customer.name}'));
    const res = await upload('质量证明书.docx', template, { token, url: '/api/document/upSysFile' });
    expect(res.body).toMatchObject({ code: 0, data: { name: '质量证明书.docx', size: template.length } });
    const file = await download(encodeURIComponent(res.body.data.path));
    expect(Buffer.from(file.rawPayload).equals(template)).toBe(true);
  });

  it('lists the files the caller uploaded, newest first', async () => {
    const { body } = await upload('清单.txt', Buffer.from('a'), { token });
    const list = await t.call<PageResult<FileRow>>('GET', '/api/file/listMine?page=1&size=2', { token });
    expect(list.body.code).toBe(0);
    expect(list.body.data.total).toBeGreaterThanOrEqual(4);
    expect(list.body.data.list).toHaveLength(2);
    expect(list.body.data.list[0]).toMatchObject({ path: body.data.path, name: '清单.txt', size: 1, url: body.data.url });
  });

  it('refuses a request without a file part', async () => {
    const res = await t.call('POST', '/api/file/upload', { token, body: { file: 'x' } });
    expect(res.body).toMatchObject({ code: -1, msg: '请选择要上传的文件' });
  });
});

describe('limits and refusals', () => {
  it('refuses a file over the size limit and stores nothing', async () => {
    const before = storedFiles().length;
    const rows = await t.db.selectFrom('files').select('id').execute();
    const res = await upload('大文件.bin', Buffer.alloc(MAX_BYTES + 1, 1), { token });
    expect(res.body).toMatchObject({ code: -1, msg: '文件超过大小限制（最大 1M）' });
    expect(storedFiles()).toHaveLength(before);
    expect(await t.db.selectFrom('files').select('id').execute()).toHaveLength(rows.length);
  });

  it('accepts a file of exactly the limit', async () => {
    const res = await upload('刚好.bin', Buffer.alloc(MAX_BYTES, 2), { token });
    expect(res.body).toMatchObject({ code: 0, data: { size: MAX_BYTES } });
  });

  it('refuses callers who are not signed in (401) and stores nothing', async () => {
    const before = storedFiles().length;
    const res = await upload('匿名.txt', Buffer.from('x'));
    expect(res.status).toBe(401);
    expect(storedFiles()).toHaveLength(before);
    const { body } = await upload('私有.txt', Buffer.from('secret'), { token });
    const file = await download(encodeURIComponent(body.data.path), null);
    expect(file.statusCode).toBe(401);
    expect(file.body).not.toContain('secret');
  });

  it('refuses an upload to a user without the upload permission (403)', async () => {
    const user = await createLimitedUser(t, token, 'viewer', ['home:view']);
    const other = (await t.login(user.username, user.password)).token;
    const res = await upload('x.txt', Buffer.from('x'), { token: other });
    expect(res.status).toBe(403);
  });

  it.each([
    ['../../etc/passwd'],
    ['..%2F..%2Fetc%2Fpasswd'],
    ['%2e%2e%2f%2e%2e%2fsecrets.json'],
    ['%252e%252e%252fsecrets.json'],
    ['%2Fetc%2Fpasswd'],
    ['..%5C..%5Csecrets.json'],
    ['2026%2F01%2F01%2F..%2F..%2F..%2F..%2Fsecrets.json'],
    ['2026%2F01%2F01%2F0123456789abcdef0123456789abcdef.txt%00.png'],
    ['files%2F..%2Fsecrets.json'],
  ])('refuses the traversal path %s', async (path) => {
    const res = await download(path);
    expect(res.statusCode).toBe(200);
    // A NUL never reaches the storage: the schema refuses it first.
    expect(res.json()).toMatchObject({ code: -1, msg: path.includes('%00') ? '参数错误：文件路径不能包含空字符（U+0000）' : '文件路径无效' });
  });

  it('answers 文件不存在 for a well-formed path that was never stored', async () => {
    const res = await download(encodeURIComponent('2026/01/01/0123456789abcdef0123456789abcdef.txt'));
    expect(res.json()).toMatchObject({ code: -1, msg: '文件不存在' });
  });
});

describe('records', () => {
  it('removes the stored file when its row cannot be written', async () => {
    const storage = new LocalDiskBlobStore(join(dataDir, 'files'));
    const before = storedFiles().length;
    // No such user: the foreign key refuses the row after the file was written.
    await expect(
      saveUpload(t.db, storage, { source: Readable.from([Buffer.from('orphan')]), filename: '孤儿.txt', maxBytes: MAX_BYTES, userId: 999_999 }),
    ).rejects.toThrow();
    expect(storedFiles()).toHaveLength(before);
  });

  it('logs an upload with the file name and stored path in clear, and never the content', async () => {
    const marker = 'CONTENT-MARKER-7f3a';
    const { body } = await upload('日志附件.txt', Buffer.from(marker), { token });
    let row: { params: unknown; code: number | null; user_id: number | null } | undefined;
    for (let i = 0; i < 100 && !row; i++) {
      const rows = await t.db.selectFrom('operation_logs').select(['params', 'code', 'user_id']).where('path', '=', '/api/file/upload').execute();
      row = rows.find((r) => JSON.stringify(r.params).includes(body.data.path));
      if (!row) await new Promise((r) => setTimeout(r, 20));
    }
    expect(row).toMatchObject({ code: 0, user_id: 1, params: { body: { file: '日志附件.txt', path: body.data.path, size: marker.length } } });
    expect(JSON.stringify(row)).not.toContain(marker);
  });
});
