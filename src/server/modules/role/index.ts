import { serverModule } from '../module';
import { roleRoutes } from './role.routes';

/** 角色管理: roles and what they grant. */
export const module = serverModule('role', roleRoutes);
