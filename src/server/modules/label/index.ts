import { serverModule } from '../module';
import { labelRoutes } from './label.routes';

/** Label printing's reads: a template and a cylinder's data, for the stations and the designer's preview. */
export const module = serverModule('label', labelRoutes);
