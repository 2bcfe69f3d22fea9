import { api } from '@vitrina/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../../test/api-client.js';
import { insertMicromarket } from '../../../test/factories/catalogue.js';
import { createTenant } from '../../../test/factories/tenant.js';
import { createUser } from '../../../test/factories/users.js';
import { call, createTestContext, type TestContext } from '../../../test/helper.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('service endpoints', () => {
  it('answers health and readiness', async () => {
    expect((await call(ctx, 'GET', '/healthz')).json()).toEqual({ status: 'ok' });
    expect((await call(ctx, 'GET', '/readyz')).json().status).toBe('ready');
  });

  it('publishes the OpenAPI document generated from the contract, and the docs page', async () => {
    const doc = (await call(ctx, 'GET', '/v1/openapi.json')).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/v1/user/login', '/v1/user/list', '/v1/permission/list-group/{id}']),
    );
    expect(doc.paths['/v1/user/login'].post.requestBody.content['application/json'].schema.required).toEqual([
      'email',
      'password',
    ]);
    const userRow = doc.paths['/v1/user/list'].get.responses['200'].content['application/json'].schema;
    expect(JSON.stringify(userRow)).toContain('"can_edit"');
    const roleOptions = doc.paths['/v1/user/roles'].get.parameters.map((parameter: { name: string }) => parameter.name);
    expect(roleOptions).toEqual(['org_id']);
    expect((await call(ctx, 'GET', '/docs/')).statusCode).toBe(200);
  });

  it('answers unknown API paths with a localised 404 and carries a request id', async () => {
    const response = await call(ctx, 'GET', '/v1/nothing/here', { lang: 'sk' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Nenájdené' });
    expect(response.headers['x-request-id']).toBeTruthy();
  });

  it('answers malformed JSON with 400 in the error shape', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/v1/user/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^Some fields are filled in incorrectly/);
  });
});

describe('GET /v1/dashboard/summary and /v1/organization/options', () => {
  it('counts the users and micromarkets the caller can see', async () => {
    const db = ctx.database.db;
    const tenant = await createTenant(db);
    await createUser(db, { orgId: tenant.org.main });
    await createUser(db, { orgId: tenant.org.kyiv });
    await insertMicromarket(db, tenant.org.main, 'Office', { connection: 'online' });
    await insertMicromarket(db, tenant.org.kyiv, 'Podil');
    await insertMicromarket(db, tenant.org.krakow, 'Rynek', { connection: 'online' });
    const operator = await tenant.token('operator');
    const franchisor = await tenant.token('franchisor');
    expect((await callApi(ctx, api.dashboard.summary, { token: operator })).json()).toEqual({
      users: 4,
      new_users: 4,
      micromarkets: 3,
      micromarkets_online: 2,
    });
    expect((await callApi(ctx, api.dashboard.summary, { token: franchisor })).json()).toEqual({
      users: 1,
      new_users: 1,
      micromarkets: 1,
      micromarkets_online: 1,
    });
  });

  it('answers 403 to a role without the dashboard', async () => {
    const db = ctx.database.db;
    const password = 'nodash-123';
    const user = await createUser(db, {
      orgId: (await createTenant(db)).org.main,
      permissions: ['show_users_page'],
      password,
    });
    const login = await callApi(ctx, api.auth.login, { body: { email: user.email, password } });
    expect(login.json().default_page).toBe('dashboard');
    const token = login.json().token;
    expect((await callApi(ctx, api.dashboard.summary, { token })).statusCode).toBe(403);
    expect((await callApi(ctx, api.user.list, { token })).statusCode).toBe(200);
  });

  it('lists the visible organisations with the access level to each', async () => {
    const tenant = await createTenant(ctx.database.db);
    const { main, kyiv, krakow } = tenant.org;
    const options = async (token: string) =>
      (await callApi(ctx, api.organization.options, { token })).json().items as {
        id: number;
        access_level: number;
      }[];
    const items = await options(await tenant.token('operator'));
    expect(items.map((o) => [o.id, o.access_level])).toEqual([
      [main, 2],
      [kyiv, 1],
      [krakow, 2],
    ]);
    expect((await options(await tenant.token('franchisor'))).map((o) => o.id)).toEqual([krakow]);
  });
});
