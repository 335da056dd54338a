import { serverModule } from '../module';
import { householdRoutes } from './household.routes';

/**
 * 瓶装液化气实名制 (issue 37 item 6): household users (ID number encrypted, answered masked, every reveal recorded),
 * the home safety check and its hazards, deliveries to the household; owns the household_* tables. A delivery's trace
 * event is written by the cylinder module (householdDeliver).
 */
export const module = serverModule('household', householdRoutes);
// The public page of a cylinder shows its last household delivery, masked.
export { lastHouseholdDelivery } from './household.service';
// 待处理异常's 重新扫描 runs a refused kept delivery again (the offline module).
export { deliver as deliverToHousehold } from './check.service';
