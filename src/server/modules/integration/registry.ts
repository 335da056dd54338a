import type { FastifyInstance } from 'fastify';
import type { SequencedHandler, Sequencer } from './sequencer';

/** The sequencer of each app, found from any of its plugin contexts (they share the app's HTTP server). */
const sequencers = new WeakMap<object, Sequencer>();

export function attach(app: FastifyInstance, sequencer: Sequencer): void {
  sequencers.set(app.server, sequencer);
}

/**
 * Calls `handler` with the last number after every numbering of the outbox by any server process (NOTIFY
 * outbox_sequenced); returns the unsubscribe. For another module (webhooks): read with readEvents from its cursor.
 */
export function onSequenced(app: FastifyInstance, handler: SequencedHandler): () => void {
  const sequencer = sequencers.get(app.server);
  if (!sequencer) throw new Error('The integration module is not registered in this app');
  return sequencer.onSequenced(handler);
}

/** Numbers what is committed now, in this process, and resolves when done (tests, a caller that cannot wait for the timer). */
export function sequenceNow(app: FastifyInstance): Promise<void> {
  const sequencer = sequencers.get(app.server);
  if (!sequencer) throw new Error('The integration module is not registered in this app');
  return sequencer.wake();
}
