import type { PageResult } from '@shared/api/envelope';
import type { WarehousePageQuery, WarehouseRow, WarehouseSaveBody } from '@shared/api/warehouse';
import { http } from '@renderer/http/client';

export const fetchWarehousePage = (params: WarehousePageQuery): Promise<PageResult<WarehouseRow>> => http.post('/wdwarehouse/listPage', params);
export const saveWarehouse = (body: WarehouseSaveBody): Promise<{ id: number }> => http.post('/wdwarehouse/saveAndEditWare', body);
export const deleteWarehouse = (id: number): Promise<null> => http.post('/wdwarehouse/deleteById', { id });
