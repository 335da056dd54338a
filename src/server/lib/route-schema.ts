import { Type, type TSchema } from '@sinclair/typebox';
import { Envelope } from '@shared/api/envelope';

/** `response` of a route answering `{code: 0, msg, data}` with `data` of the given schema. */
export const okResponse = <T extends TSchema>(data: T) => ({ 200: Envelope(data) });

/** For routes whose success carries no data. */
export const NoData = Type.Null();
