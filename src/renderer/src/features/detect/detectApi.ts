import { DETECT } from '@shared/api/inspection';
import { api } from '@renderer/store/api';
import { mutationOf, queryOf } from '@renderer/store/endpoints';

/** Periodic inspection calls (src/shared/api/inspection.ts). A record may scrap the cylinder: lists and counts follow. */
export const detectApi = api.injectEndpoints({
  endpoints: (b) => ({
    duePage: queryOf(b, DETECT.duePage, { tags: ['Inspection'] }),
    inspectionHistory: queryOf(b, DETECT.history, { tags: ['Inspection'] }),
    recordInspection: mutationOf(b, DETECT.record, { tags: ['Inspection', 'Product', 'StatusCount'] }),
  }),
});
