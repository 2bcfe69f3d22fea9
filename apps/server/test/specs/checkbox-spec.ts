import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

/**
 * Checkbox's published OpenAPI document, the part the adapter uses (specs/checkbox-openapi.subset.json
 * says where it comes from), turned into checks: which operation a request is, which headers
 * it must carry, whether it needs the cashier's bearer token, and whether a body (the
 * request's, or the stand-in's own answer) matches the operation's schema.
 */
type Parameter = { name: string; in: 'header' | 'path' | 'query'; required?: boolean; schema?: { format?: string } };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
  security?: Record<string, string[]>[];
};
type Document = { paths: Record<string, Record<string, Operation>> };

export type SpecOperation = {
  method: string;
  template: string;
  pattern: RegExp;
  pathParameters: Parameter[];
  requiredHeaders: string[];
  needsBearer: boolean;
  bodyRequired: boolean;
  validateBody: ValidateFunction | null;
  validateAnswer: Map<number, ValidateFunction>;
};

const SPEC_PATH = new URL('./checkbox-openapi.subset.json', import.meta.url);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * OpenAPI 3.0 writes `exclusiveMinimum: false` as a flag beside `minimum` (JSON Schema draft 4);
 * the document's flags carry no bound of their own, so they go before ajv reads it. Objects
 * get `additionalProperties: false` unless they say otherwise: Checkbox ignores a field it
 * does not know, so a misspelt one would be lost without a word, and the stand-in says so.
 */
function forAjv(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(forAjv);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if ((key === 'exclusiveMinimum' || key === 'exclusiveMaximum') && typeof value === 'boolean') continue;
    out[key] = forAjv(value);
  }
  if (out.properties && out.additionalProperties === undefined) out.additionalProperties = false;
  return out;
}

function loadOperations(): SpecOperation[] {
  const document = JSON.parse(readFileSync(SPEC_PATH, 'utf8')) as Document & Record<string, unknown>;
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(forAjv({ components: document.components }) as object, 'checkbox');
  const compile = (schema: unknown) =>
    ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"checkbox#/components/')));
  const operations: SpecOperation[] = [];
  for (const [template, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const parameters = operation.parameters ?? [];
      const body = operation.requestBody?.content['application/json']?.schema;
      const answers = new Map<number, ValidateFunction>();
      for (const [status, response] of Object.entries(operation.responses)) {
        const schema = response.content?.['application/json']?.schema;
        if (schema) answers.set(Number(status), compile(schema));
      }
      operations.push({
        method: method.toUpperCase(),
        template,
        pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '([^/]+)')}$`),
        pathParameters: parameters.filter((parameter) => parameter.in === 'path'),
        requiredHeaders: parameters
          .filter((parameter) => parameter.in === 'header' && parameter.required)
          .map((parameter) => parameter.name.toLowerCase()),
        needsBearer: Boolean(operation.security?.some((scheme) => 'CashierJWTtoken' in scheme)),
        bodyRequired: Boolean(operation.requestBody?.required),
        validateBody: body ? compile(body) : null,
        validateAnswer: answers,
      });
    }
  }
  return operations;
}

let operations: SpecOperation[] | null = null;

/** The documented operation a request is, with its path parameters; null for anything else. */
export function findOperation(method: string, path: string): { operation: SpecOperation; params: string[] } | null {
  operations ??= loadOperations();
  for (const operation of operations) {
    if (operation.method !== method) continue;
    const match = operation.pattern.exec(path);
    if (match) return { operation, params: match.slice(1).map(decodeURIComponent) };
  }
  return null;
}

/** What is wrong with a path parameter the document types as a UUID. */
export function pathProblems(operation: SpecOperation, params: string[]): string[] {
  return operation.pathParameters.flatMap((parameter, index) =>
    parameter.schema?.format === 'uuid' && !UUID.test(params[index] ?? '') ? [`${parameter.name} is not a UUID`] : [],
  );
}

/** ajv's errors in one line each, with where in the body they are. */
export function schemaProblems(validate: ValidateFunction, body: unknown): string[] {
  if (validate(body)) return [];
  return (validate.errors ?? []).map((error) => {
    const extra = 'additionalProperty' in error.params ? ` (${String(error.params.additionalProperty)})` : '';
    return `${error.instancePath || '/'} ${error.message ?? 'is invalid'}${extra}`;
  });
}
