import { serverModule } from '../module';
import { qualityRoutes } from './quality.routes';

/** 质量中心: deliveries per customer, inspections and re-weighs per gas and operator, recall. Reads trace_daily. */
export const module = serverModule('quality', qualityRoutes);
