import { serverModule } from '../module';
import { transportRoutes } from './transport.routes';

/** 运输车辆, 驾驶员与押运员: the registers of hazardous-goods transport (issue 36); owns vehicles and crew_members. */
export const module = serverModule('transport', transportRoutes);
export { crewById, vehicleById, type CrewRef, type VehicleRef } from './transport.service';
// The driver or escort a sign-in is (issue 37: a driver sees only their trips).
export { crewOfUser } from './transport.service';
