import { serverModule } from '../module';
import { areaRoutes } from './area.routes';

/** 省市区 (SPEC area/getAreaInfoAllList) and the lookups enterprises use. */
export const module = serverModule('area', areaRoutes);
export { areaByNames, findArea } from './area.data';
