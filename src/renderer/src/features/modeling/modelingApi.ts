import { DATA_SOURCE } from '@shared/api/dataSource';
import { SETTING } from '@shared/api/setting';
import { api } from '@renderer/store/api';
import { mutationOf, queryOf } from '@renderer/store/endpoints';

/** 记录建模: the data sources' fields and the RECORD settings (kind RECORD of /api/setting/*). */
export const modelingApi = api.injectEndpoints({
  endpoints: (b) => ({
    sourceFields: queryOf(b, DATA_SOURCE.content, { tags: ['DataSource'] }),
    recordSettings: queryOf(b, SETTING.list, { tags: ['RecordSetting'] }),
    recordInfo: queryOf(b, SETTING.info, { tags: ['RecordSetting'] }),
    saveRecord: mutationOf(b, SETTING.save, { tags: ['RecordSetting'] }),
  }),
});
