import {
  type Endpoint,
  type EndpointBody,
  type EndpointParams,
  type EndpointQuery,
  type EndpointResponse,
  endpointDocOf,
  errorStatusesOf,
  ZErrorResponse,
} from '@vitrina/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Actor, CustomerActor, UserActor } from '../lib/actor.js';
import type { FileAnswer } from '../lib/table-export.js';
import { actorOf, customerOf } from './auth.js';

export type EndpointCall<E extends Endpoint> = {
  params: EndpointParams<E>;
  query: EndpointQuery<E>;
  body: EndpointBody<E>;
  /** The signed-in user; on a public endpoint, whoever calls. */
  actor: E extends { isPublic: true } ? Actor : E extends { audience: 'customer' } ? CustomerActor : UserActor;
  request: FastifyRequest;
  reply: FastifyReply;
};

/** An event-stream handler writes the stream itself and answers nothing; a file handler answers the file. */
type Handler<E extends Endpoint> = (
  call: EndpointCall<E>,
) => E extends { format: 'event-stream' }
  ? Promise<void>
  : E extends { format: 'file' }
    ? Promise<FileAnswer>
    : Promise<EndpointResponse<E>> | EndpointResponse<E>;

/** `attachment; filename=…` with an ASCII fallback and the UTF-8 name (RFC 6266). */
function attachment(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** What each format answers, for the document (a `file` is CSV, XLSX or PDF as the handler says). */
const CONTENT_TYPES: Record<NonNullable<Endpoint['format']>, string> = {
  json: 'application/json',
  csv: 'text/csv',
  file: 'application/octet-stream',
  'event-stream': 'text/event-stream',
  text: 'text/plain',
  html: 'text/html',
};

/** The route schema's key that carries the contract's example answer to the document (`api-docs.ts`). */
export const EXAMPLE_KEY = 'x-example';

function schemaOf(endpoint: Endpoint) {
  const doc = endpointDocOf(endpoint);
  // Only the errors this route can answer, so OpenAPI does not promise a 403 where no permission is checked.
  const responses: Record<number, unknown> = { 200: endpoint.response };
  for (const status of errorStatusesOf(endpoint)) responses[status] = ZErrorResponse;
  return {
    tags: [endpoint.tag],
    summary: endpoint.summary,
    ...(doc ? { operationId: doc.operationId, [EXAMPLE_KEY]: doc.example } : {}),
    ...(endpoint.params ? { params: endpoint.params } : {}),
    ...(endpoint.query ? { querystring: endpoint.query } : {}),
    ...(endpoint.body ? { body: endpoint.body } : {}),
    ...(endpoint.isUpload ? { consumes: ['multipart/form-data'] } : {}),
    produces: [CONTENT_TYPES[endpoint.format ?? 'json']],
    // The document asks for the bearer token everywhere; a public route needs none.
    ...(endpoint.isPublic ? { security: [] } : {}),
    response: responses,
  };
}

/**
 * Registers the route of a contract endpoint: path, method, permissions and schemas all come
 * from its one declaration. The schemas validate the request before the handler runs, so
 * the parsed values have the declared types.
 */
export function registerEndpoint<E extends Endpoint>(app: FastifyInstance, endpoint: E, handler: Handler<E>) {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    ...(endpoint.bodyLimit ? { bodyLimit: endpoint.bodyLimit } : {}),
    config: endpoint.isPublic
      ? { public: true }
      : endpoint.audience === 'customer'
        ? { customer: true }
        : { permissions: endpoint.permissions },
    schema: schemaOf(endpoint),
    handler: async (request, reply) => {
      const call = {
        params: request.params,
        query: request.query,
        body: request.body,
        actor: endpoint.isPublic
          ? request.actor
          : endpoint.audience === 'customer'
            ? customerOf(request)
            : actorOf(request),
        request,
        reply,
      } as unknown as EndpointCall<E>;
      const result = await handler(call);
      if (endpoint.format === 'event-stream') return reply;
      if (endpoint.format === 'file') {
        const file = result as FileAnswer;
        reply.header('content-type', file.contentType).header('content-disposition', attachment(file.filename));
        // A Buffer is sent as it is; text skips the JSON serializer the same way.
        const body = typeof file.body === 'string' ? Buffer.from(file.body, 'utf8') : file.body;
        return reply.send(body);
      }
      if (endpoint.format === 'text' || endpoint.format === 'html') {
        return reply
          .header('content-type', `text/${endpoint.format === 'html' ? 'html' : 'plain'}; charset=utf-8`)
          .serializer((payload: string) => payload)
          .send(result);
      }
      if (endpoint.format === 'csv') {
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .serializer((payload: string) => payload)
          .send(result);
      }
      return result;
    },
  });
}
