/** The company feature's public file: what other features may use of it (lint rejects deeper imports). */
export { LicenceNotice } from './LicenceWarning';
