import { expect } from 'vitest';
import { addYears, today } from '../../src/server/lib/dates';
import type { TestApp } from './app-helper';
import { createEnterprise, createGas, createWarehouse } from './master-data-helper';

/**
 * Drives real scans through the API for the quality and recall tests: registration, pick, fill (with a lot),
 * inspection, re-weigh, product stock-in, outbound orders and recovery, each call checked to succeed.
 */
export class Plant {
  n2 = 0;
  lpg = 0;
  purity = 0;
  moisture = 0;
  looks = 0;
  store = 0;
  constructor(private readonly t: TestApp, private readonly token: string, private readonly tag: string) {}

  async setup(): Promise<void> {
    this.n2 = await createGas(this.t, this.token, { materialName: `氮气${this.tag}`, code: `N2${this.tag}`, reweighRequired: false });
    this.lpg = await createGas(this.t, this.token, {
      materialName: `液化气${this.tag}`, code: `LPG${this.tag}`, category: 'liquefied', reweighRequired: true, targetNetWeight: 14.5, weightTolerance: 0.5,
    });
    await this.ok('/api/produce/saveTestProject', { materialId: this.n2, projects: [
      { projectName: '纯度', standardMin: 99.99, unit: '%', required: true }, { projectName: '水分', standardMax: 10, unit: 'ppm', required: true }] });
    await this.ok('/api/produce/saveTestProject', { materialId: this.lpg, projects: [{ projectName: '外观', standardText: '无损伤', required: true }] });
    const projects = await this.t.db.selectFrom('test_projects').select(['id', 'project_name', 'material_id'])
      .where('material_id', 'in', [this.n2, this.lpg]).execute();
    const idOf = (name: string) => projects.find((p) => p.project_name === name)!.id;
    [this.purity, this.moisture, this.looks] = [idOf('纯度'), idOf('水分'), idOf('外观')];
    this.store = await createWarehouse(this.t, this.token, { warehouseName: `成品库${this.tag}`, kind: 'finished' });
  }

  customer = (name: string, extra: Record<string, unknown> = {}) => createEnterprise(this.t, this.token, { enterpriseName: name, ...extra });

  async ok<T = unknown>(path: string, body: unknown, as = this.token): Promise<T> {
    const res = await this.t.call<T>('POST', path, { token: as, body, headers: { 'x-workstation': 'qa' } });
    expect(res.body.code, `${path} ${JSON.stringify(body)}: ${res.body.msg}`).toBe(0);
    return res.body.data;
  }

  async cylinder(code: string, gas: 'n2' | 'lpg'): Promise<number> {
    const TODAY = today();
    await this.ok('/api/product/addProduct', {
      code, materialId: this[gas], specification: gas === 'n2' ? '40L' : 'YSP-15', manufactureDate: addYears(TODAY, -1),
      nextInspectionDate: addYears(TODAY, 2), tareWeight: 15,
    });
    return (await this.t.db.selectFrom('cylinders').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
  }

  async fill(code: string, gas: 'n2' | 'lpg', lotNo: string, as = this.token): Promise<void> {
    await this.ok('/api/produce/addPicking', { code }, as);
    await this.ok('/api/produce/filling', gas === 'n2'
      ? { code, materialId: this.n2, lotNo, filledPressure: 15 } : { code, materialId: this.lpg, lotNo, filledWeight: 14.5 }, as);
  }

  /** N2: purity and moisture (a failing value fails that item); LPG: looks. */
  async test(code: string, gas: 'n2' | 'lpg', fail: Array<'纯度' | '水分'> = [], as = this.token): Promise<void> {
    const items = gas === 'lpg' ? [{ projectId: this.looks, passed: true }]
      : [{ projectId: this.purity, value: fail.includes('纯度') ? 99.5 : 99.995 }, { projectId: this.moisture, value: fail.includes('水分') ? 20 : 3 }];
    await this.ok('/api/produce/testResult', { code, items }, as);
  }

  reweigh = (code: string, grossWeight: number, as = this.token) => this.ok('/api/produce/metage', { code, grossWeight, source: 'scale' }, as);
  stockIn = (code: string) => this.ok('/api/storageOrder/inStock', { type: 'productRK', warehouseId: this.store, code });

  /** One outbound order to the customer holding `codes`, completed; its order number. */
  async ship(customerId: number, codes: Array<{ code: string; gas: 'n2' | 'lpg' }>, as = this.token): Promise<string> {
    const lines = (['n2', 'lpg'] as const).map((g) => ({ materialId: this[g], quantity: codes.filter((c) => c.gas === g).length })).filter((l) => l.quantity > 0);
    const order = await this.ok<{ id: number; orderNo: string }>('/api/storageOrder/outStock', { type: 'productCK', customerId, lines }, as);
    for (const { code } of codes) await this.ok('/api/storageOrder/scanOutStock', { orderId: order.id, code }, as);
    await this.ok('/api/storageOrder/outStock', { id: order.id, complete: true }, as);
    return order.orderNo;
  }

  recover = (code: string) => this.ok('/api/storageOrder/scanHandel', { code });
}
