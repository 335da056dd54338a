import { FILE } from '@shared/api/file';
import { SETTING } from '@shared/api/setting';
import { api } from '@renderer/store/api';
import { mutationOf, queryOf } from '@renderer/store/endpoints';

/**
 * 报表模板 through the one settings store (kind REPORT of /api/setting/*) and the template upload. Tagged
 * 'Report' so the label and record screens do not refetch these.
 */
export const reportApi = api.injectEndpoints({
  endpoints: (b) => ({
    reportPage: queryOf(b, SETTING.page, { tags: ['Report'] }),
    reportList: queryOf(b, SETTING.list, { tags: ['Report'] }),
    reportInfo: queryOf(b, SETTING.info, { tags: ['Report'] }),
    saveReport: mutationOf(b, SETTING.save, { tags: ['Report'] }),
    copyReport: mutationOf(b, SETTING.copy, { tags: ['Report'] }),
    /** Silent: a refused template (an unknown placeholder) is shown inside the upload dialog. */
    uploadTemplate: mutationOf(b, FILE.uploadReportTemplate, { silent: true }),
  }),
});
