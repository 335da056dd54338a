import { serverModule } from '../module';
import { dataSourceRoutes } from './dataSource.routes';

/**
 * Data sources (记录建模): the fields documents and labels may print (src/shared/dataSources.ts) and the
 * data that fills them. Documents, labels and the public cylinder page build their data here.
 */
export const module = serverModule('dataSource', dataSourceRoutes);
export { companyData, cylinderData, imageDataUrl } from './cylinder.data';
export { lotData, orderData } from './document.data';
export { deleteOwnField, ownFields, pageOwnFields, saveOwnField } from './own-fields';
