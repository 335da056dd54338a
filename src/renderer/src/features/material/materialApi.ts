import { MATERIAL } from '@shared/api/material';
import { api } from '@renderer/store/api';
import { mutationOf, queryOf } from '@renderer/store/endpoints';

/** Gas calls (src/shared/api/material.ts). */
export const materialApi = api.injectEndpoints({
  endpoints: (b) => ({
    materialPage: queryOf(b, MATERIAL.page, { tags: ['Material'] }),
    saveMaterial: mutationOf(b, MATERIAL.save, { tags: ['Material'] }),
    setMaterialStatus: mutationOf(b, MATERIAL.setStatus, { tags: ['Material'] }),
  }),
});
