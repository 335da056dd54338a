import { serverModule } from '../module';
import { fileRoutes } from './file.routes';

/** Uploads, downloads and shared files. */
export const module = serverModule('file', (app) => fileRoutes(app, {}));
export { cleanOriginalName } from './content';
export { saveUpload, tooLargeMessage } from './file.service';
export { attachmentDisposition } from './content';
export { insertFile, linkFile, storedPath } from './file.repository';
