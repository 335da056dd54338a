import { Type, type TSchema } from '@sinclair/typebox';

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
