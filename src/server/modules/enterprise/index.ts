import { serverModule } from '../module';
import { enterpriseRoutes } from './enterprise.routes';

/** Customers and suppliers. */
export const module = serverModule('enterprise', enterpriseRoutes);
// A customer's address and contact as a trip's stop shows them (issue 37).
export { customerContacts } from './enterprise.repository';
