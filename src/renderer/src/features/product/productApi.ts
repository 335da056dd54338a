import { PRODUCT } from '@shared/api/product';
import { api } from '@renderer/store/api';
import { mutationOf, queryOf } from '@renderer/store/endpoints';

/** What a change to cylinders makes stale: every cylinder list and the status tabs' counts. */
const CHANGED = ['Product', 'StatusCount'] as const;

/** Cylinder archive calls (src/shared/api/product.ts). */
export const productApi = api.injectEndpoints({
  endpoints: (b) => ({
    productPage: queryOf(b, PRODUCT.page, { tags: ['Product'] }),
    statusCounts: queryOf(b, PRODUCT.statusCount, { tags: ['StatusCount'] }),
    /** With its trace: any action writing a trace event (a corrected test record too) makes it stale. */
    product: queryOf(b, PRODUCT.info, { tags: ['Product', 'Trace'] }),
    hickeyPage: queryOf(b, PRODUCT.hickeyPage, { tags: ['Product'] }),
    addProduct: mutationOf(b, PRODUCT.add, { tags: [...CHANGED] }),
    scrapProduct: mutationOf(b, PRODUCT.scrap, { tags: [...CHANGED] }),
    deleteProduct: mutationOf(b, PRODUCT.delete, { tags: [...CHANGED] }),
    updateHickey: mutationOf(b, PRODUCT.hickey, { tags: ['Product'] }),
    /** Silent: the import dialog shows the row-by-row report itself. */
    importProducts: mutationOf(b, PRODUCT.import, { tags: [...CHANGED], silent: true }),
  }),
});
