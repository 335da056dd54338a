import fp from 'fastify-plugin';
import { ownConnectionOf } from '../db/database';
import { ChangeBus } from '../lib/change-bus';

/**
 * `app.changes`: cache invalidation for every server process on the database (lib/change-bus.ts). Listens
 * before the app is ready, so a cache loaded in an onReady hook registered later misses no change.
 */
export const changesPlugin = fp(async (app) => {
  const bus = new ChangeBus(ownConnectionOf(app.db), (message) => app.log.warn(message));
  app.decorate('changes', bus);
  app.addHook('onReady', () => bus.start());
  app.addHook('onClose', () => bus.stop());
});
