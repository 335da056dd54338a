import { Type, type TSchema, type Static } from '@sinclair/typebox';

/** Envelope codes of SPEC section 8. */
export const ResultCode = {
  OK: 0,
  /** Business error: msg is shown to the person as is. */
  FAIL: -1,
  /** Not signed in, or the access token is missing/expired. */
  UNAUTHORIZED: 401,
  /** Signed in but lacking the permission key the route needs. */
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  SERVER_ERROR: 500,
} as const;

export interface ApiResult<T = unknown> {
  code: number;
  msg: string;
  data: T;
  /** Present on 500 answers so a person can quote it to support. */
  requestId?: string;
}

/** TypeBox schema of a successful envelope around `data`. */
export const Envelope = <T extends TSchema>(data: T) =>
  Type.Object({ code: Type.Number(), msg: Type.String(), data });

/** The server list contract: `{page, size, sidx, order, …filters}` → `{list, total}`. */
export const PageQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 15 })),
  sidx: Type.Optional(Type.String({ maxLength: 64 })),
  order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
});
export type PageQuery = Static<typeof PageQuery>;

export const Page = <T extends TSchema>(item: T) =>
  Type.Object({ list: Type.Array(item), total: Type.Integer() });
export interface PageResult<T> {
  list: T[];
  total: number;
}

/** Enabled flag of SPEC section 4: 1 启用, 0 停用. */
export const Flag = Type.Union([Type.Literal(0), Type.Literal(1)]);
