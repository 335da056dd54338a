import { INSPECTION_ITEM } from '@shared/api/inspectionItem';
import { api } from '@renderer/store/api';
import { mutationOf, queryOf } from '@renderer/store/endpoints';

/** Inspection items per gas (src/shared/api/inspectionItem.ts). */
export const inspectionItemApi = api.injectEndpoints({
  endpoints: (b) => ({
    testProjects: queryOf(b, INSPECTION_ITEM.list, { tags: ['TestProject'] }),
    saveTestProjects: mutationOf(b, INSPECTION_ITEM.save, { tags: ['TestProject'] }),
  }),
});
