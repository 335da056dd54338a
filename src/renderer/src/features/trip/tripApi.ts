import { STORAGE } from '@shared/api/storage';
import { TRIP } from '@shared/api/trip';
import { api } from '@renderer/store/api';
import { mutationOf, queryOf } from '@renderer/store/endpoints';

/** 车次 (src/shared/api/trip.ts): the driver's list and the trip's manifest, and the office's 车次管理. */
export const tripApi = api.injectEndpoints({
  endpoints: (b) => ({
    tripPage: queryOf(b, TRIP.page, { tags: ['Trip'] }),
    saveTrip: mutationOf(b, TRIP.save, { tags: ['Trip'] }),
    addTripOrder: mutationOf(b, TRIP.addOrder, { tags: ['Trip', 'StorageOrder'] }),
    removeTripOrder: mutationOf(b, TRIP.removeOrder, { tags: ['Trip', 'StorageOrder'] }),
    orderTripStops: mutationOf(b, TRIP.orderStops, { tags: ['Trip'] }),
    departTrip: mutationOf(b, TRIP.depart, { tags: ['Trip'] }),
    tripManifest: queryOf(b, TRIP.manifest, { tags: ['Trip'] }),
    tripReconcile: queryOf(b, TRIP.reconcile, { tags: ['Trip'] }),
    unloadTrip: mutationOf(b, TRIP.unload, { tags: ['Trip', 'Stock', 'StatusCount'], silent: true, afterPaint: true }),
    closeTrip: mutationOf(b, TRIP.close, { tags: ['Trip', 'Stock', 'StatusCount'] }),
    /** Open outbound orders to put on a trip (the outbound screen's list, filtered to 未完成). */
    tripOpenOrders: queryOf(b, STORAGE.outStockListPage, { tags: ['StorageOrder'] }),
  }),
});
