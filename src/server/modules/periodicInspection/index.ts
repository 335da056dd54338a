import { serverModule } from '../module';
import { periodicInspectionRoutes } from './periodicInspection.routes';

/** 定期检验: periodic inspections of cylinders. */
export const module = serverModule('periodicInspection', periodicInspectionRoutes);
export { inspectionById } from './periodicInspection.repository';
