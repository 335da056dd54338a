import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LabelContent } from '../../src/shared/api/setting';
import type { LabelTemplate } from '../../src/shared/api/label';
import type { CylinderSourceData } from '../../src/shared/dataSources';
import { buildApp } from '../../src/server/app';
import { buildTestApp, createLimitedUser, testConfig, type TestApp } from './app-helper';
import { Plant } from './quality-helper';
import { forceStatus } from './master-data-helper';

let t: TestApp;
let admin: string;
let plant: Plant;

const CONTENT: LabelContent = {
  width: 60, height: 40, dpi: 203, direction: 0, lang: 'zpl',
  details: [
    { type: 'FONT', x: 2, y: 2, fontSize: 3, content: '气瓶 {cylinder.code}' },
    { type: 'BARCODE', x: 2, y: 8, size: 10, content: '{cylinder.code}' },
    { type: 'QRCODE', x: 38, y: 8, size: 8, errorLevel: 'M', content: '{cylinder.qrUrl|无网址}' },
  ],
};

beforeAll(async () => {
  t = await buildTestApp({ config: { qrPageRateLimit: 1000, qrPageCacheSeconds: 0 } });
  admin = (await t.login()).token;
  plant = new Plant(t, admin, 'LB');
  await plant.setup();
  await plant.ok('/api/company/save', { companyName: '标签气体厂', licenceNo: 'TS-LB-01' });
  await plant.cylinder('LBLPG1', 'lpg');
  await plant.fill('LBLPG1', 'lpg', 'LOT-LB-1');
});
afterAll(async () => { await t?.close(); });

const page = (url: string, ip = '10.0.0.1') => t.app.inject({ method: 'GET', url, remoteAddress: ip });
const dataOf = async (code: string) => plant.ok<CylinderSourceData>('/api/label/cylinderData', { code });

describe('label templates', () => {
  it('round-trips a designed label through save and load, for the designer and for a station', async () => {
    const { id } = await plant.ok<{ id: number }>('/api/setting/save', {
      kind: 'LABEL', name: '充装标签', settingKey: 'FILLING', dataSource: 'CYLINDER', isDefault: 1, content: CONTENT,
    });
    const info = await t.call<{ content: LabelContent; version: number }>('GET', `/api/setting/info/LABEL/${id}`, { token: admin });
    expect(info.body.data.content).toEqual(CONTENT);
    const template = await t.call<LabelTemplate>('GET', `/api/label/template/${id}`, { token: admin });
    expect(template.body.data).toMatchObject({ id, name: '充装标签', version: 1, enabled: 1, dataSource: 'CYLINDER', content: CONTENT });
    // A station operator without 标签设置 may read the template his station prints; a user without a station key may not.
    const filler = await createLimitedUser(t, admin, 'lbfiller', ['produce:view', 'produce:filling']);
    const clerk = await createLimitedUser(t, admin, 'lbclerk', ['product:view']);
    const fillerToken = (await t.login(filler.username, filler.password)).token;
    const clerkToken = (await t.login(clerk.username, clerk.password)).token;
    expect((await t.call('GET', `/api/label/template/${id}`, { token: fillerToken })).body.code).toBe(0);
    expect((await t.call('POST', '/api/label/cylinderData', { token: fillerToken, body: { code: 'LBLPG1' } })).body.code).toBe(0);
    expect((await t.call('GET', `/api/label/template/${id}`, { token: clerkToken })).status).toBe(403);
    expect((await t.call('POST', '/api/label/cylinderData', { token: clerkToken, body: { code: 'LBLPG1' } })).status).toBe(403);
  });
});

describe('a label printed offline', () => {
  it('cylinderData with a kept scan\'s scanId says whether the server recorded that scan (the designed label is printed only then)', async () => {
    await plant.cylinder('LBLPG5', 'lpg');
    const scanId = randomUUID();
    const fill = () => t.call('POST', '/api/produce/filling', { token: admin, body: { code: 'LBLPG5', materialId: plant.lpg, filledWeight: 14.5, lotNo: 'LOT-LB-5', scanId } });
    // Refused (not picked yet): not recorded.
    expect((await fill()).body.code).toBe(-1);
    expect(await plant.ok('/api/label/cylinderData', { code: 'LBLPG5', scanId })).toMatchObject({ scanRecorded: false, cylinder: { code: 'LBLPG5' } });
    await plant.ok('/api/produce/addPicking', { code: 'LBLPG5', materialId: plant.lpg });
    expect((await fill()).body.code).toBe(0);
    expect(await plant.ok('/api/label/cylinderData', { code: 'LBLPG5', scanId })).toMatchObject({ scanRecorded: true, lastFill: { lotNo: 'LOT-LB-5' } });
    // Without a scanId the data is the label's data alone.
    expect(await dataOf('LBLPG5')).not.toHaveProperty('scanRecorded');
  });
});

describe('the public cylinder page', () => {
  it('gives a label a /q/ address that opens the cylinder without signing in, with no personal data', async () => {
    const data = await dataOf('LBLPG1');
    const url = new URL(data.cylinder.qrUrl);
    expect(url.pathname).toMatch(/^\/q\/LBLPG1-[a-z2-7]{16}$/);
    const res = await page(url.pathname);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    for (const text of ['液化气LB', '标签气体厂', 'TS-LB-01', '最近充装日期', '检验有效期至', '设计使用年限至', '已充装']) expect(res.body).toContain(text);
    expect(data.lastFill?.operator).toBeTruthy();
    expect(res.body).not.toContain(data.lastFill!.operator!);
    expect(res.body).not.toContain('LOT-LB-1');
  });

  it('refuses enumeration: a code alone, another code with a known signature and a wrong signature all look alike', async () => {
    await plant.cylinder('LBLPG2', 'lpg');
    const sig = new URL((await dataOf('LBLPG1')).cylinder.qrUrl).pathname.split('-').pop()!;
    const unknown = await page(`/q/NOSUCH-${sig}`);
    for (const path of ['/q/LBLPG2', `/q/LBLPG2-${sig}`, '/q/LBLPG2-aaaaaaaaaaaaaaaa', `/q/LBLPG2-${sig.toUpperCase()}`]) {
      const res = await page(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.body).toBe(unknown.body);
    }
    expect((await page(new URL((await dataOf('LBLPG2')).cylinder.qrUrl).pathname)).statusCode).toBe(200);
    // Out of bounds: refused before anything is read, never a 500.
    for (const path of [`/q/${'A'.repeat(300)}`, '/q/A%00-aaaaaaaaaaaaaaaa']) {
      const res = await page(path);
      expect(res.statusCode, path).toBeLessThan(500);
      expect(res.body, path).not.toContain('<dl>');
    }
  });

  it('warns in red when the inspection is overdue or the cylinder scrapped', async () => {
    await plant.cylinder('LBLPG3', 'lpg');
    const path = new URL((await dataOf('LBLPG3')).cylinder.qrUrl).pathname;
    await t.db.updateTable('cylinders').set({ next_inspection_date: '2020-01-01' }).where('code', '=', 'LBLPG3').execute();
    expect((await page(path)).body).toMatch(/class="warn"[^>]*>.*已超过检验有效期（2020-01-01）/);
    const { id } = await t.db.selectFrom('cylinders').select('id').where('code', '=', 'LBLPG3').executeTakeFirstOrThrow();
    await forceStatus(t, id, 0);
    expect((await page(path)).body).toContain('该气瓶已报废，禁止充装和使用');
  });

  it('answers on every server of the plant: the signature comes from the database, not the process', async () => {
    const path = new URL((await dataOf('LBLPG1')).cylinder.qrUrl).pathname;
    const other = await buildApp({ config: testConfig({ accessTokenSecret: 'another-server-another-secret-0123456789' }), db: t.db });
    try {
      expect((await other.inject({ method: 'GET', url: path })).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('is turned off on 企业信息 and takes the public address from there', async () => {
    await plant.ok('/api/company/save', { companyName: '标签气体厂', licenceNo: 'TS-LB-01', publicPage: 0, publicUrl: 'https://trace.example.cn/' });
    const data = await dataOf('LBLPG1');
    expect(data.cylinder.qrUrl).toMatch(/^https:\/\/trace\.example\.cn\/q\/LBLPG1-/);
    const off = await page(new URL(data.cylinder.qrUrl).pathname);
    expect(off.statusCode).toBe(404);
    expect(off.body).toContain('该企业未开放气瓶信息查询');
    // Saved again without the switch (an older screen): it stays off.
    await plant.ok('/api/company/save', { companyName: '标签气体厂', publicUrl: 'https://trace.example.cn' });
    expect((await t.call<{ publicPage: number }>('GET', '/api/company/info', { token: admin })).body.data.publicPage).toBe(0);
    await plant.ok('/api/company/save', { companyName: '标签气体厂', licenceNo: 'TS-LB-01', publicPage: 1 });
    expect((await page(new URL(data.cylinder.qrUrl).pathname)).statusCode).toBe(200);
    expect((await t.call('POST', '/api/company/save', { token: admin, body: { publicUrl: 'javascript:alert(1)' } })).body.code).toBe(-1);
  });

  it('is rate-limited per address and serves a burst from its short cache', async () => {
    const limited = await buildApp({ config: testConfig({ qrPageRateLimit: 5, qrPageCacheSeconds: 60 }), db: t.db });
    try {
      const path = new URL((await dataOf('LBLPG1')).cylinder.qrUrl).pathname;
      const get = (ip: string) => limited.inject({ method: 'GET', url: path, remoteAddress: ip });
      for (let i = 0; i < 5; i++) expect((await get('10.1.1.1')).statusCode).toBe(200);
      const sixth = await get('10.1.1.1');
      expect(sixth.statusCode).toBe(429);
      expect(sixth.body).toContain('查询过于频繁');
      expect((await get('10.1.1.2')).statusCode).toBe(200);
      // Cached: the cylinder's change shows after the window, not at once (QR_PAGE_CACHE_SECONDS).
      await t.db.updateTable('cylinders').set({ next_inspection_date: '2021-02-03' }).where('code', '=', 'LBLPG1').execute();
      expect((await get('10.1.1.3')).body).not.toContain('2021-02-03');
      expect((await page(path)).body).toContain('2021-02-03');
    } finally {
      await limited.close();
    }
  });
});

describe('label data for printing', () => {
  it('needs 标签设置 or a station key', async () => {
    const res = await t.call('POST', '/api/label/cylinderData', { token: admin, body: { code: 'NOSUCH' } });
    expect(res.body).toMatchObject({ code: -1, msg: '气瓶不存在：NOSUCH' });
    expect((await t.call('POST', '/api/label/cylinderData', { token: admin, body: { code: 'a\u0000' } })).body.code).toBe(-1);
    expect((await t.call('GET', '/api/label/template/99999', { token: admin })).body.code).toBe(-1);
  });
});
