import { serverModule } from '../module';
import { settingRoutes } from './setting.routes';

/**
 * Settings (报表设置, 记录内容设置, 标签设置): one store for report templates, record contents and label
 * layouts. Printing (documents, labels) and the stations read the setting they use through `settingFor`.
 */
export const module = serverModule('setting', settingRoutes);
export { recordFieldsRead, requireRecordFields, settingFor, settingInfo } from './setting.service';
export { unknownFields } from './setting.content';
