import { serverModule } from '../module';
import { tripRoutes } from './trip.routes';

/**
 * 车次 (issue 37): outbound orders put on a trip, its stops, delivery with proof and empties taken back on the road,
 * the end-of-trip reconciliation; owns trips, trip_stops, trip_cylinders (loaded by the cylinder module's ship) and
 * trip_pickups.
 */
export const module = serverModule('trip', tripRoutes);
// The field station's kept calls, run again by a supervisor's 重新扫描 (plain values).
export { deliverAtStop, pickupAtStop } from './road.service';
export { proveStop } from './proof.service';
export type { Viewer } from './trip.access';
