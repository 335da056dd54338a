import { ENTERPRISE } from '@shared/api/enterprise';
import { api } from '@renderer/store/api';
import { mutationOf, queryOf } from '@renderer/store/endpoints';

/** Customer and supplier calls (src/shared/api/enterprise.ts). */
export const enterpriseApi = api.injectEndpoints({
  endpoints: (b) => ({
    enterprisePage: queryOf(b, ENTERPRISE.page, { tags: ['Enterprise'] }),
    enterprise: queryOf(b, ENTERPRISE.info, { tags: ['Enterprise'] }),
    saveEnterprise: mutationOf(b, ENTERPRISE.save, { tags: ['Enterprise'] }),
    deleteEnterprise: mutationOf(b, ENTERPRISE.delete, { tags: ['Enterprise'] }),
    /** Silent: the import dialog shows the row-by-row report itself. */
    importEnterprises: mutationOf(b, ENTERPRISE.import, { tags: ['Enterprise'], silent: true }),
  }),
});
