import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, ORG, type TestContext } from '../../../test/helper.js';

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
  it('counts the users the caller can see', async () => {
    expect((await call(ctx, 'GET', '/v1/dashboard/summary', { token: await ctx.login('admin') })).json()).toEqual({
      users: 5,
      new_users: 5,
    });
    expect((await call(ctx, 'GET', '/v1/dashboard/summary', { token: await ctx.login('franchisor') })).json()).toEqual({
      users: 1,
      new_users: 1,
    });
    expect((await call(ctx, 'GET', '/v1/dashboard/summary')).statusCode).toBe(401);
  });

  it('answers 403 to a role without the dashboard', async () => {
    const admin = await ctx.login('admin');
    const role = await call(ctx, 'POST', '/v1/role/create', {
      token: admin,
      payload: { name: 'Users only', permissions: ['show_users_page'] },
    });
    await call(ctx, 'POST', '/v1/user/create', {
      token: admin,
      payload: {
        name: 'No Dashboard',
        email: 'nodash@vitrina.local',
        org_id: ORG.main,
        role_id: role.json().id,
        password: 'nodash-123',
      },
    });
    const login = await call(ctx, 'POST', '/v1/user/login', {
      payload: { email: 'nodash@vitrina.local', password: 'nodash-123' },
    });
    expect(login.json().default_page).toBe('dashboard');
    const token = login.json().token;
    expect((await call(ctx, 'GET', '/v1/dashboard/summary', { token })).statusCode).toBe(403);
    expect((await call(ctx, 'GET', '/v1/user/list', { token })).statusCode).toBe(200);
  });

  it('lists the visible organisations with the access level to each', async () => {
    const items = (await call(ctx, 'GET', '/v1/organization/options', { token: await ctx.login('operator') })).json()
      .items;
    expect(items.map((o: { id: number; access_level: number }) => [o.id, o.access_level])).toEqual([
      [ORG.main, 2],
      [ORG.kyiv, 1],
      [ORG.krakow, 2],
    ]);
    const own = (await call(ctx, 'GET', '/v1/organization/options', { token: await ctx.login('franchisor') })).json()
      .items;
    expect(own.map((o: { id: number }) => o.id)).toEqual([ORG.krakow]);
    expect((await call(ctx, 'GET', '/v1/organization/options', { token: await ctx.login('courier') })).statusCode).toBe(
      403,
    );
  });
});
