import type { InternalAxiosRequestConfig } from 'axios';
import type { ProductRow, StatusCount } from '@shared/api/product';
import { heldWarehouse, placeOf } from '@shared/cylinder/place';
import { http } from '@renderer/http/client';
import { fakeAdapter, ok, type FakeReply } from '@renderer/test/fakeAdapter';

/** A cylinder row for the screen tests. */
export function productRow(id: number, code: string, status = 2): ProductRow {
  const warehouseId = heldWarehouse({ status, warehouseId: 1, inWorkshop: false });
  return {
    id, code, steelStamp: `GS${id}`, materialId: 1, materialName: '氮气', ownerType: 1, ownerEnterpriseId: null, ownerName: '自有',
    manufacturer: null, manufactureDate: '2023-01-01', specification: '40L', waterVolume: 40, tareWeight: 50, workingPressure: 15,
    designLifeYears: 30, lastInspectionDate: null, nextInspectionDate: '2027-01-01', status, place: placeOf({ status, warehouseId: 1, inWorkshop: false }), warehouseId, warehouseName: warehouseId ? '空瓶库' : null,
    locationEnterpriseId: null, locationName: null, valveNo: 'QF-1', remark: null, createdAt: '2026-01-01T00:00:00Z',
  };
}

export const bodyOf = (c: InternalAxiosRequestConfig): Record<string, unknown> => JSON.parse(c.data as string) as Record<string, unknown>;

/**
 * A fake cylinder server: the list filtered by status, the counts from the rows, scrap turning a row to 0.
 * `override` answers a path first (e.g. a refused import).
 */
export function serveProducts(rows: ProductRow[], override: (c: InternalAxiosRequestConfig) => FakeReply | undefined = () => undefined) {
  const counts = (): StatusCount[] => Array.from({ length: 14 }, (_, s) => ({ status: s, count: rows.filter((r) => r.status === s).length }));
  const adapter = fakeAdapter((c) => {
    const answer = override(c);
    if (answer) return answer;
    switch (c.url) {
      case '/product/statusCount': return ok(counts());
      case '/product/listPage': {
        const q = bodyOf(c);
        const list = rows.filter((r) => (q.status === undefined || r.status === q.status) && (!q.code || r.code.startsWith(q.code as string)));
        // Copies, as over a network: the client's store freezes what it receives.
        return ok({ list: list.map((r) => ({ ...r })), total: list.length });
      }
      case '/product/scrap': {
        const row = rows.find((r) => r.id === bodyOf(c).id);
        if (row) row.status = 0;
        return ok(null);
      }
      case '/material/dropDown': return ok([{ id: 1, materialName: '氮气', materialShortName: 'N2', code: 'N2', category: 'compressed' }]);
      case '/wdwarehouse/getWareList': return ok([{ id: 1, warehouseName: '空瓶库', warehouseCode: 'KP01', kind: 'empty' }]);
      case '/enterprise/list': return ok([{ id: 7, type: '2', enterpriseName: '甲客户', enterpriseCode: 'KH0001' }]);
      default: return ok(null);
    }
  });
  http.setAdapter(adapter);
  return adapter;
}

/** The first visit loads the lazy screen (DataGrid included), which takes seconds on a busy machine. */
export const SCREEN_LOAD = { timeout: 15_000 };
