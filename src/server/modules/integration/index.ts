import { serverModule } from '../module';
import { integrationRoutes } from './integration.routes';

/**
 * Integration (issue 35, docs/INTEGRATION.md): the outbox's sequencer and the pull feed. Other modules read the
 * numbered events with readEvents and hear of new numbers with onSequenced; the rental module appends its events
 * (which concern no cylinder) with appendEvent in its own transaction.
 */
export const module = serverModule('integration', integrationRoutes);
export { appendEvent, firstSeqSince, lastSeq, readEvents } from './outbox.repository';
export { onSequenced, sequenceNow } from './registry';
export type { SequencedHandler } from './sequencer';
