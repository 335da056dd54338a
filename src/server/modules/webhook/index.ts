import { serverModule } from '../module';
import { webhookRoutes } from './webhook.routes';

/** 接口推送 (issue 35): webhook endpoints, their delivery engine and log. */
export const module = serverModule('webhook', webhookRoutes);

export { WEBHOOK_BATCH_SCHEMA, WebhookEngine } from './webhook.engine';
