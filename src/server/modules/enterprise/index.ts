import { serverModule } from '../module';
import { enterpriseRoutes } from './enterprise.routes';

/** Customers and suppliers. */
export const module = serverModule('enterprise', enterpriseRoutes);
