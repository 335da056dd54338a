import { serverModule } from '../module';
import { suspensionRoutes } from './suspension.routes';

/**
 * 停止充装 (issue 34, DB4114/T 185 remote stop): filling suspended for the plant, a workstation or a gas. The
 * cylinder module's gate statement reads the suspensions in force (领瓶 and 充装 refused with the reason).
 */
export const module = serverModule('suspension', suspensionRoutes);
export { suspensionState, SUSPENSION_TOPIC } from './suspension.service';
