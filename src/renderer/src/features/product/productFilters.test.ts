import { describe, expect, it } from 'vitest';
import { toProductFilters } from './productFilters';

describe('toProductFilters', () => {
  it('maps the owner and location choices, the manufacture range and the due date to the list contract', () => {
    const filters = toProductFilters({
      code: ' QP ', steelStamp: '', materialId: 3, owner: 'c7', location: 'w2',
      manufactureDate: ['2020-01-01', '2020-12-31'], inspectionDueBefore: '2026-12-31',
    });
    expect(filters).toEqual({
      code: 'QP', materialId: 3, ownerType: 2, ownerEnterpriseId: 7, warehouseId: 2,
      manufactureDateStart: '2020-01-01', manufactureDateEnd: '2020-12-31', inspectionDueBefore: '2026-12-31',
    });
  });

  it('own cylinders and a customer location', () => {
    expect(toProductFilters({ owner: 'own', location: 'c9', manufactureDate: [null, '2021-01-01'] })).toEqual({
      ownerType: 1, locationEnterpriseId: 9, manufactureDateEnd: '2021-01-01',
    });
  });

  it('nothing chosen: no filters', () => {
    expect(toProductFilters({})).toEqual({});
  });
});
