import { describe, expect, it } from 'vitest';
import { inspectionVerdict, type InspectionProject } from './inspection';

const project = (id: number, over: Partial<InspectionProject>): InspectionProject => ({
  id, projectName: `项目${id}`, standardMin: null, standardMax: null, standardText: null, unit: null, required: true, ...over,
});

describe('the failed items of an inspection, in words', () => {
  it('names the standard where there is one, and no empty standard where there is none', () => {
    const projects = [project(1, { projectName: '外观' }), project(2, { projectName: '纯度', standardMin: 99.99, unit: '%' }), project(3, { projectName: '气味', standardText: '无异味' })];
    const verdict = inspectionVerdict(projects, { items: [{ projectId: 1, passed: false }, { projectId: 2, value: 99.5 }, { projectId: 3, passed: false }] }, 'GP0001');
    expect(verdict).toMatchObject({ ok: true, passed: false, failed: ['外观', '纯度 99.5%（标准 ≥99.99%）', '气味（标准 无异味）'] });
  });
});
