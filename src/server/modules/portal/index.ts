import { serverModule } from '../module';
import { portalRoutes } from './portal.routes';

/**
 * The customer portal (issue 38, item 4): portal accounts (门户账号, users.kind 'portal') invited by the plant, and the
 * customer's own reads (cylinders held now, statements and notes, delivery documents) and pickup requests, each filtered
 * by the account's enterprise. The access check itself (a portal account holds no staff key) is the auth module's.
 */
export const module = serverModule('portal', portalRoutes);
