import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Static, TSchema } from '@sinclair/typebox';
import { Envelope } from '@shared/api/envelope';
import { DEFAULT_BODY_LIMIT, tagOf, type Endpoint } from '@shared/api/endpoint';
import { isReplayablePath } from '@shared/api/offline';
import { ok } from './envelope';
import { requirePermission } from './access';
import { admitKeptScan, recordScanNotice } from './kept-scans';

type Part<T> = T extends TSchema ? Static<T> : unknown;

/** The request a handler gets, typed from the endpoint's schemas. */
export type EndpointRequest<E extends Endpoint> = FastifyRequest<{
  Params: Part<E['params']>;
  Querystring: Part<E['query']>;
  Body: Part<E['body']>;
}>;

/** What a handler returns: `data` of the envelope, or (downloads) the reply it sent. */
export type HandlerResult<E extends Endpoint> = E['kind'] extends 'download'
  ? FastifyReply
  : E['data'] extends TSchema ? Static<E['data']> : null;

export type EndpointHandler<E extends Endpoint> = (request: EndpointRequest<E>, reply: FastifyReply) => Promise<HandlerResult<E>>;

/**
 * Registers the route an endpoint declares: schemas, permission (and the edit key when a save carries an
 * id, and a second key every call needs; all kept in the route's config, where tests/server/route-permissions.test.ts reads them), OpenAPI
 * tag and summary, the largest JSON body it reads, and whether the operation log records it. The handler returns the data; this wraps it
 * in the success envelope.
 */
export function route<E extends Endpoint>(app: FastifyInstance, e: E, handler: EndpointHandler<E>): void {
  const edit = e.editPermission;
  const also = e.alsoRequires;
  // A call a station may keep through an outage: sent again and refused or flagged, the server records it (lib/kept-scans.ts).
  const kept = isReplayablePath(e.path);
  app.route({
    method: e.method,
    url: e.path,
    // No automatic HEAD twin: a HEAD runs the GET handler, so HEAD /api/user/refreshToken would rotate
    // (spend) a refresh token without handing out the new one.
    exposeHeadRoute: false,
    // A JSON body past this is refused while it arrives (uploads are bounded by their multipart limits instead).
    bodyLimit: e.bodyLimit?.bytes ?? DEFAULT_BODY_LIMIT,
    config: {
      permission: e.permission, editPermission: edit, alsoRequires: also, readOnly: e.mutates !== true && (e.method === 'GET' || e.readOnly === true),
      background: e.background === true,
    },
    schema: {
      tags: [tagOf(e.path)],
      summary: e.summary,
      ...(e.params ? { params: e.params } : {}),
      ...(e.query ? { querystring: e.query } : {}),
      ...(e.body ? { body: e.body } : {}),
      ...(e.data ? { response: { 200: Envelope(e.data) } } : {}),
      ...(e.kind === 'upload' ? { consumes: ['multipart/form-data'] } : {}),
      ...(e.permission === 'public' ? { security: [] } : {}),
    },
    // The edit key is checked before validation, as the route's own key is before parsing: a caller
    // lacking it learns nothing about the body it sent.
    ...(edit || also || kept ? {
      preValidation: async (request: FastifyRequest) => {
        if (also) await requirePermission(request, also);
        const body = request.body as { id?: unknown } | null | undefined;
        if (edit && body && typeof body === 'object' && body.id !== undefined) await requirePermission(request, edit);
        if (kept) admitKeptScan(request);
      },
    } : {}),
    handler: async (request, reply) => {
      const result = await handler(request as EndpointRequest<E>, reply);
      if (kept) await recordScanNotice(request, result);
      return e.kind === 'download' ? result : ok(result);
    },
  });
}
