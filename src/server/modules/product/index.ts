import { serverModule } from '../module';
import { productRoutes } from './product.routes';

/** 气瓶档案: registering, importing, scrapping and listing cylinders. */
export const module = serverModule('product', productRoutes);
export type { Operator } from './product.service';

/** Cylinders per status now, from the kept counters (the dashboard's cards read the same figures as 气瓶档案's tabs). */
export { statusCounts } from './product.repository';
