import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecallRow } from '../../src/shared/api/quality';
import type { CylinderSourceData } from '../../src/shared/dataSources';
import type { PageResult } from '../../src/shared/api/schema';
import { buildTestApp, type TestApp } from './app-helper';
import { createWarehouse } from './master-data-helper';
import { Plant } from './quality-helper';

/**
 * What the documents say, read from the PDF the print call answers with the shipped templates: a lot's
 * 产品合格证 lists every fill recorded with the lot (a cylinder filled again later in another lot included),
 * each with the inspection and re-weigh of that fill, and states that the lot passed only when every row did;
 * 质量证明书 and 发货清单 of an outbound order judge each cylinder by the fill it was shipped with, alike.
 */
let t: TestApp;
let admin: string;
let plant: Plant;
let other: Plant;
let shippedOrder = 0;
let changedOrder = 0;
/** T-AGAIN's label data right after its refill, before that fill was inspected. */
let refilledLabel: CylinderSourceData | null = null;
const work = mkdtempSync(join(tmpdir(), 'document-truth-'));

const MIXED = 'L-TRUTH-01';
const LATER = 'L-TRUTH-02';
const CLEAN = 'L-TRUTH-03';
const LOT_PASS = '本批产品经检验合格，准予出厂';
const ORDER_PASS = '以上气瓶经检验合格，准予出厂';

/** The text of a PDF as pdftotext reads it (layout kept: a table row stays on its line). */
function pdfText(pdf: Buffer, name: string): string {
  const file = join(work, `${name}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

async function printed(body: Record<string, unknown>, name: string): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/report/printReprot', payload: body, headers: { authorization: `Bearer ${admin}` } });
  expect(res.headers['content-type'], res.body.slice(0, 200)).toBe('application/pdf');
  const text = pdfText(res.rawPayload, name);
  return text;
}
const lotCertificate = (lotNo: string) => printed({ reportKey: 'GRAIN_FORMULA_PACKAGE_GP_PROCESS_RECORD', lotNo }, lotNo);

/** The text with every run of spaces as one. */
const flat = (text: string) => text.replace(/[ \t]+/g, ' ');
/** The table row of a cylinder (its cells on one line), from its code to the verdict in the last filled cell. */
const rowOf = (text: string, code: string) => {
  const rows = text.split('\n').filter((l) => l.includes(code) && /合格|待定/.test(l));
  expect(rows, `${code} in\n${text}`).toHaveLength(1);
  return rows[0]!.replace(/\s+/g, ' ').trim();
};
/** The row's last cell that is a verdict: 判定 is the last verdict column of every shipped template. */
const verdictOf = (row: string) => row.match(/(合格|不合格|待定)(?!.*(合格|不合格|待定))/)?.[1];

beforeAll(async () => {
  t = await buildTestApp();
  admin = (await t.login()).token;
  plant = new Plant(t, admin, 'T');
  await plant.setup();
  const customer = await plant.customer('华北气体用户');
  const empty = await createWarehouse(t, admin, { warehouseName: '空瓶库T', kind: 'empty' });

  // Lot MIXED: five fills, two pass.
  await plant.cylinder('T-PASS', 'n2');
  await plant.fill('T-PASS', 'n2', MIXED);
  await plant.test('T-PASS', 'n2');
  await plant.cylinder('T-HEAVY', 'lpg');
  await plant.fill('T-HEAVY', 'lpg', MIXED);
  await plant.test('T-HEAVY', 'lpg');
  await plant.reweigh('T-HEAVY', 30.3); // tare 15: net 15.3 against 14.5 ± 0.5 → 待分析
  await plant.cylinder('T-WET', 'n2');
  await plant.fill('T-WET', 'n2', MIXED);
  await plant.test('T-WET', 'n2', ['水分']);
  await plant.cylinder('T-WAIT', 'lpg');
  await plant.fill('T-WAIT', 'lpg', MIXED);
  // T-AGAIN passes in MIXED, is shipped, comes back and is filled again in LATER, where it fails.
  await plant.cylinder('T-AGAIN', 'n2');
  await plant.fill('T-AGAIN', 'n2', MIXED);
  await plant.test('T-AGAIN', 'n2');
  await plant.stockIn('T-AGAIN');

  // Lot CLEAN: every fill passed; T-GOOD-LPG is shipped with T-AGAIN.
  await plant.cylinder('T-GOOD-N2', 'n2');
  await plant.fill('T-GOOD-N2', 'n2', CLEAN);
  await plant.test('T-GOOD-N2', 'n2');
  await plant.cylinder('T-GOOD-LPG', 'lpg');
  await plant.fill('T-GOOD-LPG', 'lpg', CLEAN);
  await plant.test('T-GOOD-LPG', 'lpg');
  await plant.reweigh('T-GOOD-LPG', 29.6);
  await plant.stockIn('T-GOOD-LPG');

  const orderNo = await plant.ship(customer, [{ code: 'T-AGAIN', gas: 'n2' }, { code: 'T-GOOD-LPG', gas: 'lpg' }]);
  shippedOrder = (await t.db.selectFrom('storage_orders').select('id').where('order_no', '=', orderNo).executeTakeFirstOrThrow()).id;
  await plant.recover('T-AGAIN');
  await plant.ok('/api/storageOrder/inStock', { type: 'spaceRk', warehouseId: empty, code: 'T-AGAIN' });
  await plant.fill('T-AGAIN', 'n2', LATER);
  refilledLabel = await plant.ok<CylinderSourceData>('/api/label/cylinderData', { code: 'T-AGAIN' });
  await plant.test('T-AGAIN', 'n2', ['纯度']);

  // Another plant's gases: its nitrogen is shipped without a re-weigh, then the plant starts re-weighing nitrogen.
  other = new Plant(t, admin, 'U');
  await other.setup();
  for (const [code, gas] of [['U-N2', 'n2'], ['U-LPG', 'lpg']] as const) {
    await other.cylinder(code, gas);
    await other.fill(code, gas, 'L-TRUTH-U');
    await other.test(code, gas);
    if (gas === 'lpg') await other.reweigh(code, 29.4);
    await other.stockIn(code);
  }
  const changed = await other.ship(customer, [{ code: 'U-N2', gas: 'n2' }, { code: 'U-LPG', gas: 'lpg' }]);
  changedOrder = (await t.db.selectFrom('storage_orders').select('id').where('order_no', '=', changed).executeTakeFirstOrThrow()).id;
  await other.ok('/api/material/save', {
    id: other.n2, materialName: '氮气U', code: 'N2U', category: 'compressed', reweighRequired: true, targetNetWeight: 10, weightTolerance: 1,
  });
}, 180_000);
afterAll(async () => {
  await t?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('产品合格证 of a lot', { timeout: 120_000 }, () => {
  it('lists every fill of the lot — the recall\'s list — each with its own verdicts, and does not state that the lot passed', async () => {
    const text = await lotCertificate(MIXED);
    expect(text).not.toContain(LOT_PASS);
    const recall = await plant.ok<PageResult<RecallRow>>('/api/qualityCenter/recallList', { lotNo: MIXED, size: 50 });
    expect(recall.total).toBe(5);
    const codes = ['T-PASS', 'T-HEAVY', 'T-WET', 'T-WAIT', 'T-AGAIN'];
    expect(recall.list.map((r) => r.code)).toEqual(codes);
    for (const code of codes) rowOf(text, code);
    expect(text).toContain('充装记录：5 条');

    expect(verdictOf(rowOf(text, 'T-PASS'))).toBe('合格');
    expect(rowOf(text, 'T-HEAVY')).toMatch(/15\.3 超重 不合格$/);
    expect(rowOf(text, 'T-WET')).toMatch(/ 不合格 .*不合格$/);
    expect(rowOf(text, 'T-WAIT')).toMatch(/未检验 未复秤 待定$/);
    // Judged by the inspection of its fill in this lot, not by its later failed one in LATER.
    expect(rowOf(text, 'T-AGAIN')).toMatch(/ 合格 不需复秤 合格$/);

    expect(flat(text)).toContain('合格 2 不合格 2 待定 1');
    expect(text).toContain('结论：2 合格 / 3 不合格或待定');
  });

  it('a cylinder filled again lists its later fill under the later lot, with that fill\'s failed inspection', async () => {
    const text = await lotCertificate(LATER);
    expect(rowOf(text, 'T-AGAIN')).toMatch(/ 不合格 不需复秤 不合格$/);
    expect(flat(text)).toContain('合格 0 不合格 1 待定 0');
    expect(text).toContain('结论：0 合格 / 1 不合格或待定');
    expect(text).not.toContain(LOT_PASS);
  });

  it('a lot whose every fill passed states that it passed', async () => {
    const text = await lotCertificate(CLEAN);
    expect(verdictOf(rowOf(text, 'T-GOOD-N2'))).toBe('合格');
    expect(rowOf(text, 'T-GOOD-LPG')).toMatch(/14\.6 合格 合格$/);
    expect(flat(text)).toContain('合格 2 不合格 0 待定 0');
    expect(text).toContain(`结论：${LOT_PASS}`);
  });
});

describe('质量证明书 and 发货清单 of an outbound order', { timeout: 120_000 }, () => {
  const documents = [['QUALITY_CERTIFICATE', '质量证明书'], ['ACCOMPANYING_LIST', '发货清单']] as const;

  it('judge each cylinder by the fill it was shipped with: a later refill that failed changes nothing, so the order passed', async () => {
    for (const [reportKey, title] of documents) {
      const text = await printed({ reportKey, orderId: shippedOrder }, `${reportKey}-shipped`);
      expect(text).toContain(title);
      expect(rowOf(text, 'T-AGAIN')).toContain(MIXED);
      expect(text).not.toContain(LATER);
      expect(verdictOf(rowOf(text, 'T-AGAIN'))).toBe('合格');
      expect(verdictOf(rowOf(text, 'T-GOOD-LPG'))).toBe('合格');
      expect(flat(text)).toContain('合格 2 不合格 0 待定 0');
      expect(text).toContain(`结论：${ORDER_PASS}`);
    }
  });

  it('do not state that the cylinders passed when one lacks a re-weigh its gas asks for: the counts instead', async () => {
    for (const [reportKey] of documents) {
      const text = await printed({ reportKey, orderId: changedOrder }, `${reportKey}-changed`);
      expect(rowOf(text, 'U-N2')).toMatch(/未复秤 待定/);
      expect(verdictOf(rowOf(text, 'U-LPG'))).toBe('合格');
      expect(flat(text)).toContain('合格 1 不合格 0 待定 1');
      expect(text).toContain('结论：1 合格 / 1 不合格或待定');
      expect(text).not.toContain(ORDER_PASS);
    }
  });
});

describe('a cylinder\'s label and document data (CYLINDER)', () => {
  it('pairs its last fill with that fill\'s inspection: none yet after a refill, not the previous fill\'s pass', () => {
    expect(refilledLabel?.lastFill).toMatchObject({ lotNo: LATER });
    expect(refilledLabel?.lastInspection).toBeNull();
    expect(refilledLabel?.lastWeigh).toBeNull();
  });
});
