import { api } from '@vitrina/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../../test/api-client.js';
import { codes, insertMicromarket, insertProduct, insertTags } from '../../../test/factories/catalogue.js';
import { uniqueName } from '../../../test/factories/sequence.js';
import { createTenant } from '../../../test/factories/tenant.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { tags } from '../../db/schema/index.js';
import { recordInventory } from '../../gateway/ingest.repository.js';
import { TestClock } from '../../lib/clock.js';

/** Issue 10: a micromarket's stock reconciled over a period from every tag move. */
const DAY_MS = 86_400_000;
const today = Date.UTC(2026, 10, 20);
const clock = new TestClock(today + 15 * 3_600_000);
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ clock });
});
afterAll(() => ctx.close());
const db = () => ctx.database.db;
const at = (daysAgo: number, hour = 12) => new Date(today - daysAgo * DAY_MS + hour * 3_600_000);
const dayOf = (daysAgo: number) => new Date(today - daysAgo * DAY_MS).toISOString().slice(0, 10);
let seq = 0;
const prefix = () => `${Date.now().toString(16).toUpperCase()}${(++seq).toString(16).toUpperCase().padStart(3, '0')}`;

async function move(code: string, values: Partial<typeof tags.$inferInsert> & { updatedAt: Date }) {
  await db().update(tags).set(values).where(eq(tags.code, code));
}

describe('stock accounting', () => {
  it('reconciles opening, loads, sales, returns and write-offs of a period against the last scan', async () => {
    const tenant = await createTenant(db());
    const operator = await tenant.token('operator');
    const orgId = tenant.org.main;
    const office = await insertMicromarket(db(), orgId, uniqueName('Office'));
    const gym = await insertMicromarket(db(), orgId, uniqueName('Gym'));
    const water = await insertProduct(db(), orgId, { name: uniqueName('Water') });
    const salad = await insertProduct(db(), orgId, { name: uniqueName('Salad') });
    const [a1, a2, a3, a4] = codes(prefix(), 4);
    const [b1] = codes(prefix(), 1);
    const inside = { status: 'in_micromarket' as const, micromarketId: office };
    await insertTags(
      db(),
      orgId,
      water,
      [a1!, a2!, a3!].map((code) => ({ code, ...inside })),
    );
    await insertTags(db(), orgId, water, [{ code: a4! }]);
    await insertTags(db(), orgId, salad, [{ code: b1!, ...inside }]);
    // Everything above happened five days ago.
    for (const code of [a1!, a2!, a3!, a4!, b1!]) {
      await db().execute(
        `UPDATE tag_moves SET at = '${at(5).toISOString()}' WHERE tag_id = (SELECT id FROM tags WHERE code = '${code}')`,
      );
    }
    // The period is the day before yesterday and yesterday.
    await move(a4!, { ...inside, updatedAt: at(2) }); // loaded
    await move(a1!, { status: 'sold', soldAt: at(1, 10), updatedAt: at(1, 10) }); // sold
    await move(a2!, { status: 'written_off', reason: 'damaged', updatedAt: at(1, 11) }); // written off
    await move(b1!, { micromarketId: gym, updatedAt: at(1, 9) }); // moved to the gym: returned
    await move(a3!, { status: 'removed', updatedAt: at(0, 1) }); // after the period
    await recordInventory(db(), { micromarketId: office, orgId, codes: [a4!], at: at(0, 2) });

    const report = (
      await callApi(ctx, api.accounting.reconcile, {
        params: { id: office },
        token: operator,
        query: { from: dayOf(2), to: dayOf(1) },
      })
    ).json();
    expect(report).toMatchObject({ from: dayOf(2), to: dayOf(1), scanned_at: at(0, 2).toISOString() });
    const row = (productId: number) => report.items.find((item) => item.product_id === productId);
    expect(row(water)).toMatchObject({
      opening: 3,
      loaded: 1,
      sold: 1,
      returned: 0,
      written_off: 1,
      expected: 2,
      counted: 1,
      missing: 1,
    });
    expect(row(salad)).toMatchObject({ opening: 1, returned: 1, expected: 0, counted: 0, missing: 0 });
    expect(report.totals).toMatchObject({ opening: 4, loaded: 1, sold: 1, returned: 1, written_off: 1, expected: 2 });

    // The gym received the salad in the same period.
    const gymReport = (
      await callApi(ctx, api.accounting.reconcile, {
        params: { id: gym },
        token: operator,
        query: { from: dayOf(2), to: dayOf(1) },
      })
    ).json();
    expect(gymReport.items).toEqual([
      expect.objectContaining({ product_id: salad, opening: 0, loaded: 1, expected: 1, counted: null, missing: null }),
    ]);

    const csv = await callApi(ctx, api.accounting.export, {
      params: { id: office },
      token: operator,
      query: { from: dayOf(2), to: dayOf(1), format: 'csv' },
    });
    expect(csv.body).toContain('product_id,product,opening,loaded,sold,returned,written_off,expected,counted,missing');
  });

  it('keeps to organisation boundaries and to sensible periods', async () => {
    const tenant = await createTenant(db());
    const office = await insertMicromarket(db(), tenant.org.main, uniqueName('Office'));
    expect((await callApi(ctx, api.accounting.reconcile, { params: { id: office } })).statusCode).toBe(401);
    const support = await tenant.token('support');
    expect((await callApi(ctx, api.accounting.reconcile, { params: { id: office }, token: support })).statusCode).toBe(
      403,
    );
    const stranger = await (await createTenant(db())).token('operator');
    expect((await callApi(ctx, api.accounting.reconcile, { params: { id: office }, token: stranger })).statusCode).toBe(
      404,
    );
    const operator = await tenant.token('operator');
    const week = (await callApi(ctx, api.accounting.reconcile, { params: { id: office }, token: operator })).json();
    expect(week).toMatchObject({ from: dayOf(6), to: dayOf(0), items: [] });
    const long = await callApi(ctx, api.accounting.reconcile, {
      params: { id: office },
      token: operator,
      query: { from: '2024-01-01', to: '2026-01-01' },
    });
    expect(long.json()).toMatchObject({ fields: { to: 'A period is at most 366 days' } });
  });
});
