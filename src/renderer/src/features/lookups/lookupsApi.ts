import { AREA } from '@shared/api/area';
import { ENTERPRISE } from '@shared/api/enterprise';
import { ENUM } from '@shared/api/enum';
import { MATERIAL } from '@shared/api/material';
import { WAREHOUSE } from '@shared/api/warehouse';
import { SYSTEM_RULE } from '@shared/api/systemRule';
import { api } from '@renderer/store/api';
import { queryOf } from '@renderer/store/endpoints';

/** Static for the life of a server: kept an hour. */
const STATIC = 3600;

/**
 * The choices every screen offers (gases, warehouses, customers, enumerations, areas): cached queries shared
 * by all screens, refetched when a save changes what they list (their tags).
 */
export const lookupsApi = api.injectEndpoints({
  endpoints: (b) => ({
    enumEntries: queryOf(b, ENUM.dropDown, { keepUnusedDataFor: STATIC }),
    areaTree: queryOf(b, AREA.tree, { keepUnusedDataFor: STATIC }),
    materialOptions: queryOf(b, MATERIAL.dropDown, { tags: ['Material'] }),
    warehouseOptions: queryOf(b, WAREHOUSE.options, { tags: ['Warehouse'] }),
    enterpriseOptions: queryOf(b, ENTERPRISE.list, { tags: ['Enterprise'] }),
    /** The plant's rules the stations follow (the server enforces them; the screens only adapt). */
    systemRules: queryOf(b, SYSTEM_RULE.get, { tags: ['SystemRule'] }),
  }),
});
