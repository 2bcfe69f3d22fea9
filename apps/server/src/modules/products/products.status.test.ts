import { api, type canMoveProduct, translate } from '@vitrina/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, okApi } from '../../../test/api-client.js';
import { createTenant } from '../../../test/factories/tenant.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { userActor } from '../../lib/actor.js';
import { resolveSession } from '../../plugins/auth.js';
import { changeStatus } from './products.service.js';

/**
 * The contract's product table lets every status reach every other, so no move is illegal
 * today. A stricter table (archived products only come back as active) shows that the
 * service enforces whatever the table says, all or nothing.
 */
const strictMoves: typeof canMoveProduct = (from, to) => from === to || !(from === 'archived' && to === 'inactive');

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** An active product and two archived ones of a fresh tenant, their operator as a caller, and a reader of their statuses. */
async function statusWorld() {
  const operator = await (await createTenant(ctx.database.db)).token('operator');
  const create = async (name: string) =>
    (await okApi(ctx, api.product.create, { token: operator, body: { name, sell_cost: 100 } })).id;
  const product = {
    active: await create('Cola'),
    archivedA: await create('Old bar'),
    archivedB: await create('Old wafer'),
  };
  await okApi(ctx, api.product.status, {
    token: operator,
    body: { ids: [product.archivedA, product.archivedB], status: 'archived' },
  });
  const session = await resolveSession(ctx.database.db, ctx.app.sessionCache, operator);
  const actor = userActor(session!, { via: 'http', ip: null, userAgent: null, locale: 'en' });
  const statuses = async () => {
    const all = await Promise.all(
      Object.values(product).map(async (id) =>
        (await callApi(ctx, api.product.info, { params: { id }, token: operator })).json(),
      ),
    );
    return all.map((item) => item.status);
  };
  return { actor, product, statuses };
}

describe('changing product statuses under a stricter table of moves', () => {
  it('refuses with 409 naming the products and the status, and changes nothing', async () => {
    const { actor, product, statuses } = await statusWorld();
    const ids = [product.active, product.archivedA, product.archivedB];
    const refusal = await changeStatus(ctx.app.services, actor, { ids, status: 'inactive' }, strictMoves).catch(
      (error: unknown) => error,
    );
    expect(refusal).toMatchObject({ status: 409, key: 'product.illegal_status' });
    const { key, params } = refusal as { key: 'product.illegal_status'; params: Record<string, string> };
    expect(translate(key, 'en', params)).toBe('These products cannot become inactive: Old bar, Old wafer');
    expect(await statuses()).toEqual(['active', 'archived', 'archived']);
  });

  it('still allows the legal moves', async () => {
    const { actor, product, statuses } = await statusWorld();
    const moved = await changeStatus(
      ctx.app.services,
      actor,
      { ids: [product.archivedA], status: 'active' },
      strictMoves,
    );
    expect(moved).toEqual({ updated: 1 });
    expect(await statuses()).toEqual(['active', 'active', 'archived']);
  });
});
