import { TRANSPORT } from '@shared/api/transport';
import { USER } from '@shared/api/user';
import { api } from '@renderer/store/api';
import { mutationOf, queryOf } from '@renderer/store/endpoints';

/** 运输车辆 and 驾驶员与押运员 (src/shared/api/transport.ts); the options feed the outbound order's selectors. */
export const transportApi = api.injectEndpoints({
  endpoints: (b) => ({
    vehiclePage: queryOf(b, TRANSPORT.vehiclePage, { tags: ['Vehicle'] }),
    saveVehicle: mutationOf(b, TRANSPORT.vehicleSave, { tags: ['Vehicle'] }),
    vehicleOptions: queryOf(b, TRANSPORT.vehicleOptions, { tags: ['Vehicle'] }),
    crewPage: queryOf(b, TRANSPORT.crewPage, { tags: ['Crew'] }),
    saveCrew: mutationOf(b, TRANSPORT.crewSave, { tags: ['Crew'] }),
    crewOptions: queryOf(b, TRANSPORT.crewOptions, { tags: ['Crew'] }),
    /** The enabled users, for a crew member's sign-in to the field app. */
    crewUserOptions: queryOf(b, USER.all, { tags: ['User'] }),
  }),
});
