import { serverModule } from '../module';
import { userRoutes } from './user.routes';

/** 用户管理: users. */
export const module = serverModule('user', userRoutes);
export { fillerOf, type Filler } from './user.service';
