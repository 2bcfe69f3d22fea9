import type { LightMyRequestResponse, RouteOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createSession } from '../../src/modules/auth/auth.repository.js';
import { registerCustomer } from '../../src/modules/auth/index.js';
import { createOrganisation } from '../factories/organisations.js';
import { createPlatformAdmin } from '../factories/users.js';
import { bearer, createTestContext, type TestContext } from '../helper.js';

/**
 * Every route, walked with the inputs that once answered 500: ids past PostgreSQL's int4,
 * NUL bytes and lone surrogates in text, broken multipart. Routes come from an onRoute hook,
 * so a route added later is walked too; the bad values come from the route's own schemas.
 */

type WalkedRoute = {
  method: string;
  url: string;
  params: string[];
  query: string[];
  body: string[];
  isMultipart: boolean;
};

const routes: WalkedRoute[] = [];
let ctx: TestContext;
let admin: string;
/** The customer app's routes take a customer's session. */
let customer: string;
let png: Buffer;

const HUGE_ID = 2_147_483_648;
const QUERY_CASES = [
  { name: 'huge id', raw: String(HUGE_ID), isAlwaysBad: false },
  { name: 'NUL', raw: 'a%00b', isAlwaysBad: true },
  { name: 'lone surrogate (WTF-8)', raw: 'a%ED%A0%80b', isAlwaysBad: false },
];
const BODY_CASES: { name: string; value: unknown }[] = [
  { name: 'huge id', value: HUGE_ID },
  { name: 'huge id in a list', value: [HUGE_ID] },
  { name: 'NUL', value: 'a\u0000b' },
  { name: 'NUL in a list', value: ['a\u0000b'] },
  { name: 'lone surrogate', value: 'a\ud800b' },
  { name: 'lone low surrogate in a list', value: ['\udc00'] },
];
const PATH_CASES = [String(HUGE_ID), 'a%00b', '99999999999999999999999'];

function keysOf(schema: unknown): string[] {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodPipe) return keysOf(schema.in);
  return [];
}

function collect(route: RouteOptions) {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  for (const method of methods) {
    if (method === 'HEAD' || route.url.startsWith('/docs')) continue;
    routes.push({
      method,
      url: route.url,
      params: [...route.url.matchAll(/:(\w+)|\*/g)].map((match) => match[1] ?? '*'),
      query: keysOf(route.schema?.querystring),
      body: keysOf(route.schema?.body),
      isMultipart: route.schema?.consumes?.includes('multipart/form-data') ?? false,
    });
  }
}

/** The route's path with `bad` in param `name` and a valid-looking id in the others. */
function pathOf(route: WalkedRoute, name: string | null, bad = '1') {
  return route.url.replace(/:(\w+)|\*/g, (whole, param: string | undefined) =>
    (param ?? '*') === name ? bad : whole === '*' ? 'products/x.webp' : '1',
  );
}

function send(method: string, url: string, payload?: string | Buffer, contentType?: string) {
  return ctx.app.inject({
    method: method === 'POST' ? 'POST' : 'GET',
    url,
    headers: {
      ...bearer(url.startsWith('/v1/app/') ? customer : admin),
      ...(contentType ? { 'content-type': contentType } : {}),
    },
    ...(payload === undefined ? {} : { payload }),
  });
}

/** No 5xx, and an error always says what went wrong as `{ message }`. */
function expectClean(response: LightMyRequestResponse, label: string) {
  expect(response.statusCode, `${label}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
  if (response.statusCode >= 400) {
    expect(response.headers['content-type'], label).toMatch(/application\/json/);
    expect(typeof response.json<{ message?: unknown }>().message, label).toBe('string');
  }
}

/** A 400 that names the field (or an item of it, `ids.0`; a name with a dot of its own, as Meta's `hub.mode`, whole). */
function expectFieldRefused(response: LightMyRequestResponse, field: string | string[], label: string) {
  expectClean(response, label);
  expect(response.statusCode, `${label}: ${response.body.slice(0, 300)}`).toBe(400);
  const fields = Object.keys(response.json<{ fields?: Record<string, string> }>().fields ?? {});
  const expected = Array.isArray(field) ? field : [field];
  expect(
    fields.some((name) => expected.includes(name) || expected.includes(name.split('.')[0] ?? name)),
    `${label}: ${fields}`,
  ).toBe(true);
}

const BOUNDARY = 'vitrinaBoundary';

function part(name: string, value: string | Buffer, filename?: string) {
  const disposition = filename
    ? `form-data; name="${name}"; filename="${filename}"\r\nContent-Type: image/png`
    : `form-data; name="${name}"`;
  return Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n\r\n`),
    Buffer.from(value),
    Buffer.from('\r\n'),
  ]);
}

function multipart(parts: Buffer[], { isClosed = true } = {}) {
  return Buffer.concat([...parts, Buffer.from(isClosed ? `--${BOUNDARY}--\r\n` : '')]);
}

const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;

beforeAll(async () => {
  ctx = await createTestContext({ onRoute: collect });
  // Every permission, so every route gets past its permission check to the inputs.
  const orgId = await createOrganisation(ctx.database.db);
  admin = (await createPlatformAdmin(ctx.database.db, orgId)).token;
  const { id } = await registerCustomer(ctx.database.db, {
    orgId,
    name: 'Bad input customer',
    email: 'bad-input-customer@example.com',
    phone: '+380679990011',
  });
  customer = await createSession(ctx.database.db, { userId: id }, ctx.app.services.clock.now());
  png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3366ff' } })
    .png()
    .toBuffer();
});
afterAll(() => ctx.close());

describe('every route refuses bad input without a 5xx', () => {
  it('walks the routes the app declares', () => {
    const declared = routes.map((route) => `${route.method} ${route.url}`);
    expect(declared).toContain('GET /v1/product/list');
    expect(routes.find((route) => route.url === '/v1/product/list')?.query).toContain('q');
    expect(routes.find((route) => route.url === '/v1/product/update/:id')?.body).toContain('maker_id');
    expect(routes.some((route) => route.isMultipart)).toBe(true);
  });

  it('huge ids, NUL bytes and overlong numbers in path parameters', { timeout: 120_000 }, async () => {
    for (const route of routes.filter((candidate) => candidate.params.length > 0)) {
      for (const param of route.params) {
        for (const bad of PATH_CASES) {
          const label = `${route.method} ${route.url} ${param}=${bad}`;
          const payload = route.method === 'POST' && !route.isMultipart ? '{}' : undefined;
          const response = await send(route.method, pathOf(route, param, bad), payload, payload && 'application/json');
          // A token that matches nothing is a 404; otherwise a schema refuses: the param's, or
          // for a token that is fine as text, the empty body's. Never the database.
          if (response.statusCode === 404) continue;
          const refused = param === 'token' ? [param, ...route.body] : [param];
          expectFieldRefused(response, refused, label);
        }
      }
    }
  });

  it('huge ids, NUL bytes and broken UTF-8 in every declared query parameter', { timeout: 120_000 }, async () => {
    for (const route of routes.filter((candidate) => candidate.query.length > 0)) {
      for (const key of route.query) {
        for (const bad of QUERY_CASES) {
          const label = `${route.method} ${route.url}?${key} ${bad.name}`;
          const response = await send(route.method, `${pathOf(route, null)}?${key}=${bad.raw}`);
          if (bad.isAlwaysBad || response.statusCode === 400) expectFieldRefused(response, key, label);
          else expectClean(response, label);
        }
      }
    }
  });

  // Every route, field and case: routes run a few at a time, each route's cases in order.
  it('huge ids, NUL bytes and lone surrogates in every JSON body field', { timeout: 120_000 }, async () => {
    const withBody = routes.filter((candidate) => candidate.body.length > 0);
    const walk = async (route: (typeof withBody)[number]) => {
      for (const key of route.body) {
        for (const bad of BODY_CASES) {
          const label = `${route.method} ${route.url} body.${key} ${bad.name}`;
          const payload = JSON.stringify({ [key]: bad.value });
          const response = await send(route.method, pathOf(route, null), payload, 'application/json');
          expectFieldRefused(response, key, label);
        }
      }
    };
    for (let i = 0; i < withBody.length; i += 4) await Promise.all(withBody.slice(i, i + 4).map(walk));
  });

  it('broken, truncated and oversized multipart on every upload route', async () => {
    const file = part('file', png, 'pixel.png');
    const cases = [
      { name: 'no boundary', body: multipart([file]), type: 'multipart/form-data' },
      { name: 'truncated', body: multipart([file]).subarray(0, 120), type: MULTIPART },
      { name: 'no closing boundary', body: multipart([file], { isClosed: false }), type: MULTIPART },
      {
        name: 'too many fields',
        body: multipart([...Array.from({ length: 40 }, (_, i) => part(`f${i}`, 'x')), file]),
        type: MULTIPART,
      },
      { name: 'two files', body: multipart([file, part('file2', png, 'b.png')]), type: MULTIPART },
      { name: 'garbage', body: Buffer.from('\u0000\u0001not multipart at all'), type: MULTIPART },
    ];
    for (const route of routes.filter((candidate) => candidate.isMultipart)) {
      for (const bad of cases) {
        const label = `${route.method} ${route.url} ${bad.name}`;
        const response = await send(route.method, pathOf(route, null), bad.body, bad.type);
        expectClean(response, label);
        expect([400, 413], `${label}: ${response.body}`).toContain(response.statusCode);
      }
    }
  });

  it('huge ids and NUL bytes in multipart fields and file names', async () => {
    const cases = [
      { name: 'huge org_id', parts: [part('org_id', String(HUGE_ID)), part('file', png, 'a.png')], field: 'org_id' },
      { name: 'NUL in tags', parts: [part('tags', 'a\u0000b'), part('file', png, 'a.png')], field: 'tags' },
      { name: 'NUL in file name', parts: [part('file', png, 'a\u0000b.png')], field: null },
      { name: 'broken UTF-8 in file name', parts: [part('file', png, 'a\udc00b.png')], field: null },
    ];
    for (const route of routes.filter((candidate) => candidate.isMultipart)) {
      for (const bad of cases) {
        const label = `${route.method} ${route.url} ${bad.name}`;
        const response = await send(route.method, pathOf(route, null), multipart(bad.parts), MULTIPART);
        expectClean(response, label);
        if (bad.field && route.url === '/v1/dataset/upload') expectFieldRefused(response, bad.field, label);
      }
    }
  });
});

describe('malformed JSON bodies', () => {
  const url = '/v1/maker/create';

  it('refuses a NUL byte in a key or a value with 400, not 500', async () => {
    for (const payload of ['{"name":"ok","a\\u0000b":1}', '{"name":"a\\u0000"}', '{"name":"a\\udfff"}']) {
      const response = await send('POST', url, payload, 'application/json');
      expect(response.statusCode, payload).toBe(400);
      expect(response.json<{ message: string }>().message, payload).toMatch(/not allowed/);
    }
  });

  it('refuses deeply nested JSON with 400 and a message', async () => {
    const payload = `{"name":"Deep","x":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    const response = await send('POST', url, payload, 'application/json');
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe('The request is nested too deeply');
  });

  it('answers a body over the limit with 413', async () => {
    const payload = JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) });
    const response = await send('POST', url, payload, 'application/json');
    expect(response.statusCode).toBe(413);
    expect(response.json<{ message: string }>().message).toBe('The request is too large');
  });
});

describe('the messages say what is wrong, in the caller’s language', () => {
  it('an id past int4 names the field and the range', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/v1/user/info/${HUGE_ID}`,
      headers: { ...bearer(admin), lang: 'pl' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'id: Musi być liczbą całkowitą od 1 do 2147483647',
      fields: { id: 'Musi być liczbą całkowitą od 1 do 2147483647' },
    });
  });

  it('a NUL in a search names q', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/v1/product/list?q=a%00',
      headers: { ...bearer(admin), lang: 'ua' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ fields: Record<string, string> }>().fields.q).toBe(
      'Містить недопустимі символи (нульовий символ або пошкоджену послідовність Unicode)',
    );
  });

  it('a lone surrogate in a name names the field', async () => {
    const response = await send(
      'POST',
      '/v1/maker/create',
      JSON.stringify({ name: 'Roshen\ud800' }),
      'application/json',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe(
      'name: Contains characters that are not allowed (a null character or a broken Unicode sequence)',
    );
  });

  it('a broken multipart upload says so', async () => {
    const response = await send('POST', '/v1/dataset/upload', Buffer.from('x'), 'multipart/form-data');
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe(
      'The upload is broken or incomplete; send it again as multipart/form-data',
    );
  });
});
