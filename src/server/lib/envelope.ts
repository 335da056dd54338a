import type { ApiResult } from '@shared/api/envelope';
import { MSG } from './errors';

/** The success envelope every route returns. */
export function ok<T>(data: T, msg: string = MSG.OK): ApiResult<T> {
  return { code: 0, msg, data };
}
