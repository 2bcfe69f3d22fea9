import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMicromarket } from '../../../test/factories/catalogue.js';
import { call, createTestContext, ORG, type TestContext } from '../../../test/helper.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await insertMicromarket(ctx.database.db, ORG.main, 'Office B');
  await insertMicromarket(ctx.database.db, ORG.main, 'Office A');
  await insertMicromarket(ctx.database.db, ORG.kyiv, 'Podil');
  await insertMicromarket(ctx.database.db, ORG.krakow, 'Kazimierz');
});
afterAll(() => ctx.close());

const names = (body: { items: { name: string }[] }) => body.items.map((item) => item.name);

describe('GET /v1/device/options', () => {
  it('lists the visible micromarkets by name', async () => {
    const response = await call(ctx, 'GET', '/v1/device/options', { token: await ctx.login('operator') });
    expect(response.statusCode).toBe(200);
    expect(names(response.json())).toEqual(['Kazimierz', 'Office A', 'Office B', 'Podil']);
    expect(response.json().items[0]).toEqual({
      id: expect.any(Number),
      org_id: ORG.krakow,
      name: 'Kazimierz',
      address: 'Kazimierz street 1',
    });
  });

  it('shows a sub-organisation only its own micromarkets', async () => {
    const response = await call(ctx, 'GET', '/v1/device/options', { token: await ctx.login('franchisor') });
    expect(names(response.json())).toEqual(['Kazimierz']);
  });
});
