import { serverModule } from '../module';
import { materialRoutes } from './material.routes';

/** 介质管理: gases. */
export const module = serverModule('material', materialRoutes);
// Every gas, disabled ones too (the regulator's code table maps them all).
export { materialOptions } from './material.repository';
