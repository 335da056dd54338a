import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import { APP_INFO } from '@shared/app';

/** OpenAPI generated from the route schemas, served (public) at GET /api/docs/json. */
export const swaggerPlugin = fp(async (app) => {
  await app.register(swagger, {
    openapi: {
      info: { title: APP_INFO.title, description: APP_INFO.description, version: app.config.version },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearerAuth: [] }],
    },
  });
  app.get('/api/docs/json', { config: { permission: 'public' }, schema: { hide: true } }, async () => app.swagger());
});
