import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { call, type TestContext } from './helper.js';

type Media = { schema?: object; example?: unknown };
export type Operation = {
  summary?: string;
  operationId?: string;
  responses: Record<string, { content?: Record<string, Media> }>;
};
export type OpenApiDocument = { openapi: string; paths: Record<string, Record<string, Operation>> };

/** `/v1/user/info/:id` as the document names it: `/v1/user/info/{id}`. */
export const documentPath = (routePath: string) => routePath.replace(/:(\w+)/g, '{$1}');

/** The document the server serves, read through its HTTP layer. */
export async function servedDocument(ctx: TestContext): Promise<OpenApiDocument> {
  const response = await call(ctx, 'GET', '/v1/openapi.json');
  if (response.statusCode !== 200) throw new Error(`/v1/openapi.json: ${response.statusCode}`);
  return response.json<OpenApiDocument>();
}

/**
 * A strict JSON Schema 2020-12 validator over the document's JSON answers (OpenAPI 3.1's
 * schema dialect): unknown keywords and formats fail to compile rather than pass quietly.
 */
export function answerChecker(document: OpenApiDocument) {
  const ajv = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true });
  addFormats(ajv);
  const compiled = new Map<string, ValidateFunction>();
  /** The validation errors of `body` as the answer of that route and status; [] when it conforms. */
  return (method: string, routePath: string, status: number, body: unknown): string[] => {
    const key = `${method} ${routePath} ${status}`;
    let validate = compiled.get(key);
    if (!validate) {
      const operation = document.paths[documentPath(routePath)]?.[method.toLowerCase()];
      const schema = operation?.responses[String(status)]?.content?.['application/json']?.schema;
      if (!schema) return [`${key}: the document declares no JSON answer`];
      validate = ajv.compile(schema);
      compiled.set(key, validate);
    }
    if (validate(body)) return [];
    return (validate.errors ?? []).map((error: ErrorObject) => `${key}: ${error.instancePath || '/'} ${error.message}`);
  };
}
