/** The report feature's public file: what other features may use of it (lint rejects deeper imports). */
export { PrintMenuButton } from './PrintMenuButton';
export { useLotCertificate } from './useLotCertificate';
export { usePrintReport } from './usePrintReport';
