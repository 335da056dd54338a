import { serverModule } from '../module';
import { logRoutes } from './log.routes';

/** 操作日志 and 接口日志设置; the operation-log plugin writes with what it exports. */
export const module = serverModule('log', logRoutes);
export { LOG_SETTINGS_TOPIC, LogSettingsCache, type RouteLogSetting } from './log-settings';
export { RouteCatalogue } from './route-catalogue';
