import { QUALITY } from '@shared/api/quality';
import { USER } from '@shared/api/user';
import { api } from '@renderer/store/api';
import { mutationOf, queryOf } from '@renderer/store/endpoints';

/** Quality center calls (src/shared/api/quality.ts); the exports go through downloadEndpoint; 通知 refreshes messages. */
export const qualityApi = api.injectEndpoints({
  endpoints: (b) => ({
    deliveryCount: queryOf(b, QUALITY.deliveryCount),
    deliveryDetailList: queryOf(b, QUALITY.deliveryDetailList),
    checkCount: queryOf(b, QUALITY.checkCount),
    productAnalysis: queryOf(b, QUALITY.productAnalysis),
    recallSummary: queryOf(b, QUALITY.recall),
    recallList: queryOf(b, QUALITY.recallList),
    qualityUsers: queryOf(b, USER.all),
    recallNotify: mutationOf(b, QUALITY.recallNotify, { tags: ['Message'] }),
  }),
});
