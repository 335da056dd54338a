import { DASHBOARD } from '@shared/api/dashboard';
import { api } from '@renderer/store/api';
import { queryOf } from '@renderer/store/endpoints';

/** The home dashboard's cards (src/shared/api/dashboard.ts); each refetched when the home screen is shown again. */
export const dashboardApi = api.injectEndpoints({
  endpoints: (b) => ({
    fillsByDay: queryOf(b, DASHBOARD.totalOutput, { keepUnusedDataFor: 30 }),
    outputBySpec: queryOf(b, DASHBOARD.specTypeCount, { keepUnusedDataFor: 30 }),
    stockByWarehouse: queryOf(b, DASHBOARD.storageOutput, { keepUnusedDataFor: 30 }),
    atCustomers: queryOf(b, DASHBOARD.getCustomerCount, { keepUnusedDataFor: 30 }),
    statusesNow: queryOf(b, DASHBOARD.canUserOutput, { keepUnusedDataFor: 30 }),
    passRates: queryOf(b, DASHBOARD.passRateOutput, { keepUnusedDataFor: 30 }),
  }),
});
