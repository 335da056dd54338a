import type { PageResult } from '@shared/api/envelope';
import type { DuePageQuery, DueRow, InspectionBody, InspectionHistoryQuery, InspectionRow } from '@shared/api/inspection';
import { http } from '@renderer/http/client';

/** Periodic inspection calls (src/shared/api/inspection.ts), paths under /api. */
export const fetchDuePage = (q: DuePageQuery) => http.post<PageResult<DueRow>>('/detect/listPage', q);
export const recordInspection = (body: InspectionBody) => http.post<{ id: number; nextDate: string | null }>('/detect/record', body);
export const fetchHistoryPage = (q: InspectionHistoryQuery) => http.post<PageResult<InspectionRow>>('/detect/history', q);
