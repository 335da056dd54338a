import { DATA_SOURCE } from '@shared/api/dataSource';
import { DICTIONARY } from '@shared/api/dictionary';
import { SETTING } from '@shared/api/setting';
import { api } from '@renderer/store/api';
import { mutationOf, queryOf } from '@renderer/store/endpoints';

/** 记录建模: the data sources' fields and the RECORD settings (kind RECORD of /api/setting/*). */
export const modelingApi = api.injectEndpoints({
  endpoints: (b) => ({
    /** The fields, the plant's own among them (those have an id). */
    sourceFields: queryOf(b, DATA_SOURCE.content, { tags: ['DataSource'] }),
    /** The dictionary's paths: a body naming a data source adds one of the plant's fields, {id} alone removes one. */
    saveField: mutationOf(b, DICTIONARY.save, { tags: ['DataSource'] }),
    deleteField: mutationOf(b, DICTIONARY.delete, { tags: ['DataSource'] }),
    recordSettings: queryOf(b, SETTING.list, { tags: ['RecordSetting'] }),
    recordInfo: queryOf(b, SETTING.info, { tags: ['RecordSetting'] }),
    /** The station's view of its record's setting (any signed-in user). */
    recordRules: queryOf(b, SETTING.recordRules, { tags: ['RecordSetting'], silent: true }),
    saveRecord: mutationOf(b, SETTING.save, { tags: ['RecordSetting'] }),
  }),
});
