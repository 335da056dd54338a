import { DATA_SOURCE } from '@shared/api/dataSource';
import { SETTING } from '@shared/api/setting';
import { api } from '@renderer/store/api';
import { mutationOf, queryOf } from '@renderer/store/endpoints';
import { DELETE_DATA_FIELD, SAVE_DATA_FIELD } from '@renderer/features/report/pendingApi';

/** 记录建模: the data sources' fields and the RECORD settings (kind RECORD of /api/setting/*). */
export const modelingApi = api.injectEndpoints({
  endpoints: (b) => ({
    sourceFields: queryOf(b, DATA_SOURCE.content, { tags: ['DataSource'] }),
    saveField: mutationOf(b, SAVE_DATA_FIELD, { tags: ['DataSource'] }),
    deleteField: mutationOf(b, DELETE_DATA_FIELD, { tags: ['DataSource'] }),
    recordSettings: queryOf(b, SETTING.list, { tags: ['RecordSetting'] }),
    recordInfo: queryOf(b, SETTING.info, { tags: ['RecordSetting'] }),
    saveRecord: mutationOf(b, SETTING.save, { tags: ['RecordSetting'] }),
  }),
});
