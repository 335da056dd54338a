import type { EnterpriseOption } from '@shared/api/enterprise';
import type { PageResult } from '@shared/api/envelope';
import type { MaterialOption } from '@shared/api/material';
import type {
  AddProductBody, HickeyBody, HickeyPageQuery, HickeyRow, ProductDetail, ProductFilters, ProductPageQuery, ProductRow, ScrapBody, StatusCount,
} from '@shared/api/product';
import type { WarehouseOption } from '@shared/api/warehouse';
import { http } from '@renderer/http/client';

/** Cylinder archive calls (src/shared/api/product.ts), paths under /api. */
export const fetchProductPage = (q: ProductPageQuery) => http.post<PageResult<ProductRow>>('/product/listPage', q);
export const fetchStatusCounts = () => http.get<StatusCount[]>('/product/statusCount');
export const fetchProduct = (id: number) => http.get<ProductDetail>(`/product/info/${id}`);
export const addProduct = (body: AddProductBody) => http.post<{ count: number; codes: string[] }>('/product/addProduct', body);
export const scrapProduct = (body: ScrapBody) => http.post<null>('/product/scrap', body);
export const deleteProduct = (id: number) => http.post<null>('/product/delAllProcess', { id });
export const fetchHickeyPage = (q: HickeyPageQuery) => http.post<PageResult<HickeyRow>>('/product/listHickeyHistory', q);
export const updateHickey = (body: HickeyBody) => http.post<null>('/product/updateHickey', body);
/** The server saves the file through the client's download handling (Content-Disposition). */
export const exportProducts = (filters: ProductFilters) => http.post<Blob>('/product/export', filters, { responseType: 'blob' });
export const downloadTemplate = () => http.get<Blob>('/product/template', undefined, { responseType: 'blob' });

/** Silent: the dialog shows the server's row-by-row report itself. */
export function importProducts(file: File): Promise<{ imported: number }> {
  const form = new FormData();
  form.append('file', file, file.name);
  return http.post<{ imported: number }>('/product/importProduct', form, { silent: true });
}

export const fetchMaterialOptions = () => http.get<MaterialOption[]>('/material/dropDown');
export const fetchWarehouseOptions = () => http.get<WarehouseOption[]>('/wdwarehouse/getWareList');
export const fetchCustomerOptions = () => http.post<EnterpriseOption[]>('/enterprise/list', { type: '2' });
