import { serverModule } from '../module';
import { storageRoutes } from './storage.routes';

/** Stock-in, outbound orders, recovery and the stock query. */
export const module = serverModule('storage', storageRoutes);
// The storage scans a station may keep through an outage, run again by a supervisor's 重新扫描 (plain values).
export { inStock } from './inbound.service';
export { scanOutStock } from './outbound.service';
export { scanHandel } from './recovery.service';
// An outbound order's vehicle, driver and escort from the transport registers (issue 36: the regulator's records).
export { orderTransport, type OrderCrew, type OrderTransport } from './order-transport.service';
