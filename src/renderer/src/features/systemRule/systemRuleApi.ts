import { SYSTEM_RULE } from '@shared/api/systemRule';
import { api } from '@renderer/store/api';
import { mutationOf, queryOf } from '@renderer/store/endpoints';

/**
 * Saving the system rules (src/shared/api/systemRule.ts). The rules are read through the shared lookup
 * query (lookupsApi.systemRules, which the stations read too): a save invalidates it everywhere.
 */
export const systemRuleApi = api.injectEndpoints({
  endpoints: (b) => ({
    saveSystemRules: mutationOf(b, SYSTEM_RULE.save, { tags: ['SystemRule'] }),
    /** Who holds produce:filling without a valid filling-operator certificate (shown beside 充装人员须持有效作业证). */
    uncertifiedFillers: queryOf(b, SYSTEM_RULE.uncertifiedFillers, { keepUnusedDataFor: 0 }),
  }),
});
