import { PRODUCTION } from '@shared/api/production';
import { api } from '@renderer/store/api';
import { queryOf } from '@renderer/store/endpoints';

/** The kit's own call: 今日完成 of a station. */
export const stationsApi = api.injectEndpoints({
  endpoints: (b) => ({
    /** 今日完成: what this workstation (or user) did today, from the trace; every status change refreshes it. */
    todayCount: queryOf(b, PRODUCTION.todayCount, { tags: ['StationCount'], silent: true }),
  }),
});
