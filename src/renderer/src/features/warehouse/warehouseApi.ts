import { WAREHOUSE } from '@shared/api/warehouse';
import { api } from '@renderer/store/api';
import { mutationOf, queryOf } from '@renderer/store/endpoints';

/** Warehouse calls (src/shared/api/warehouse.ts). A deleted warehouse also leaves the cylinders' lists. */
export const warehouseApi = api.injectEndpoints({
  endpoints: (b) => ({
    warehousePage: queryOf(b, WAREHOUSE.page, { tags: ['Warehouse'] }),
    saveWarehouse: mutationOf(b, WAREHOUSE.save, { tags: ['Warehouse'] }),
    deleteWarehouse: mutationOf(b, WAREHOUSE.delete, { tags: ['Warehouse', 'Product'] }),
  }),
});
