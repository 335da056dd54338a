import { TRIP } from '@shared/api/trip';
import { api } from '@renderer/store/api';
import { queryOf } from '@renderer/store/endpoints';

/** 车次 (src/shared/api/trip.ts): the driver's list and the trip's manifest (the office's calls go here too). */
export const tripApi = api.injectEndpoints({
  endpoints: (b) => ({
    tripPage: queryOf(b, TRIP.page, { tags: ['Trip'] }),
  }),
});
