import { serverModule } from '../module';
import { testProjectRoutes } from './testProject.routes';

/** 检验项目: the inspection items of each gas. */
export const module = serverModule('testProject', testProjectRoutes);
