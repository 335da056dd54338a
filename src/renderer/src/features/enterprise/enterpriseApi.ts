import type { AreaNode } from '@shared/api/area';
import type { PageResult } from '@shared/api/envelope';
import type { EnterpriseFilters, EnterprisePageQuery, EnterpriseRow, EnterpriseSaveBody } from '@shared/api/enterprise';
import { http } from '@renderer/http/client';

export const fetchEnterprisePage = (params: EnterprisePageQuery): Promise<PageResult<EnterpriseRow>> => http.post('/enterprise/listPage', params);
export const fetchEnterprise = (id: number): Promise<EnterpriseRow> => http.get(`/enterprise/info/${id}`);
export const saveEnterprise = (body: EnterpriseSaveBody): Promise<{ id: number }> => http.post('/enterprise/save', body);
export const deleteEnterprise = (id: number): Promise<null> => http.post('/enterprise/delete', { id });
export const fetchAreaTree = (): Promise<AreaNode[]> => http.get('/area/getAreaInfoAllList');

/** Sends a spreadsheet; a refusal is shown by the caller (the row-by-row report), not as a toast. */
export function importEnterprises(file: File): Promise<{ imported: number }> {
  const form = new FormData();
  form.append('file', file, file.name);
  return http.post('/enterprise/importEnterprise', form, { silent: true });
}

/** The client saves a named blob answer as a file. */
export const downloadTemplate = (): Promise<Blob> => http.get('/enterprise/template', undefined, { responseType: 'blob' });
export const exportEnterprises = (filters: EnterpriseFilters): Promise<Blob> => http.post('/enterprise/export', filters, { responseType: 'blob' });
