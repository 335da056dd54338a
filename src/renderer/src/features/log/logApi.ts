import { LOG } from '@shared/api/log';
import { api } from '@renderer/store/api';
import { mutationOf, queryOf } from '@renderer/store/endpoints';

/**
 * Operation-log and interface-log-setting calls (src/shared/api/log.ts). The log changes with every call
 * anyone makes, so its lists are not cached between visits; the settings screen reloads its table after a
 * change.
 */
export const logApi = api.injectEndpoints({
  endpoints: (b) => ({
    logPage: queryOf(b, LOG.page, { keepUnusedDataFor: 0 }),
    logInfo: queryOf(b, LOG.info, { keepUnusedDataFor: 0 }),
    logModules: queryOf(b, LOG.modules, { keepUnusedDataFor: 600 }),
    logInterfaces: queryOf(b, LOG.interfaces, { keepUnusedDataFor: 600 }),
    logParams: queryOf(b, LOG.params, { keepUnusedDataFor: 600 }),
    logSetPage: queryOf(b, LOG.setPage, { keepUnusedDataFor: 0 }),
    logsBySet: queryOf(b, LOG.bySet, { keepUnusedDataFor: 0 }),
    saveLogSet: mutationOf(b, LOG.saveSet),
    deleteLogSet: mutationOf(b, LOG.deleteSet),
  }),
});
