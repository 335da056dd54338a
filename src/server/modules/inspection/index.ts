import { serverModule } from '../module';
import { inspectionRoutes } from './inspection.routes';

/** 定期检验: periodic inspections of cylinders. */
export const module = serverModule('inspection', inspectionRoutes);
