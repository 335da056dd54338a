import { OFFLINE } from '@shared/api/offline';
import { api } from '@renderer/store/api';
import { mutationOf, queryOf } from '@renderer/store/endpoints';

export { OFFLINE };

/** The stations' offline calls (src/shared/api/offline.ts) that screens use; the sync loop calls the rest. */
export const offlineApi = api.injectEndpoints({
  endpoints: (b) => ({
    /** Silent: the header shows the count, or nothing when the server is away. */
    offlineExceptions: queryOf(b, OFFLINE.exceptionListPage, { tags: ['OfflineException'], silent: true }),
    resolveOfflineException: mutationOf(b, OFFLINE.exceptionResolve, { tags: ['OfflineException', 'Product', 'StatusCount', 'Trace', 'Produce', 'StationCount'] }),
    workstationQueues: queryOf(b, OFFLINE.queues, { tags: ['OfflineQueue'] }),
  }),
});
