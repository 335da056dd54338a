import { serverModule } from '../module';
import { materialRoutes } from './material.routes';

/** 介质管理: gases. */
export const module = serverModule('material', materialRoutes);
