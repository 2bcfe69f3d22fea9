import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, createTestContext, ok, type TestContext } from '../../../test/helper.js';

/**
 * The contract's product table lets every status reach every other, so no move is illegal
 * today. A stricter table (archived products only come back as active) shows that the
 * service enforces whatever the table says, all or nothing.
 */
vi.mock('@vitrina/contract', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@vitrina/contract')>();
  return {
    ...actual,
    canMoveProduct: (from: string, to: string) => from === to || !(from === 'archived' && to === 'inactive'),
  };
});

let ctx: TestContext;
let operator: string;
const product = { active: 0, archivedA: 0, archivedB: 0 };

type Item = { id: number; name: string; status: string };

beforeAll(async () => {
  ctx = await createTestContext();
  operator = await ctx.login('operator');
  const create = async (name: string) =>
    (await ok<Item>(ctx, operator, '/v1/product/create', { name, sell_cost: 100 })).id;
  product.active = await create('Cola');
  product.archivedA = await create('Old bar');
  product.archivedB = await create('Old wafer');
  await ok(ctx, operator, '/v1/product/status', { ids: [product.archivedA, product.archivedB], status: 'archived' });
});
afterAll(() => ctx.close());

async function statuses() {
  const all = await Promise.all(
    Object.values(product).map(async (id) =>
      (await call(ctx, 'GET', `/v1/product/info/${id}`, { token: operator })).json<Item>(),
    ),
  );
  return all.map((item) => item.status);
}

describe('POST /v1/product/status with illegal moves', () => {
  it('answers 409 naming the products and the status, and changes nothing', async () => {
    const response = await call(ctx, 'POST', '/v1/product/status', {
      token: operator,
      payload: { ids: [product.active, product.archivedA, product.archivedB], status: 'inactive' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('These products cannot become inactive: Old bar, Old wafer');
    expect(await statuses()).toEqual(['active', 'archived', 'archived']);
  });

  it('still allows the legal moves', async () => {
    const response = await call(ctx, 'POST', '/v1/product/status', {
      token: operator,
      payload: { ids: [product.archivedA], status: 'active' },
    });
    expect(response.json()).toEqual({ updated: 1 });
    expect(await statuses()).toEqual(['active', 'active', 'archived']);
  });
});
