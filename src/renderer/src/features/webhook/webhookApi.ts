import { WEBHOOK } from '@shared/api/webhook';
import { api } from '@renderer/store/api';
import { mutationOf, queryOf } from '@renderer/store/endpoints';

/** 接口推送 (src/shared/api/webhook.ts). */
export const webhookApi = api.injectEndpoints({
  endpoints: (b) => ({
    webhookList: queryOf(b, WEBHOOK.list, { keepUnusedDataFor: 0, tags: ['Webhook'] }),
    webhookDeliveries: queryOf(b, WEBHOOK.deliveries, { keepUnusedDataFor: 0, tags: ['Webhook'] }),
    saveWebhook: mutationOf(b, WEBHOOK.save, { tags: ['Webhook'] }),
    enableWebhook: mutationOf(b, WEBHOOK.enable, { tags: ['Webhook'] }),
    deleteWebhook: mutationOf(b, WEBHOOK.delete, { tags: ['Webhook'] }),
    replayWebhook: mutationOf(b, WEBHOOK.replay, { tags: ['Webhook'] }),
  }),
});
