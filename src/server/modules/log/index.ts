import { serverModule } from '../module';
import { logRoutes } from './log.routes';

/** 操作日志 and 接口日志设置; the app's operation log (plugins/operation-log.ts) records with what logRecorder gives it. */
export const module = serverModule('log', logRoutes);
export { logRecorder } from './log-recorder';
