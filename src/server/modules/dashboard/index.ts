import { serverModule } from '../module';
import { dashboardRoutes } from './dashboard.routes';

/** 首页数据看板: the home dashboard's figures. */
export const module = serverModule('dashboard', dashboardRoutes);
