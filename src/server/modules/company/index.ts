import { serverModule } from '../module';
import { companyRoutes } from './company.routes';

/** 企业信息: the plant's name, licence and logo. */
export const module = serverModule('company', companyRoutes);
export { findAppTitle } from './company.repository';
export { companyInfo } from './company.service';
