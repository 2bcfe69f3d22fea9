import { api } from '@vitrina/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../../test/api-client.js';
import { insertMicromarket } from '../../../test/factories/catalogue.js';
import { createTenant, type Tenant } from '../../../test/factories/tenant.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';

let ctx: TestContext;
let tenant: Tenant;
beforeAll(async () => {
  ctx = await createTestContext();
  tenant = await createTenant(ctx.database.db);
  await insertMicromarket(ctx.database.db, tenant.org.main, 'Office B');
  await insertMicromarket(ctx.database.db, tenant.org.main, 'Office A');
  await insertMicromarket(ctx.database.db, tenant.org.kyiv, 'Podil');
  await insertMicromarket(ctx.database.db, tenant.org.krakow, 'Kazimierz');
});
afterAll(() => ctx.close());

const names = (body: { items: { name: string }[] }) => body.items.map((item) => item.name);

describe('GET /v1/device/options', () => {
  it('lists the visible micromarkets by name', async () => {
    const response = await callApi(ctx, api.micromarket.options, { token: await tenant.token('operator') });
    expect(response.statusCode).toBe(200);
    expect(names(response.json())).toEqual(['Kazimierz', 'Office A', 'Office B', 'Podil']);
    expect(response.json().items[0]).toEqual({
      id: expect.any(Number),
      org_id: tenant.org.krakow,
      name: 'Kazimierz',
      address: 'Kazimierz street 1',
    });
  });

  it('shows a sub-organisation only its own micromarkets', async () => {
    const response = await callApi(ctx, api.micromarket.options, { token: await tenant.token('franchisor') });
    expect(names(response.json())).toEqual(['Kazimierz']);
  });
});
