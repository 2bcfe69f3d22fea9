import fs from 'node:fs';

/**
 * Checks a request to Stripe against the operations of Stripe's published OpenAPI description
 * that Vitrina calls (test/specs/stripe-spec3.subset.json, vendored by
 * scripts/vendor-stripe-spec.mjs with its source commit): the method and path, the path and
 * query parameters, and every form parameter of the body, nested ones too
 * (`metadata[idempotency_key]`, `payment_method_options[card][request_three_d_secure]`), by
 * name, type and enumeration, as Stripe reads a form (Stripe refuses an unknown parameter).
 */

type Schema = {
  type?: string;
  enum?: unknown[];
  anyOf?: Schema[];
  properties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  required?: string[];
  items?: Schema;
  maxLength?: number;
  'x-recursive'?: string;
};
type Parameter = { name: string; in: 'path' | 'query'; required: boolean; schema: Schema };
export type StripeOperation = {
  method: string;
  path: string;
  operationId: string;
  parameters: Parameter[];
  body: { required: boolean; schema: Schema } | null;
};
type Subset = {
  source: { repository: string; file: string; commit: string; apiVersion: string };
  operations: StripeOperation[];
  objects: Record<string, { properties: string[]; enums: Record<string, string[]> }>;
  eventTypes: string[];
};

export const STRIPE_SPEC: Subset = JSON.parse(
  fs.readFileSync(new URL('./stripe-spec3.subset.json', import.meta.url), 'utf8'),
);

/** Literal paths first, so `/v1/payment_intents/search` is not read as the intent `search`. */
const ROUTES = STRIPE_SPEC.operations
  .map((operation) => ({
    operation,
    names: [...operation.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!),
    pattern: new RegExp(`^${operation.path.replace(/\{\w+\}/g, '([^/]+)')}$`),
  }))
  .sort((a, b) => a.names.length - b.names.length);

/** A form or query string decoded as Stripe reads it: `a[b][c]=v` nests, `a[]=v` and `a[0]=v` are lists. */
export function decodeStripeForm(encoded: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(encoded)) {
    const [, head = key, rest = ''] = /^([^[]+)((?:\[[^\]]*\])*)$/.exec(key) ?? [];
    const path = [head, ...[...rest.matchAll(/\[([^\]]*)\]/g)].map((match) => match[1]!)];
    let node: Record<string, unknown> | unknown[] = root;
    for (const [i, segment] of path.entries()) {
      const container = node as Record<string, unknown>;
      const at = Array.isArray(node) && segment === '' ? String(node.length) : segment;
      if (i === path.length - 1) {
        container[at] = value;
        break;
      }
      if (container[at] === undefined) container[at] = /^\d*$/.test(path[i + 1]!) ? [] : {};
      node = container[at] as Record<string, unknown> | unknown[];
    }
  }
  return root;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** What is wrong with a decoded value by its schema; empty when it fits. */
function check(schema: Schema, value: unknown, name: string): string[] {
  if (schema.anyOf) {
    let best: string[] | null = null;
    for (const branch of schema.anyOf) {
      const errors = check(branch, value, name);
      if (errors.length === 0) return [];
      if (!best || errors.length < best.length) best = errors;
    }
    return best ?? [];
  }
  if (schema['x-recursive']) return typeof value === 'string' ? [] : [`${name}: expected an id`];
  const type = schema.type ?? (schema.properties || schema.additionalProperties ? 'object' : undefined);
  if (type === 'object') {
    if (!isObject(value)) return [`${name}: expected an object`];
    const errors: string[] = [];
    for (const [key, inner] of Object.entries(value)) {
      const property = schema.properties?.[key];
      const extra = schema.additionalProperties;
      if (property) errors.push(...check(property, inner, `${name}[${key}]`));
      else if (isObject(extra)) errors.push(...check(extra, inner, `${name}[${key}]`));
      else if (extra !== true) errors.push(`${name}[${key}]: unknown parameter`);
    }
    for (const key of schema.required ?? []) if (!(key in value)) errors.push(`${name}[${key}]: missing`);
    return errors;
  }
  if (type === 'array') {
    if (!Array.isArray(value)) return [`${name}: expected a list`];
    return value.flatMap((item, i) => (schema.items ? check(schema.items, item, `${name}[${i}]`) : []));
  }
  if (typeof value !== 'string') return [`${name}: expected a single value`];
  if (type === 'integer' && !/^-?\d+$/.test(value)) return [`${name}: ${value} is not an integer`];
  if (type === 'number' && !/^-?\d+(\.\d+)?$/.test(value)) return [`${name}: ${value} is not a number`];
  if (type === 'boolean' && value !== 'true' && value !== 'false') return [`${name}: ${value} is not a boolean`];
  if (schema.enum && !schema.enum.includes(value)) return [`${name}: ${value} is not one of ${schema.enum.join(', ')}`];
  if (schema.maxLength !== undefined && value.length > schema.maxLength)
    return [`${name}: longer than ${schema.maxLength}`];
  return [];
}

export type CheckedRequest = {
  operation: StripeOperation | null;
  /** The path parameters by name (`intent`, `refund`, …). */
  params: Record<string, string>;
  query: Record<string, unknown>;
  form: Record<string, unknown>;
  /** Each way the request is off Stripe's description. */
  violations: string[];
};

export function checkStripeRequest(request: { method: string; url: string; body: string }): CheckedRequest {
  const [path = '', search = ''] = request.url.split('?');
  const query = decodeStripeForm(search);
  const form = decodeStripeForm(request.body);
  const route = ROUTES.find(
    (candidate) => candidate.operation.method === request.method && candidate.pattern.test(path),
  );
  if (!route) {
    return {
      operation: null,
      params: {},
      query,
      form,
      violations: [`${request.method} ${path}: not an operation of the spec`],
    };
  }
  const { operation } = route;
  const values = route.pattern.exec(path)!.slice(1).map(decodeURIComponent);
  const params = Object.fromEntries(route.names.map((name, i) => [name, values[i]!]));
  const where = `${operation.method} ${operation.path}`;
  const violations: string[] = [];
  const queryParameters = operation.parameters.filter((parameter) => parameter.in === 'query');
  for (const [name, value] of Object.entries(query)) {
    const parameter = queryParameters.find((candidate) => candidate.name === name);
    if (!parameter) violations.push(`${where}: unknown query parameter ${name}`);
    else violations.push(...check(parameter.schema, value, name).map((error) => `${where}: ${error}`));
  }
  for (const parameter of operation.parameters) {
    if (parameter.in === 'query' && parameter.required && !(parameter.name in query)) {
      violations.push(`${where}: missing query parameter ${parameter.name}`);
    }
    if (parameter.in === 'path') {
      violations.push(...check(parameter.schema, params[parameter.name], parameter.name).map((e) => `${where}: ${e}`));
    }
  }
  if (Object.keys(form).length > 0 || operation.body?.required) {
    if (!operation.body) violations.push(`${where}: takes no body`);
    else {
      const errors = Object.entries(form).flatMap(([name, value]) => {
        const property = operation.body!.schema.properties?.[name];
        return property ? check(property, value, name) : [`${name}: unknown parameter`];
      });
      for (const name of operation.body.schema.required ?? []) if (!(name in form)) errors.push(`${name}: missing`);
      violations.push(...errors.map((error) => `${where}: ${error}`));
    }
  }
  return { operation, params, query, form, violations };
}

/** What is off Stripe's description of an object the stand-in answers with (unknown fields, values outside an enumeration). */
export function checkStripeObject(object: Record<string, unknown>): string[] {
  const kind = typeof object.object === 'string' ? object.object : '';
  const described = STRIPE_SPEC.objects[kind];
  if (!described) return [`object ${kind || '(none)'} is not described`];
  const errors: string[] = [];
  for (const [name, value] of Object.entries(object)) {
    if (!described.properties.includes(name)) errors.push(`${kind}.${name}: not a field of ${kind}`);
    const allowed = described.enums[name];
    if (allowed && value !== null && !allowed.includes(String(value))) errors.push(`${kind}.${name}: ${String(value)}`);
  }
  return errors;
}
