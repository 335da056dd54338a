import { serverModule } from '../module';
import { enumRoutes } from './enum.routes';

/** The enumerations the screens offer (enum/dropDown). */
export const module = serverModule('enum', enumRoutes);
