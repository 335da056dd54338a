import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from './endpoint';
import { Id, IdBody, NoData, OptDate, Page, PageQuery, ReqStr } from './schema';
import { RoleOption } from './user';

const Text = Type.Union([Type.String(), Type.Null()]);

/**
 * An API key of a service account (docs/INTEGRATION.md), as the list shows it: never the secret, only the prefix that
 * names the key (`ctk_<prefix>_…`).
 */
export const ApiKeyRow = Type.Object({
  id: Type.Integer(),
  prefix: Type.String(),
  /** The service account's name (the operation log names its calls by it). */
  accountName: Type.String(),
  roleNames: Type.Array(Type.String()),
  createdAt: Type.String(),
  expiresAt: Text,
  lastUsedAt: Text,
  revokedAt: Text,
  /** Usable now: neither revoked nor expired. */
  active: Type.Boolean(),
});
export type ApiKeyRow = Static<typeof ApiKeyRow>;

export const API_KEY_SORTS = ['createdAt', 'lastUsedAt'] as const;
export const ApiKeyPageQuery = PageQuery(API_KEY_SORTS, {});
export type ApiKeyPageQuery = Static<typeof ApiKeyPageQuery>;

/** A new key: a new service account of that name with that role; without an expiry it holds until revoked. */
export const ApiKeyCreateBody = Type.Object({
  name: ReqStr('账户名称', { maxLength: 64 }),
  roleId: Id('角色'),
  /** The last day the key works (plant time, the whole day). */
  expiresOn: OptDate('有效期至'),
}, { additionalProperties: false });
export type ApiKeyCreateBody = Static<typeof ApiKeyCreateBody>;

/** The key, answered once: only its hash is kept. */
export const ApiKeyCreated = Type.Object({ id: Type.Integer(), prefix: Type.String(), key: Type.String() });
export type ApiKeyCreated = Static<typeof ApiKeyCreated>;

/** The header a key may be sent in besides `Authorization: Bearer <key>`. */
export const API_KEY_HEADER = 'x-api-key';
/** Every key starts with it: `ctk_<prefix>_<secret>`. */
export const API_KEY_PREFIX = 'ctk_';

/** 接口密钥 (issue 35); screen /Setting/ApiKey. */
export const API_KEY = {
  page: endpoint({
    method: 'GET', path: '/api/apiKey/pageList', summary: '接口密钥分页列表（不含密钥本身）', permission: 'apiKey:view', query: ApiKeyPageQuery,
    data: Page(ApiKeyRow),
  }),
  roles: endpoint({
    method: 'GET', path: '/api/apiKey/roles', summary: '可授予服务账户的角色', permission: 'apiKey:save', data: Type.Array(RoleOption),
  }),
  create: endpoint({
    method: 'POST', path: '/api/apiKey/create', summary: '新增接口密钥（新建服务账户，密钥只显示这一次）', permission: 'apiKey:save',
    body: ApiKeyCreateBody, data: ApiKeyCreated,
  }),
  revoke: endpoint({
    method: 'POST', path: '/api/apiKey/revoke', summary: '吊销接口密钥（下一次调用起拒绝）', permission: 'apiKey:revoke', body: IdBody, data: NoData,
  }),
};
