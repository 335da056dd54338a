import type { FastifyRequest } from 'fastify';
import { langOfHeader, type TextLang } from '@shared/lang';

/** The language the caller reads (its Accept-Language; Chinese by default): see src/shared/lang.ts. */
export const langOf = (request: Pick<FastifyRequest, 'headers'>): TextLang => langOfHeader(request.headers['accept-language']);
