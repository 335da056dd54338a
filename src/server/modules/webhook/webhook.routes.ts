import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { WEBHOOK } from '@shared/api/webhook';
import { operatorOf } from '../../lib/access';
import { route } from '../../lib/endpoint';
import { onSequenced } from '../integration';
import type { ModuleOptions } from '../module';
import { WEBHOOK_DEFAULTS, WebhookEngine } from './webhook.engine';
import { deleteWebhook, deliveries, enableWebhook, listWebhooks, replay, saveWebhook } from './webhook.repository';

/** 接口推送 (src/shared/api/webhook.ts); screen /Setting/Webhook. Every process runs a delivery engine. */
export const webhookRoutes: FastifyPluginAsync<ModuleOptions> = async (app) => {
  const tuning = app.config.webhooks;
  const engine = tuning === false ? null : new WebhookEngine(app.db, (handler) => onSequenced(app, handler), { ...WEBHOOK_DEFAULTS, ...tuning },
    (line) => app.log.warn(line));
  if (engine) {
    app.addHook('onReady', async () => engine.start());
    app.addHook('onClose', () => engine.stop());
  }
  const self = (request: FastifyRequest) => ({ host: request.headers.host, port: app.config.port || request.socket?.localPort });

  route(app, WEBHOOK.list, async () => listWebhooks(app.db));
  route(app, WEBHOOK.save, async (request) => {
    const saved = await saveWebhook(app.db, request.body, self(request), operatorOf(request).operator);
    engine?.wake();
    return saved;
  });
  route(app, WEBHOOK.enable, async (request) => {
    await enableWebhook(app.db, request.body.id, request.body.enabled);
    engine?.wake();
    return null;
  });
  route(app, WEBHOOK.delete, async (request) => {
    await deleteWebhook(app.db, request.body.id);
    return null;
  });
  route(app, WEBHOOK.deliveries, async (request) => deliveries(app.db, request.body));
  route(app, WEBHOOK.replay, async (request) => {
    const answer = await replay(app.db, request.body);
    engine?.wake();
    return answer;
  });
};
