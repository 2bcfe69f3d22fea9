import { ENDPOINTS, PERMISSION_NAMES, type Permission } from '@vitrina/contract';
import type { RouteOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { createOrganisation } from '../factories/organisations.js';
import { createSignedInUser } from '../factories/users.js';
import { createTestContext } from '../helper.js';

/**
 * Every registered route against the auth hook, so no route can go without its guard: each
 * /v1 route either is public, or declares the permissions it needs, or is one of the few
 * any signed-in user may call.
 */
const ANY_SIGNED_IN = new Set([
  'GET /v1/user/me',
  'POST /v1/user/logout',
  // Checks switch_role itself, on the user's own role: the hook sees only the acting role's.
  'POST /v1/user/switch-role',
  // Switching is checked by the switch_role permission; going back must work from any acting role.
  'POST /v1/user/switch-role/back',
  // Each topic is filtered by its own permissions (LIVE_TOPICS); live.test.ts shows it.
  'GET /v1/live/events',
]);

type Route = {
  method: 'GET' | 'POST';
  url: string;
  isPublic: boolean;
  customer: boolean;
  permissions: readonly Permission[];
};
const routes: Route[] = [];

function collect(route: RouteOptions) {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  for (const method of methods) {
    // Fastify adds a HEAD twin to every GET; the GET stands for both.
    if (method !== 'GET' && method !== 'POST') continue;
    routes.push({
      method: method === 'GET' ? 'GET' : 'POST',
      url: route.url,
      isPublic: route.config?.public === true,
      customer: route.config?.customer === true,
      permissions: route.config?.permissions ?? [],
    });
  }
}

const ctx = await createTestContext({ onRoute: collect });
afterAll(() => ctx.close());

const key = (route: Route) => `${route.method} ${route.url}`;
const api = routes.filter((route) => route.url.startsWith('/v1/'));
const guarded = api.filter((route) => !route.isPublic && !route.customer);
const customerRoutes = api.filter((route) => route.customer);
const withPermissions = guarded.filter((route) => route.permissions.length > 0);

/** A concrete URL for a route pattern: every path parameter becomes 1. */
const concrete = (url: string) => url.replace(/:\w+/g, '1').replace(/\*$/, 'x');

async function status(route: Route, token?: string) {
  const response = await ctx.app.inject({
    method: route.method,
    url: concrete(route.url),
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(route.method === 'POST' ? { payload: {} } : {}),
  });
  return response.statusCode;
}

async function userHolding(permissions: readonly Permission[]) {
  const orgId = await createOrganisation(ctx.database.db);
  return (await createSignedInUser(ctx.database.db, { orgId, permissions })).token;
}

describe('the route table', () => {
  it('has the routes this test walks', () => {
    expect(guarded.length).toBeGreaterThan(40);
    expect(customerRoutes.length).toBeGreaterThan(5);
    expect(api.some((route) => route.isPublic)).toBe(true);
  });

  it('guards every non-public /v1 route with permissions, unless any signed-in user may call it', () => {
    const unguarded = guarded.filter((route) => route.permissions.length === 0).map(key);
    expect(unguarded.sort()).toEqual([...ANY_SIGNED_IN].sort());
  });

  it('registers exactly the endpoints the contract declares, with their access', () => {
    const declared = ENDPOINTS.map((endpoint) => ({
      key: `${endpoint.method} ${endpoint.path}`,
      isPublic: endpoint.isPublic === true,
      customer: endpoint.audience === 'customer',
      permissions: [...(endpoint.permissions ?? [])].sort(),
    }));
    const registered = api
      // The OpenAPI document describes the endpoints; it is not one of them.
      .filter((route) => route.url !== '/v1/openapi.json')
      .map((route) => ({
        key: key(route),
        isPublic: route.isPublic,
        customer: route.customer,
        permissions: [...route.permissions].sort(),
      }));
    const byKey = (a: { key: string }, b: { key: string }) => a.key.localeCompare(b.key);
    expect(registered.sort(byKey)).toEqual(declared.sort(byKey));
  });

  it('names only permissions of the catalogue', () => {
    const known = new Set<string>(PERMISSION_NAMES);
    expect(withPermissions.flatMap((route) => route.permissions.filter((p) => !known.has(p)))).toEqual([]);
  });
});

describe.each(guarded.map((route) => [key(route), route] as const))('%s', (_name, route) => {
  it('answers 401 without a token and with an unknown one', async () => {
    expect(await status(route)).toBe(401);
    expect(await status(route, 'not-a-session')).toBe(401);
  });
});

describe.each(withPermissions.map((route) => [key(route), route] as const))('%s', (_name, route) => {
  it('answers 403 to a user holding no permission at all', async () => {
    expect(await status(route, await userHolding([]))).toBe(403);
  });

  it('answers 403 to a user holding every permission but the route’s', async () => {
    const others = PERMISSION_NAMES.filter((permission) => !route.permissions.includes(permission));
    expect(await status(route, await userHolding(others))).toBe(403);
  });
});

describe.each(customerRoutes.map((route) => [key(route), route] as const))('%s (customer app)', (_name, route) => {
  it('answers 401 without a token, with an unknown one, and to an employee holding every permission', async () => {
    expect(await status(route)).toBe(401);
    expect(await status(route, 'not-a-session')).toBe(401);
    expect(await status(route, await userHolding(PERMISSION_NAMES))).toBe(401);
  });
});

describe.each(api.filter((route) => route.isPublic).map((route) => [key(route), route] as const))(
  '%s (public)',
  (_name, route) => {
    it('never answers 401 for want of a session', async () => {
      expect(await status(route)).not.toBe(401);
    });
  },
);
