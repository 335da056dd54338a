import { serverModule } from '../module';
import { warehouseRoutes } from './warehouse.routes';

/** 仓库管理: warehouses. */
export const module = serverModule('warehouse', warehouseRoutes);
