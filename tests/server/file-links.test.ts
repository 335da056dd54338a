import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SharedFileRow, UploadedFile } from '../../src/shared/api/file';
import type { PageResult } from '../../src/shared/api/schema';
import { buildTestApp, type TestApp } from './app-helper';

/**
 * Issue 31 item 12: a symbolic link inside the files folder was followed on download. Links put into
 * DATA_DIR/files (by someone with a shell on the server, or a restored backup) are never followed: not to read,
 * not to write an upload through, not to delete through.
 */

let t: TestApp;
let token: string;
let dataDir: string;
/** A folder outside the store, holding what no download may show. */
let outside: string;
const SECRET = 'ACCESS_TOKEN_SECRET=not-for-download';

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'file-links-'));
  outside = mkdtempSync(join(tmpdir(), 'file-links-outside-'));
  writeFileSync(join(outside, 'secret.txt'), SECRET);
  t = await buildTestApp({ config: { dataDir } });
  token = (await t.login()).token;
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

const stored = (path: string) => join(dataDir, 'files', path);

async function upload(name: string, content: string, shared = false) {
  const boundary = '----links-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/plain\r\n\r\n`),
    Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST', url: `/api/file/upload${shared ? '?shared=true' : ''}`, payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` },
  });
  return { status: res.statusCode, body: res.json<{ code: number; msg: string; data: UploadedFile }>() };
}
const download = (path: string) => t.app.inject({
  method: 'GET', url: `/objectStorage/file/download?path=${encodeURIComponent(path)}`, headers: { authorization: `Bearer ${token}` },
});

describe('links in the files folder', () => {
  it('a link standing in for a stored file is not followed on download', async () => {
    const up = await upload('说明.txt', 'the real file');
    expect(up.body.code).toBe(0);
    const file = stored(up.body.data.path);
    expect((await download(up.body.data.path)).body).toBe('the real file');

    unlinkSync(file);
    symlinkSync(join(outside, 'secret.txt'), file);
    const res = await download(up.body.data.path);
    expect(res.body).not.toContain(SECRET);
    expect(res.json()).toEqual({ code: -1, msg: '文件不存在', data: null });
  });

  it('a linked folder on the way to a stored file is not followed on download', async () => {
    const up = await upload('记录.txt', 'the real record');
    const file = stored(up.body.data.path);
    // The day's folder replaced by a link to a folder holding a file of the same name.
    const elsewhere = join(outside, 'day');
    mkdirSync(elsewhere);
    writeFileSync(join(elsewhere, basename(file)), SECRET);
    rmSync(dirname(file), { recursive: true });
    symlinkSync(elsewhere, dirname(file));
    try {
      const res = await download(up.body.data.path);
      expect(res.body).not.toContain(SECRET);
      expect(res.json()).toEqual({ code: -1, msg: '文件不存在', data: null });
    } finally {
      unlinkSync(dirname(file));
    }
  });

  it('an upload is never written through a linked folder, and a shared file never deleted through one', async () => {
    const shared = await upload('共享.txt', 'shared text', true);
    expect(shared.body.code).toBe(0);
    const file = stored(shared.body.data.path);
    const day = dirname(file);
    // Today's folder moved out of the store and linked back in.
    const moved = join(outside, 'today');
    renameSync(day, moved);
    symlinkSync(moved, day);
    try {
      const refused = await upload('经过链接.txt', 'must not land outside');
      expect(refused.status).toBe(500);
      expect(refused.body).toMatchObject({ code: 500 });
      expect(readdirSync(moved).some((name) => readFileSync(join(moved, name), 'utf8') === 'must not land outside')).toBe(false);

      const list = await t.call<PageResult<SharedFileRow>>('GET', '/api/file/listShared?page=1&size=50', { token });
      const row = list.body.data.list.find((r) => r.path === shared.body.data.path)!;
      await t.call('POST', '/api/file/deleteShared', { token, body: { id: row.id } });
      expect(existsSync(join(moved, basename(file)))).toBe(true);
    } finally {
      unlinkSync(day);
    }
  });
});
