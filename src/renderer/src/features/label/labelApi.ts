import { DATA_SOURCE } from '@shared/api/dataSource';
import { LABEL } from '@shared/api/label';
import { SETTING } from '@shared/api/setting';
import { api } from '@renderer/store/api';
import { mutationOf, queryOf } from '@renderer/store/endpoints';

/**
 * 标签设置 through the one settings store (kind LABEL of /api/setting/*), the designer's field picker and
 * what printing reads (/api/label/*). Tagged 'Label' so another kind's screen does not refetch these.
 */
export const labelApi = api.injectEndpoints({
  endpoints: (b) => ({
    labelPage: queryOf(b, SETTING.page, { tags: ['Label'] }),
    labelList: queryOf(b, SETTING.list, { tags: ['Label'] }),
    labelInfo: queryOf(b, SETTING.info, { tags: ['Label'] }),
    saveLabel: mutationOf(b, SETTING.save, { tags: ['Label'] }),
    copyLabel: mutationOf(b, SETTING.copy, { tags: ['Label'] }),
    labelFields: queryOf(b, DATA_SOURCE.content, { keepUnusedDataFor: 600 }),
    labelCylinderData: mutationOf(b, LABEL.cylinderData),
    /** The stations' reads: a failure is shown at the station as a print warning, not as an error toast. */
    stationTemplate: queryOf(b, LABEL.template, { tags: ['Label'], keepUnusedDataFor: 600, silent: true }),
    stationCylinderData: mutationOf(b, LABEL.cylinderData, { silent: true }),
  }),
});
