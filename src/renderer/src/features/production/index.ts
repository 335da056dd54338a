/** The production feature's public file: what other features may use of it (lint rejects deeper imports). */
export { codeColumn, historyFields, historyQuery, revertedRows } from './ProduceRecords';
export { productionApi } from './productionApi';
