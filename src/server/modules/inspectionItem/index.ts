import { serverModule } from '../module';
import { inspectionItemRoutes } from './inspectionItem.routes';

/** 检验项目: the inspection items of each gas. */
export const module = serverModule('inspectionItem', inspectionItemRoutes);
