import { serverModule } from '../module';
import { offlineRoutes } from './offline.routes';

/** Stations that keep working when the server is away: change feed, exceptions, queues. */
export const module = serverModule('offline', offlineRoutes);
