import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTenant } from '../../../test/factories/tenant.js';
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
type Item = { id: number; name: string; status: string };

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** An active product and two archived ones of a fresh tenant, and a reader of their statuses. */
async function statusWorld() {
  const operator = await (await createTenant(ctx.database.db)).token('operator');
  const create = async (name: string) =>
    (await ok<Item>(ctx, operator, '/v1/product/create', { name, sell_cost: 100 })).id;
  const product = {
    active: await create('Cola'),
    archivedA: await create('Old bar'),
    archivedB: await create('Old wafer'),
  };
  await ok(ctx, operator, '/v1/product/status', { ids: [product.archivedA, product.archivedB], status: 'archived' });
  const statuses = async () => {
    const all = await Promise.all(
      Object.values(product).map(async (id) =>
        (await call(ctx, 'GET', `/v1/product/info/${id}`, { token: operator })).json<Item>(),
      ),
    );
    return all.map((item) => item.status);
  };
  return { operator, product, statuses };
}

describe('POST /v1/product/status with illegal moves', () => {
  it('answers 409 naming the products and the status, and changes nothing', async () => {
    const { operator, product, statuses } = await statusWorld();
    const response = await call(ctx, 'POST', '/v1/product/status', {
      token: operator,
      payload: { ids: [product.active, product.archivedA, product.archivedB], status: 'inactive' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('These products cannot become inactive: Old bar, Old wafer');
    expect(await statuses()).toEqual(['active', 'archived', 'archived']);
  });

  it('still allows the legal moves', async () => {
    const { operator, product, statuses } = await statusWorld();
    const response = await call(ctx, 'POST', '/v1/product/status', {
      token: operator,
      payload: { ids: [product.archivedA], status: 'active' },
    });
    expect(response.json()).toEqual({ updated: 1 });
    expect(await statuses()).toEqual(['active', 'active', 'archived']);
  });
});
