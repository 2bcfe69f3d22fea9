import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * OpenAPI built from the routes' contract schemas, at /v1/openapi.json, and its page at /docs.
 * Registered before the routes, so it sees each of them as it is declared.
 */
export const apiDocsPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Vitrina API',
        version: '1.0.0',
        description:
          'Back-office API for smart micromarkets. Errors answer `{ message, fields }` in the language of the `Lang` header. ' +
          'Each operation lists the error statuses a request of its declared shape can get; any request may also get ' +
          '400 for malformed JSON and 413 for a body over 1 MB.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  app.get('/v1/openapi.json', { schema: { hide: true }, config: { public: true } }, async () => app.swagger());
});
