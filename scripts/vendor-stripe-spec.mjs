#!/usr/bin/env node
/**
 * Vendors the part of Stripe's published OpenAPI description (github.com/stripe/openapi,
 * `openapi/spec3.json` or `openapi/spec3.yaml`) that Vitrina calls, into
 * apps/server/test/specs/stripe-spec3.subset.json, which the Stripe stand-in
 * (apps/server/test/stand-ins/stripe-stand-in.ts) checks every request against. Tests never reach the
 * internet: re-run this by hand to move to a newer spec, and say so in the commit.
 *
 *   node scripts/vendor-stripe-spec.mjs --spec <spec3.json|spec3.yaml> --commit <sha> [--date <yyyy-mm-dd>]
 *   node scripts/vendor-stripe-spec.mjs --git <stripe/openapi git dir> --commit <sha> [--file openapi/spec3.yaml]
 *
 * The second form reads the file at that commit with `git show` (a snapshot with no work tree).
 * A YAML spec needs the `yaml` package (in the workspace through the web tooling). What is kept:
 * each operation's path and query parameters and its form body schema (descriptions dropped,
 * `$ref`s resolved inline), the properties and enumerations of the objects the stand-in answers
 * with, and the webhook event types an endpoint can subscribe to.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** What the server calls (payments) and what saving a card calls (customers, setup intents, payment methods). */
const OPERATIONS = [
  ['get', '/v1/balance'],
  ['get', '/v1/account'],
  ['post', '/v1/payment_intents'],
  ['get', '/v1/payment_intents/search'],
  ['get', '/v1/payment_intents/{intent}'],
  ['post', '/v1/payment_intents/{intent}/capture'],
  ['post', '/v1/payment_intents/{intent}/cancel'],
  ['post', '/v1/payment_intents/{intent}/confirm'],
  ['post', '/v1/refunds'],
  ['get', '/v1/refunds'],
  ['get', '/v1/refunds/{refund}'],
  ['post', '/v1/customers'],
  ['get', '/v1/customers/{customer}'],
  ['post', '/v1/customers/{customer}'],
  ['get', '/v1/customers/{customer}/payment_methods'],
  ['post', '/v1/setup_intents'],
  ['get', '/v1/setup_intents/{intent}'],
  ['post', '/v1/setup_intents/{intent}/confirm'],
  ['post', '/v1/setup_intents/{intent}/cancel'],
  ['get', '/v1/payment_methods'],
  ['get', '/v1/payment_methods/{payment_method}'],
  ['post', '/v1/payment_methods/{payment_method}/attach'],
  ['post', '/v1/payment_methods/{payment_method}/detach'],
];
/** The objects the stand-in answers with: their property names and enumerations are kept. */
const OBJECTS = [
  'payment_intent',
  'refund',
  'balance',
  'account',
  'customer',
  'setup_intent',
  'payment_method',
  'event',
];
const OUT = 'apps/server/test/specs/stripe-spec3.subset.json';

function argsOf(argv) {
  const args = {};
  for (let i = 0; i < argv.length; i += 2) {
    const name = argv[i]?.replace(/^--/, '');
    if (!name || argv[i + 1] === undefined) throw new Error(`expected --name value pairs, got ${argv.join(' ')}`);
    args[name] = argv[i + 1];
  }
  if (!args.commit) throw new Error('--commit <sha of github.com/stripe/openapi> is required');
  if (!args.spec && !args.git) throw new Error('--spec <file> or --git <dir> is required');
  return args;
}

async function readSpec(args) {
  const file = args.spec ?? args.file ?? 'openapi/spec3.yaml';
  const text = args.spec
    ? fs.readFileSync(args.spec, 'utf8')
    : execFileSync('git', ['--git-dir', args.git, 'show', `${args.commit}:${file}`], {
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      });
  if (file.endsWith('.json')) return { spec: JSON.parse(text), file };
  const { parse } = await import('yaml');
  return { spec: parse(text, { maxAliasCount: -1 }), file };
}

/** A schema with `$ref`s resolved and descriptions (the bulk of the file) dropped. */
function inline(spec, node, seen = new Set()) {
  if (Array.isArray(node)) return node.map((item) => inline(spec, item, seen));
  if (!node || typeof node !== 'object') return node;
  if (typeof node.$ref === 'string') {
    const name = node.$ref.replace('#/components/schemas/', '');
    // A recursive object (an expandable field) is only ever an id in a form body.
    if (seen.has(name)) return { type: 'string', 'x-recursive': name };
    return inline(spec, spec.components.schemas[name], new Set([...seen, name]));
  }
  const out = {};
  for (const [key, value] of Object.entries(node)) {
    // A `description` text is documentation; a `description` schema is a parameter of that name (customers, payment intents).
    if ((key === 'description' && typeof value === 'string') || key === 'x-expansionResources') continue;
    if (key === 'x-stripeBypassValidation') continue;
    out[key] = inline(spec, value, seen);
  }
  return out;
}

function operationOf(spec, method, route) {
  const operation = spec.paths[route]?.[method];
  if (!operation) throw new Error(`${method.toUpperCase()} ${route} is not in the spec`);
  const form = operation.requestBody?.content?.['application/x-www-form-urlencoded'];
  return {
    method: method.toUpperCase(),
    path: route,
    operationId: operation.operationId,
    parameters: (operation.parameters ?? []).map((parameter) => ({
      name: parameter.name,
      in: parameter.in,
      required: parameter.required === true,
      schema: inline(spec, parameter.schema),
    })),
    body: form ? { required: operation.requestBody.required === true, schema: inline(spec, form.schema) } : null,
  };
}

/** An object's property names and, for each enumerated string property, its values. */
function objectOf(spec, name) {
  const schema = spec.components.schemas[name];
  if (!schema) throw new Error(`object ${name} is not in the spec`);
  const enums = {};
  for (const [property, value] of Object.entries(schema.properties ?? {})) {
    if (Array.isArray(value.enum)) enums[property] = value.enum;
  }
  return { properties: Object.keys(schema.properties ?? {}).sort(), enums };
}

function eventTypesOf(spec) {
  const body = spec.paths['/v1/webhook_endpoints'].post.requestBody.content['application/x-www-form-urlencoded'];
  return [...body.schema.properties.enabled_events.items.enum].sort();
}

const args = argsOf(process.argv.slice(2));
const { spec, file } = await readSpec(args);
const subset = {
  source: {
    repository: 'https://github.com/stripe/openapi',
    file,
    commit: args.commit,
    ...(args.date ? { date: args.date } : {}),
    apiVersion: spec.info.version,
    vendoredBy: 'scripts/vendor-stripe-spec.mjs',
  },
  operations: OPERATIONS.map(([method, route]) => operationOf(spec, method, route)),
  objects: Object.fromEntries(OBJECTS.map((name) => [name, objectOf(spec, name)])),
  eventTypes: eventTypesOf(spec),
};
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, OUT);
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, `${JSON.stringify(subset, null, 1)}\n`);
console.log(`${OUT}: ${subset.operations.length} operations of Stripe API ${spec.info.version} (${args.commit})`);
