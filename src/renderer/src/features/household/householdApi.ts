import { HOUSEHOLD } from '@shared/api/household';
import { api } from '@renderer/store/api';
import { mutationOf, queryOf } from '@renderer/store/endpoints';

/** 液化气用户 (src/shared/api/household.ts): the office's lists and the field pages' calls. */
export const householdApi = api.injectEndpoints({
  endpoints: (b) => ({
    householdPage: queryOf(b, HOUSEHOLD.page, { tags: ['Household'] }),
    householdBrief: queryOf(b, HOUSEHOLD.brief, { tags: ['Household'] }),
    saveHousehold: mutationOf(b, HOUSEHOLD.save, { tags: ['Household'] }),
    householdReveals: queryOf(b, HOUSEHOLD.reveals, { tags: ['Household'] }),
    checkItems: queryOf(b, HOUSEHOLD.items, { tags: ['Household'] }),
    saveCheckItem: mutationOf(b, HOUSEHOLD.itemSave, { tags: ['Household'] }),
    householdChecks: queryOf(b, HOUSEHOLD.checks, { tags: ['Household'] }),
    householdHazards: queryOf(b, HOUSEHOLD.hazards, { tags: ['Household'] }),
    rectifyHazard: mutationOf(b, HOUSEHOLD.rectify, { tags: ['Household'] }),
    householdDeliveries: queryOf(b, HOUSEHOLD.deliveries, { tags: ['Household'] }),
  }),
});
