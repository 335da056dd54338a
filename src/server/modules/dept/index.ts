import { serverModule } from '../module';
import { deptRoutes } from './dept.routes';

/** 组织架构: departments. */
export const module = serverModule('dept', deptRoutes);
