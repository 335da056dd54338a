/** The label feature's public file: what other features may use of it (lint rejects deeper imports). */
export { StationPrintBar } from './StationPrintBar';
export { StationPrintSection } from './StationPrintSection';
export { stepDone, useStationPrint } from './useStationPrint';
