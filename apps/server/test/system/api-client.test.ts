import { api } from '@vitrina/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, okApi } from '../api-client.js';
import { createOrganisation } from '../factories/organisations.js';
import { createPlatformAdmin } from '../factories/users.js';
import { createTestContext, type TestContext } from '../helper.js';

describe('the typed test client', () => {
  let ctx: TestContext;
  let token: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    const orgId = await createOrganisation(ctx.database.db);
    token = (await createPlatformAdmin(ctx.database.db, orgId)).token;
  });
  afterAll(() => ctx.close());

  it('fills the path from params, sends the session and answers the endpoint’s typed body', async () => {
    // The seed's administrator: the answer names its email, which no other user may take.
    const me = await okApi(ctx, api.auth.me, { token: await ctx.login('admin') });
    const info = await okApi(ctx, api.user.info, { params: { id: me.id }, token });
    expect(info.email).toBe('admin@vitrina.local');
  });

  it('answers the error body of a refusal, in the language asked for', async () => {
    const response = await callApi(ctx, api.user.info, { params: { id: 999_999 }, token, lang: 'en' });
    expect(response.statusCode).toBe(404);
    expect(response.error().message).toEqual(expect.any(String));
    const anonymous = await callApi(ctx, api.auth.me);
    expect(anonymous.statusCode).toBe(401);
  });

  it('names the endpoint and the answer when a call that must succeed does not', async () => {
    await expect(okApi(ctx, api.user.info, { params: { id: 999_999 }, token })).rejects.toThrow(
      /GET \/v1\/user\/info\/:id: 404/,
    );
  });

  it('refuses at compile time a call without the params its path needs', async () => {
    // @ts-expect-error: the path /v1/user/info/:id needs its id
    await expect(callApi(ctx, api.user.info, { token })).rejects.toThrow(/missing id/);
  });
});
