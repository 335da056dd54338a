import { API_KEY } from '@shared/api/apiKey';
import { api } from '@renderer/store/api';
import { mutationOf, queryOf } from '@renderer/store/endpoints';

/** 接口密钥 (src/shared/api/apiKey.ts). */
export const apiKeyApi = api.injectEndpoints({
  endpoints: (b) => ({
    apiKeyPage: queryOf(b, API_KEY.page, { keepUnusedDataFor: 0, tags: ['ApiKey'] }),
    apiKeyRoles: queryOf(b, API_KEY.roles, { keepUnusedDataFor: 0 }),
    createApiKey: mutationOf(b, API_KEY.create, { tags: ['ApiKey'] }),
    revokeApiKey: mutationOf(b, API_KEY.revoke, { tags: ['ApiKey'] }),
  }),
});
