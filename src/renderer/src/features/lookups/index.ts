/** The lookups feature's public file: what other features may use of it (lint rejects deeper imports). */
export { lookupsApi } from './lookupsApi';
export { optionLabel, useCustomerOptions, useDataSources, useEnumOptions, useMaterialOptions, useSystemRules, useWarehouseOptions } from './useLookups';
