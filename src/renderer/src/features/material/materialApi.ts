import type { PageResult } from '@shared/api/envelope';
import type { MaterialOption, MaterialPageQuery, MaterialRow, MaterialSaveBody, MaterialStatusBody } from '@shared/api/material';
import { http } from '@renderer/http/client';

export const fetchMaterialPage = (params: MaterialPageQuery): Promise<PageResult<MaterialRow>> => http.post('/material/listPage', params);
export const saveMaterial = (body: MaterialSaveBody): Promise<{ id: number }> => http.post('/material/save', body);
export const setMaterialStatus = (body: MaterialStatusBody): Promise<null> => http.post('/material/startOrStop', body);
export const fetchMaterialOptions = (): Promise<MaterialOption[]> => http.get('/material/dropDown');
