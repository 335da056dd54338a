import { AUDIT } from '@shared/api/audit';
import { api } from '@renderer/store/api';
import { mutationOf, queryOf } from '@renderer/store/endpoints';

/** 客户盘点 (src/shared/api/audit.ts): the office's list and detail, the field app's submit. */
export const auditApi = api.injectEndpoints({
  endpoints: (b) => ({
    auditPage: queryOf(b, AUDIT.page, { tags: ['Audit'] }),
    auditInfo: queryOf(b, AUDIT.info, { tags: ['Audit'] }),
    auditLines: queryOf(b, AUDIT.lines, { tags: ['Audit'] }),
    submitAudit: mutationOf(b, AUDIT.submit, { tags: ['Audit'] }),
    reconcileAudit: mutationOf(b, AUDIT.reconcile, { tags: ['Audit', 'Product'] }),
  }),
});
