import { PERIODIC_INSPECTION } from '@shared/api/periodicInspection';
import { api } from '@renderer/store/api';
import { mutationOf, queryOf } from '@renderer/store/endpoints';

/** Periodic inspection calls (src/shared/api/periodicInspection.ts). A record may scrap the cylinder: lists and counts follow. */
export const periodicInspectionApi = api.injectEndpoints({
  endpoints: (b) => ({
    duePage: queryOf(b, PERIODIC_INSPECTION.duePage, { tags: ['Inspection'] }),
    inspectionHistory: queryOf(b, PERIODIC_INSPECTION.history, { tags: ['Inspection'] }),
    recordInspection: mutationOf(b, PERIODIC_INSPECTION.record, { tags: ['Inspection', 'Product', 'StatusCount'] }),
  }),
});
