import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import { APP_INFO } from '@shared/app';

/** OpenAPI generated from the route schemas, served (public) at GET /api/docs/json. */
export const swaggerPlugin = fp(async (app) => {
  await app.register(swagger, {
    openapi: {
      info: { title: APP_INFO.title, description: APP_INFO.description, version: app.config.version },
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http', scheme: 'bearer',
            description: 'A person\'s access token (JWT from /api/home/login), or an API key `ctk_<prefix>_<secret>` (系统设置 → 接口密钥).',
          },
          apiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key', description: 'An API key `ctk_<prefix>_<secret>` of a service account (系统设置 → 接口密钥).' },
        },
      },
      security: [{ bearerAuth: [] }, { apiKey: [] }],
    },
    // A schema with an $id (IntegrationEvent, MenuItem, …) is a component named by it, not def-N.
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`),
    },
  });
  app.get('/api/docs/json', { config: { permission: 'public' }, schema: { hide: true } }, async () => app.swagger());
});
