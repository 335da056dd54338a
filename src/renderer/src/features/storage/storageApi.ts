import { STORAGE } from '@shared/api/storage';
import { api } from '@renderer/store/api';
import { mutationOf, queryOf } from '@renderer/store/endpoints';

/**
 * What moving a cylinder in or out makes stale: the orders and stock views here, and every cylinder list
 * with its status counts and timeline elsewhere (气瓶档案, 追溯查询).
 */
const MOVED = ['StorageOrder', 'Stock', 'Product', 'StatusCount', 'Trace', 'StationCount'] as const;

/**
 * Storage (src/shared/api/storage.ts): stock-in and recovery, outbound orders with scanning, signing and
 * printing, stock and customer holdings. Scans are silent: the station shows a refusal itself, large.
 */
export const storageApi = api.injectEndpoints({
  endpoints: (b) => ({
    inOrders: queryOf(b, STORAGE.inStockListPage, { tags: ['StorageOrder'] }),
    inStock: mutationOf(b, STORAGE.inStock, { tags: [...MOVED], silent: true, afterPaint: true }),
    orderItems: queryOf(b, STORAGE.getProductList, { tags: ['StorageOrder'] }),
    /** A refusal (cylinders on the order) is the server's message, shown by the HTTP client. */
    deleteOrder: mutationOf(b, STORAGE.deleteById, { tags: ['StorageOrder'] }),

    outOrders: queryOf(b, STORAGE.outStockListPage, { tags: ['StorageOrder'] }),
    outStock: mutationOf(b, STORAGE.outStock, { tags: [...MOVED] }),
    scanOutStock: mutationOf(b, STORAGE.scanOutStock, { tags: [...MOVED], silent: true, afterPaint: true }),
    /** 移出: the order screen's button; a refusal is shown as a toast. */
    removeOutStock: mutationOf(b, STORAGE.removeOutStock, { tags: [...MOVED] }),
    /** 作废: kept with its reason; a refusal (cylinders still on it) is the server's message. */
    cancelOrder: mutationOf(b, STORAGE.cancel, { tags: ['StorageOrder'] }),
    outOrderInfo: queryOf(b, STORAGE.getOutOrderInfo, { tags: ['StorageOrder'] }),
    outOrderItems: queryOf(b, STORAGE.getOrderDetailList, { tags: ['StorageOrder'] }),
    savePrintInfo: mutationOf(b, STORAGE.savePrintInfo, { tags: ['StorageOrder'] }),
    saveSignInfo: mutationOf(b, STORAGE.saveSignInfo, { tags: ['StorageOrder'] }),
    signInfo: queryOf(b, STORAGE.getSignInfo, { tags: ['StorageOrder'] }),
    materialTest: queryOf(b, STORAGE.getMaterialTest, { tags: ['StorageOrder', 'Produce'] }),

    recover: mutationOf(b, STORAGE.scanHandel, { tags: [...MOVED, 'Recovery'], silent: true, afterPaint: true }),
    recoveries: queryOf(b, STORAGE.recoveryList, { tags: ['Recovery'] }),

    /** Counts by status change with every scan of any screen (StatusCount), not only storage's. */
    stock: queryOf(b, STORAGE.stock, { tags: ['Stock', 'StatusCount'] }),
    customerHoldings: queryOf(b, STORAGE.customerHoldings, { tags: ['Stock'] }),
    holdings: queryOf(b, STORAGE.holdings, { tags: ['Stock'] }),
  }),
});
