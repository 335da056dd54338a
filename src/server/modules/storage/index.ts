import { serverModule } from '../module';
import { storageRoutes } from './storage.routes';

/** Stock-in, outbound orders, recovery and the stock query. */
export const module = serverModule('storage', storageRoutes);
