import swagger, { type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { EXAMPLE_KEY } from './endpoints.js';

export type ApiDocsOptions = { publicUrl: string };

type JsonSchema = { [key: string]: unknown };

/**
 * A record keyed by an enum (`z.record(z.enum([...]), …)`) has every key: name each one as a
 * property, so the document's `required` keys are ones it defines.
 */
function nameEnumKeys(node: unknown): void {
  if (!node || typeof node !== 'object') return;
  for (const child of Object.values(node)) nameEnumKeys(child);
  const schema = node as JsonSchema;
  const keys = (schema.propertyNames as JsonSchema | undefined)?.enum;
  if (Array.isArray(keys) && schema.additionalProperties && !schema.properties) {
    schema.properties = Object.fromEntries(keys.map((key) => [String(key), schema.additionalProperties]));
  }
}

/**
 * The contract's schemas become JSON Schema; the endpoint's example answer moves from its
 * route schema into the 200 response, which @fastify/swagger turns into the media type's example.
 */
const transform: SwaggerTransform = (input) => {
  const result = jsonSchemaTransform(input);
  const { [EXAMPLE_KEY]: example, ...schema } = result.schema as Record<string, unknown>;
  nameEnumKeys(schema);
  const response = schema.response as Record<string, Record<string, unknown>> | undefined;
  if (example !== undefined && response?.[200]) response[200] = { ...response[200], examples: [example] };
  return { ...result, schema };
};

/**
 * OpenAPI 3.1 built from the routes' contract schemas, at /v1/openapi.json, and its page at /docs.
 * 3.1 because its schemas are JSON Schema 2020-12: a nullable value is `anyOf [..., null]`, so
 * a nullable enum admits null, which 3.0's `nullable` beside an `enum` does not.
 * Registered before the routes, so it sees each of them as it is declared.
 */
export const apiDocsPlugin = fp(async (app: FastifyInstance, options: ApiDocsOptions) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Vitrina API',
        version: '1.0.0',
        description:
          'Back-office API for smart micromarkets. Errors answer `{ message, fields }` in the language of the `Lang` header. ' +
          'Each operation lists the error statuses a request of its declared shape can get; any request may also get ' +
          '400 for malformed JSON and 413 for a body over 1 MB.',
      },
      servers: [{ url: options.publicUrl.replace(/\/+$/, ''), description: 'This server' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  app.get('/v1/openapi.json', { schema: { hide: true }, config: { public: true } }, async () => app.swagger());
});
