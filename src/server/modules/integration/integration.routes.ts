import type { FastifyPluginAsync } from 'fastify';
import { INTEGRATION } from '@shared/api/integration';
import { route } from '../../lib/endpoint';
import { readEvents } from './outbox.repository';
import { Sequencer } from './sequencer';
import { attach } from './registry';

/** The outbox's sequencer of this process, and the pull feed (docs/INTEGRATION.md). */
export const integrationRoutes: FastifyPluginAsync = async (app) => {
  const sequencer = new Sequencer(app.db, app.changes, (message) => app.log.warn(message));
  attach(app, sequencer);
  app.addHook('onReady', async () => sequencer.start());
  app.addHook('onClose', () => sequencer.stop());

  route(app, INTEGRATION.events, async (request) => {
    const after = request.query.after ?? 0;
    const list = await readEvents(app.db, { after, limit: request.query.limit ?? 100 });
    return { list, next: list.length ? list[list.length - 1]!.seq : after };
  });
};
