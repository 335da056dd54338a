import { serverModule } from '../module';
import { qrPageRoutes } from './qrPage.routes';

/**
 * The public cylinder page (/q/{code}-{signature}) a customer reaches by scanning a label's QR code: no sign-in,
 * no personal data, rate-limited and briefly cached. Labels take the page's address from here.
 */
export const module = serverModule('qrPage', qrPageRoutes);
export { cylinderQrUrl } from './qrPage.service';
