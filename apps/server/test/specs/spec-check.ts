import fs from 'node:fs';
import path from 'node:path';

/*
 * Checks requests against the services' own published descriptions, vendored beside this file
 * (each with its source, commit and licence): Meta's OpenAPI for the WhatsApp Business
 * Platform, Google's discovery document for FCM HTTP v1 and a scrape of Telegram's Bot API
 * page. The stand-ins call these on every request and keep what they answer as violations,
 * so a test fails on a request a real service would have refused.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const here = path.dirname(new URL(import.meta.url).pathname);
const load = (name: string) => JSON.parse(fs.readFileSync(path.join(here, name), 'utf8')) as JsonObject;

export const WHATSAPP_SPEC = load('whatsapp-cloud-api.json');
export const FCM_SPEC = load('fcm-v1.json');
export const TELEGRAM_SPEC = load('telegram-bot-api.json');

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function hasType(value: unknown, type: string): boolean {
  const actual = typeOf(value);
  if (type === 'number') return actual === 'number' || actual === 'integer';
  return actual === type;
}

// ---- OpenAPI 3 (WhatsApp Cloud API) ------------------------------------------------------------

/**
 * Where the published description is wrong, by schema path, with why: the check skips these and
 * keeps the reason next to the skip. The button index pattern `^[2-6, 11-14]$` is a malformed
 * character class that refuses "0", the index of the first button in Meta's own examples and of
 * an authentication template's copy-code button.
 */
export const WHATSAPP_ERRATA: Record<string, string> = {
  'ButtonComponent.index.pattern': 'a malformed character class that refuses its own examples ("0")',
  'TemplateComponent.index.pattern': 'a malformed character class that refuses its own examples ("0")',
};

type OpenApiSchema = JsonObject;
type Named = { name: string; schema: OpenApiSchema };

const schemas = () => (WHATSAPP_SPEC.components as JsonObject).schemas as JsonObject;
const omitted = () => new Set(WHATSAPP_SPEC.omitted as string[]);

function refName(ref: string): string {
  return ref.split('/').at(-1) ?? ref;
}

/** The named schema, or null for one the subset left out. */
function named(ref: string): Named | null {
  const name = refName(ref);
  if (omitted().has(name)) return null;
  const schema = schemas()[name];
  if (!isObject(schema)) throw new Error(`the vendored WhatsApp spec has no schema ${name}`);
  return { name, schema };
}

/**
 * allOf as OpenAPI generators read it: one object with every part's properties (a later part's
 * property narrows an earlier one's, as `type: enum [text]` narrows `type: string`), every
 * part's required fields, and closed when any part is closed.
 */
function flatten(schema: OpenApiSchema, name: string): { schema: OpenApiSchema; owners: Record<string, string> } {
  if (!Array.isArray(schema.allOf)) {
    const owners = Object.fromEntries(
      Object.keys(isObject(schema.properties) ? schema.properties : {}).map((k) => [k, name]),
    );
    return { schema, owners };
  }
  const properties: JsonObject = {};
  const owners: Record<string, string> = {};
  const required = new Set<string>();
  let closed = false;
  for (const part of schema.allOf) {
    if (!isObject(part)) continue;
    const resolved = typeof part.$ref === 'string' ? named(part.$ref) : { name, schema: part };
    if (!resolved) continue;
    const flat = flatten(resolved.schema, resolved.name).schema;
    for (const [key, value] of Object.entries(isObject(flat.properties) ? flat.properties : {})) {
      properties[key] = isObject(properties[key]) && isObject(value) ? { ...properties[key], ...value } : value;
      owners[key] = resolved.name;
    }
    for (const key of Array.isArray(flat.required) ? flat.required : []) required.add(String(key));
    if (flat.additionalProperties === false) closed = true;
  }
  return {
    schema: { type: 'object', properties, required: [...required], ...(closed ? { additionalProperties: false } : {}) },
    owners,
  };
}

function checkOpenApiValue(schema: OpenApiSchema, name: string, value: unknown, at: string, out: string[]): void {
  if (typeof schema.$ref === 'string') {
    const target = named(schema.$ref);
    if (!target) {
      out.push(`${at}: ${refName(schema.$ref)} is not part of the vendored subset`);
      return;
    }
    checkOpenApiNamed(target, value, at, out);
    return;
  }
  if (Array.isArray(schema.oneOf)) {
    // A discriminator names the branch outright (Message by its `type`).
    const discriminator = schema.discriminator;
    if (isObject(discriminator) && isObject(discriminator.mapping) && isObject(value)) {
      const tag = value[String(discriminator.propertyName)];
      const mapped = typeof tag === 'string' ? discriminator.mapping[tag] : undefined;
      if (typeof mapped === 'string') {
        const branch = named(mapped);
        if (!branch) out.push(`${at}: ${refName(mapped)} is not part of the vendored subset`);
        else checkOpenApiNamed(branch, value, at, out);
        return;
      }
    }
    const branches = schema.oneOf.filter(isObject).map((branch) => (branch.$ref ? named(String(branch.$ref)) : null));
    const attempts = branches
      .filter((branch): branch is Named => branch !== null)
      .map((branch) => {
        const found: string[] = [];
        checkOpenApiNamed(branch, value, at, found);
        return found;
      });
    if (attempts.some((found) => found.length === 0)) return;
    const closest = attempts.sort((a, b) => a.length - b.length)[0];
    out.push(...(closest ?? [`${at}: matches no vendored branch`]));
    return;
  }
  const { schema: flat, owners } = flatten(schema, name);
  if (typeof flat.type === 'string' && !hasType(value, flat.type)) {
    out.push(`${at}: expected ${flat.type}, got ${typeOf(value)}`);
    return;
  }
  if (Array.isArray(flat.enum) && !flat.enum.includes(value as Json)) {
    out.push(`${at}: ${JSON.stringify(value)} is not one of ${JSON.stringify(flat.enum)}`);
  }
  if (typeof value === 'string') {
    const erratum = WHATSAPP_ERRATA[`${name}.pattern`];
    if (typeof flat.pattern === 'string' && !erratum && !new RegExp(flat.pattern).test(value)) {
      out.push(`${at}: ${JSON.stringify(value)} does not match ${flat.pattern}`);
    }
    if (typeof flat.maxLength === 'number' && value.length > flat.maxLength) {
      out.push(`${at}: longer than ${flat.maxLength}`);
    }
  }
  if (Array.isArray(value)) {
    if (typeof flat.minItems === 'number' && value.length < flat.minItems) {
      out.push(`${at}: fewer than ${flat.minItems} items`);
    }
    const items = flat.items;
    if (isObject(items)) {
      for (const [index, item] of value.entries()) checkOpenApiValue(items, name, item, `${at}[${index}]`, out);
    }
  }
  if (isObject(value) && (flat.type === 'object' || isObject(flat.properties))) {
    const properties = isObject(flat.properties) ? flat.properties : {};
    for (const key of Array.isArray(flat.required) ? flat.required : []) {
      if (value[String(key)] === undefined) out.push(`${at}.${String(key)}: required (${name})`);
    }
    for (const [key, child] of Object.entries(value)) {
      const property = properties[key];
      if (!isObject(property)) {
        if (flat.additionalProperties === false) out.push(`${at}.${key}: not a property of ${name}`);
        continue;
      }
      checkOpenApiValue(property, `${owners[key] ?? name}.${key}`, child, `${at}.${key}`, out);
    }
  }
}

/** A named schema; a discriminator sends the value on to the schema its mapping names. */
function checkOpenApiNamed(target: Named, value: unknown, at: string, out: string[]): void {
  const discriminator = target.schema.discriminator;
  if (isObject(discriminator) && isObject(discriminator.mapping) && isObject(value) && !target.schema.oneOf) {
    const tag = value[String(discriminator.propertyName)];
    const mapped = typeof tag === 'string' ? discriminator.mapping[tag] : undefined;
    if (typeof mapped === 'string' && refName(mapped) !== target.name) {
      const branch = named(mapped);
      if (branch) {
        checkOpenApiNamed({ name: branch.name, schema: withoutDispatch(branch.schema) }, value, at, out);
        return;
      }
    }
  }
  checkOpenApiValue(target.schema, target.name, value, at, out);
}

/** A mapped schema's allOf names its parent, whose discriminator must not dispatch again. */
function withoutDispatch(schema: OpenApiSchema): OpenApiSchema {
  if (!Array.isArray(schema.allOf)) return schema;
  return {
    ...schema,
    allOf: schema.allOf.map((part) => {
      if (!isObject(part) || typeof part.$ref !== 'string') return part;
      const parent = named(part.$ref);
      if (!parent) return part;
      const { discriminator: _dispatch, ...rest } = parent.schema;
      return rest;
    }),
  };
}

/** Violations of a value against a component schema of the vendored WhatsApp description. */
export function checkWhatsApp(schemaName: string, value: unknown, at = '$'): string[] {
  const out: string[] = [];
  const target = named(`#/components/schemas/${schemaName}`);
  if (!target) throw new Error(`${schemaName} is not vendored`);
  checkOpenApiNamed(target, value, at, out);
  return out;
}

/** The send-message operation's header parameters (required ones present, values by their schema). */
export function checkWhatsAppHeaders(headers: Record<string, string | string[] | undefined>): string[] {
  const out: string[] = [];
  const operation = (
    ((WHATSAPP_SPEC.paths as JsonObject)['/{Version}/{Phone-Number-ID}/messages'] as JsonObject).post as JsonObject
  ).parameters as JsonObject[];
  const parameters = (WHATSAPP_SPEC.components as JsonObject).parameters as JsonObject;
  for (const reference of operation) {
    const parameter = parameters[refName(String(reference.$ref))] as JsonObject;
    const header = headers[String(parameter.name).toLowerCase()];
    const value = Array.isArray(header) ? header[0] : header;
    if (value === undefined) {
      if (parameter.required) out.push(`header ${String(parameter.name)}: required`);
      continue;
    }
    const schema = parameter.schema as JsonObject;
    if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern).test(value)) {
      out.push(`header ${String(parameter.name)}: ${JSON.stringify(value)} does not match ${schema.pattern}`);
    }
    if (Array.isArray(schema.enum) && !schema.enum.includes(value)) {
      out.push(
        `header ${String(parameter.name)}: ${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`,
      );
    }
  }
  return out;
}

// ---- Google discovery (FCM HTTP v1) ------------------------------------------------------------

type DiscoverySchema = JsonObject;

const DURATION = /^-?\d+(\.\d{1,9})?s$/;

function checkDiscoveryValue(schema: DiscoverySchema, value: unknown, at: string, out: string[]): void {
  if (typeof schema.$ref === 'string') {
    const target = (FCM_SPEC.schemas as JsonObject)[schema.$ref];
    if (!isObject(target)) throw new Error(`the vendored FCM document has no schema ${schema.$ref}`);
    checkDiscoveryValue(target, value, at, out);
    return;
  }
  const type = String(schema.type ?? 'any');
  if (type === 'any') return;
  if (type === 'string') {
    if (typeof value !== 'string') {
      out.push(`${at}: expected string, got ${typeOf(value)}`);
      return;
    }
    if (Array.isArray(schema.enum) && !schema.enum.includes(value)) {
      out.push(`${at}: ${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`);
    }
    if (schema.format === 'google-duration' && !DURATION.test(value)) out.push(`${at}: not a duration ("3.5s")`);
    return;
  }
  if (type === 'integer' || type === 'number' || type === 'boolean') {
    if (!hasType(value, type)) out.push(`${at}: expected ${type}, got ${typeOf(value)}`);
    return;
  }
  if (type === 'array') {
    if (!Array.isArray(value)) {
      out.push(`${at}: expected array, got ${typeOf(value)}`);
      return;
    }
    for (const [index, item] of value.entries()) {
      checkDiscoveryValue(schema.items as DiscoverySchema, item, `${at}[${index}]`, out);
    }
    return;
  }
  if (!isObject(value)) {
    out.push(`${at}: expected object, got ${typeOf(value)}`);
    return;
  }
  if (isObject(schema.additionalProperties)) {
    for (const [key, child] of Object.entries(value)) {
      checkDiscoveryValue(schema.additionalProperties, child, `${at}.${key}`, out);
    }
    return;
  }
  const properties = isObject(schema.properties) ? schema.properties : {};
  for (const [key, child] of Object.entries(value)) {
    const property = properties[key];
    // Google's JSON mapping refuses a field its message does not have ("Unknown name").
    if (!isObject(property)) out.push(`${at}.${key}: unknown name (${String(schema.id)})`);
    else checkDiscoveryValue(property, child, `${at}.${key}`, out);
  }
}

/** Violations of a `messages:send` body against the vendored discovery document and FCM's payload rules. */
export function checkFcmSend(body: unknown): string[] {
  const out: string[] = [];
  checkDiscoveryValue({ $ref: 'SendMessageRequest' }, body, '$', out);
  const message = isObject(body) && isObject(body.message) ? body.message : null;
  if (!message) return [...out, '$.message: required'];
  const targets = ['token', 'topic', 'condition'].filter((key) => message[key] !== undefined);
  if (targets.length !== 1) out.push(`$.message: exactly one of token, topic, condition (got ${targets.length})`);
  out.push(...fcmPayloadProblems(message));
  return out;
}

/** FCM's own rules on a message's payload: reserved data keys and at most 4096 bytes. */
export function fcmPayloadProblems(message: JsonObject): string[] {
  const rules = FCM_SPEC.rules as JsonObject;
  const reserved = rules.reserved_data_keys as string[];
  const prefixes = rules.reserved_data_key_prefixes as string[];
  const out: string[] = [];
  const data = isObject(message.data) ? message.data : {};
  for (const key of Object.keys(data)) {
    if (reserved.includes(key) || prefixes.some((prefix) => key.startsWith(prefix))) {
      out.push(`$.message.data.${key}: a reserved key`);
    }
  }
  const notification = isObject(message.notification) ? message.notification : {};
  const bytes = [notification.title, notification.body, ...Object.entries(data).flat()]
    .filter((part): part is string => typeof part === 'string')
    .reduce((sum, part) => sum + Buffer.byteLength(part, 'utf8'), 0);
  if (bytes > Number(rules.payload_max_bytes)) {
    out.push(`$.message: payload of ${bytes} bytes, over ${String(rules.payload_max_bytes)}`);
  }
  return out;
}

// ---- Telegram Bot API --------------------------------------------------------------------------

type TelegramField = { name: string; types: string[]; required: boolean; description: string };

function telegramTypeMatches(type: string, value: unknown): boolean {
  if (type === 'Integer') return Number.isInteger(value);
  if (type === 'Float') return typeof value === 'number';
  if (type === 'String') return typeof value === 'string';
  if (type === 'Boolean') return typeof value === 'boolean';
  if (type.startsWith('Array of ')) return Array.isArray(value);
  // An object type, or its JSON-serialised form.
  return isObject(value) || typeof value === 'string';
}

/** The `min-max characters` a field's description sets, as in sendMessage's text. */
function lengthOf(description: string): { min: number; max: number } | null {
  const match = /(\d+)-(\d+) characters/.exec(description);
  return match ? { min: Number(match[1]), max: Number(match[2]) } : null;
}

/** Violations of a Bot API call's parameters against the vendored method description. */
export function checkTelegramCall(method: string, params: Record<string, unknown>): string[] {
  const spec = (TELEGRAM_SPEC.methods as JsonObject)[method] as unknown as { fields: TelegramField[] } | undefined;
  if (!spec) throw new Error(`the vendored Bot API has no method ${method}`);
  const out: string[] = [];
  const fields = new Map(spec.fields.map((field) => [field.name, field]));
  for (const field of spec.fields) {
    if (field.required && params[field.name] === undefined) out.push(`${method}.${field.name}: required`);
  }
  for (const [name, value] of Object.entries(params)) {
    const field = fields.get(name);
    if (!field) {
      out.push(`${method}.${name}: not a parameter`);
      continue;
    }
    if (!field.types.some((type) => telegramTypeMatches(type, value))) {
      out.push(`${method}.${name}: expected ${field.types.join(' or ')}, got ${typeOf(value)}`);
    }
    const length = lengthOf(field.description);
    if (length && typeof value === 'string' && (value.length < length.min || value.length > length.max)) {
      out.push(`${method}.${name}: ${value.length} characters, outside ${length.min}-${length.max}`);
    }
  }
  return out;
}
