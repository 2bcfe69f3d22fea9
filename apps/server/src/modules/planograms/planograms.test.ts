import { api } from '@vitrina/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, okApi } from '../../../test/api-client.js';
import { codes, insertMicromarket, insertProduct, insertTags } from '../../../test/factories/catalogue.js';
import { uniqueName } from '../../../test/factories/sequence.js';
import { createTenant } from '../../../test/factories/tenant.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { deviceCommands, micromarketPlanograms, priceTags, shelves } from '../../db/schema/index.js';
import { TestClock } from '../../lib/clock.js';
import { runPlanogramSchedules } from './index.js';

/** Issue 10: planogram templates, a micromarket's layout, schedules and the tags a layout expects. */
const clock = new TestClock(Date.UTC(2026, 11, 1, 8, 0, 0));
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ clock });
});
afterAll(() => ctx.close());
const db = () => ctx.database.db;

async function setup() {
  clock.set(Date.UTC(2026, 11, 1, 8, 0, 0));
  const tenant = await createTenant(db());
  const operator = await tenant.token('operator');
  const orgId = tenant.org.main;
  const micromarketId = await insertMicromarket(db(), orgId, uniqueName('Office'));
  const water = await insertProduct(db(), orgId, { name: uniqueName('Water') });
  const salad = await insertProduct(db(), orgId, { name: uniqueName('Salad') });
  return { tenant, operator, orgId, micromarketId, water, salad };
}
type Setup = Awaited<ReturnType<typeof setup>>;

const template = (s: Setup, name = uniqueName('Layout'), waterCapacity = 6) =>
  okApi(ctx, api.planogram.createTemplate, {
    token: s.operator,
    body: {
      name,
      layout: {
        shelves: [
          {
            number: 1,
            sections: [
              { product_id: s.water, capacity: waterCapacity },
              { product_id: s.salad, capacity: 4 },
            ],
          },
          {
            number: 2,
            sections: [
              { product_id: s.water, capacity: 2 },
              { product_id: null, capacity: 0 },
            ],
          },
        ],
      },
    },
  });
const planogramOf = async (s: Setup) =>
  (await callApi(ctx, api.planogram.micromarket, { params: { id: s.micromarketId }, token: s.operator })).json();
const schedule = (s: Setup, templateId: number, dateFrom: string, dateTo: string, confirm?: boolean) =>
  callApi(ctx, api.planogram.schedule, {
    params: { id: s.micromarketId },
    token: s.operator,
    body: { template_id: templateId, date_from: dateFrom, date_to: dateTo, ...(confirm ? { confirm } : {}) },
  });

describe('planograms', () => {
  it('keeps templates with their layout, capacity and product names, and refuses another organisation’s products', async () => {
    const s = await setup();
    const made = await template(s);
    expect(made.capacity).toBe(12);
    expect(made.layout.shelves[0]!.sections.map((section) => section.product_id)).toEqual([s.water, s.salad]);
    expect(made.layout.shelves[0]!.sections[0]!.product_name).toMatch(/^Water/);

    const stranger = await createTenant(db());
    const foreign = await insertProduct(db(), stranger.org.main, { name: uniqueName('Foreign') });
    const refused = await callApi(ctx, api.planogram.createTemplate, {
      token: s.operator,
      body: { name: 'Bad', layout: { shelves: [{ number: 1, sections: [{ product_id: foreign, capacity: 1 }] }] } },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.error()).toMatchObject({ fields: { layout: 'Choose products of the template’s organization' } });
    const twice = await callApi(ctx, api.planogram.createTemplate, {
      token: s.operator,
      body: {
        name: 'Twice',
        layout: {
          shelves: [
            { number: 1, sections: [] },
            { number: 1, sections: [] },
          ],
        },
      },
    });
    expect(twice.statusCode).toBe(400);
    expect(JSON.stringify(twice.json())).toContain('Each shelf number once');
  });

  it('applying a template deactivates the previous one, points the shelf labels and queues their update', async () => {
    const s = await setup();
    const first = await template(s, uniqueName('Summer'));
    const second = await template(s, uniqueName('Winter'), 10);
    const [shelf] = await db().insert(shelves).values({ micromarketId: s.micromarketId, number: 1 }).returning();
    await db()
      .insert(priceTags)
      .values([
        { micromarketId: s.micromarketId, shelfId: shelf!.id, labelCode: 'L-02' },
        { micromarketId: s.micromarketId, shelfId: shelf!.id, labelCode: 'L-01' },
      ]);

    await okApi(ctx, api.planogram.apply, {
      params: { id: s.micromarketId },
      token: s.operator,
      body: { template_id: first.id },
    });
    const applied = await okApi(ctx, api.planogram.apply, {
      params: { id: s.micromarketId },
      token: s.operator,
      body: {
        template_id: second.id,
      },
    });
    expect(applied.active).toMatchObject({ template_id: second.id, template_name: second.name, schedule_id: null });
    const labels = await db()
      .select({ code: priceTags.labelCode, productId: priceTags.productId })
      .from(priceTags)
      .where(eq(priceTags.shelfId, shelf!.id))
      .orderBy(priceTags.labelCode);
    expect(labels).toEqual([
      { code: 'L-01', productId: s.water },
      { code: 'L-02', productId: s.salad },
    ]);
    const commands = await db()
      .select({ type: deviceCommands.type })
      .from(deviceCommands)
      .where(and(eq(deviceCommands.micromarketId, s.micromarketId), eq(deviceCommands.type, 'update_price_tags')));
    expect(commands).toHaveLength(2);
    const templates = (
      await callApi(ctx, api.planogram.templates, { token: s.operator, query: { org_id: s.orgId } })
    ).json();
    expect(templates.items.map((item) => [item.id, item.active_count])).toEqual(
      expect.arrayContaining([
        [first.id, 0],
        [second.id, 1],
      ]),
    );
  });

  it('an overlapping schedule needs confirmation, then cancels the others and is queued', async () => {
    const s = await setup();
    const layout = await template(s);
    const first = await schedule(s, layout.id, '2026-12-05', '2026-12-10');
    expect(first.json()).toMatchObject({ status: 2 });
    const apart = await schedule(s, layout.id, '2026-12-11', '2026-12-20');
    expect(apart.statusCode).toBe(200);

    const clash = await schedule(s, layout.id, '2026-12-09', '2026-12-12');
    expect(clash.statusCode).toBe(409);
    expect(clash.error().message).toBe('It overlaps 2 schedule(s) of this micromarket; confirm to cancel them');
    expect((await planogramOf(s)).schedules.map((row) => row.status)).toEqual([2, 2]);

    const confirmed = await schedule(s, layout.id, '2026-12-09', '2026-12-12', true);
    expect(confirmed.json()).toMatchObject({ status: 2, date_from: '2026-12-09' });
    const statuses = (await planogramOf(s)).schedules.map((row) => [row.id, row.status]);
    expect(statuses).toEqual(
      expect.arrayContaining([
        [first.json().id, 4],
        [apart.json().id, 4],
        [confirmed.json().id, 2],
      ]),
    );
    const past = await schedule(s, layout.id, '2026-11-01', '2026-11-30');
    expect(past.statusCode).toBe(400);
    const backwards = await schedule(s, layout.id, '2026-12-10', '2026-12-09');
    expect(backwards.error()).toMatchObject({ fields: { date_to: 'The end date is not before the start date' } });
  });

  it('the schedule job starts a schedule on its first day and completes it after its last', async () => {
    const s = await setup();
    const layout = await template(s);
    const made = (await schedule(s, layout.id, '2026-12-02', '2026-12-03')).json();
    await runPlanogramSchedules(ctx.app.services);
    expect((await planogramOf(s)).active).toBeNull();

    clock.set(Date.UTC(2026, 11, 2, 0, 0, 5));
    await runPlanogramSchedules(ctx.app.services);
    const started = await planogramOf(s);
    expect(started.active).toMatchObject({ template_id: layout.id, schedule_id: made.id });
    expect(started.schedules[0]).toMatchObject({ id: made.id, status: 1 });
    // Running again the same day changes nothing.
    await runPlanogramSchedules(ctx.app.services);
    const layouts = await db()
      .select({ id: micromarketPlanograms.id })
      .from(micromarketPlanograms)
      .where(eq(micromarketPlanograms.micromarketId, s.micromarketId));
    expect(layouts).toHaveLength(1);

    clock.set(Date.UTC(2026, 11, 4, 0, 0, 5));
    await runPlanogramSchedules(ctx.app.services);
    const ended = await planogramOf(s);
    expect(ended.schedules[0]).toMatchObject({ id: made.id, status: 3 });
    // The layout stays in force until another is applied.
    expect(ended.active).toMatchObject({ template_id: layout.id });

    const cancel = await callApi(ctx, api.planogram.cancelSchedule, { params: { id: made.id }, token: s.operator });
    expect(cancel.statusCode).toBe(409);
  });

  it('compares the tags the layout expects with the tags inside', async () => {
    const s = await setup();
    const layout = await template(s);
    await okApi(ctx, api.planogram.apply, {
      params: { id: s.micromarketId },
      token: s.operator,
      body: { template_id: layout.id },
    });
    const other = await insertProduct(db(), s.orgId, { name: uniqueName('Cake') });
    const inside = (prefix: string, count: number) =>
      codes(prefix, count).map((code) => ({ code, status: 'in_micromarket' as const, micromarketId: s.micromarketId }));
    const prefix = `${Date.now().toString(16).toUpperCase()}${Math.floor(Math.random() * 0xfff)
      .toString(16)
      .toUpperCase()}`;
    await insertTags(db(), s.orgId, s.water, inside(`${prefix}A`, 3));
    await insertTags(db(), s.orgId, other, inside(`${prefix}B`, 2));
    const rows = (
      await callApi(ctx, api.planogram.tags, { params: { id: s.micromarketId }, token: s.operator })
    ).json();
    expect(rows.items.map((row) => [row.product_id, row.expected, row.present, row.missing, row.excess])).toEqual([
      [s.water, 8, 3, 5, 0],
      [s.salad, 4, 0, 4, 0],
      [other, 0, 2, 0, 2],
    ]);
  });

  it('keeps to organisation boundaries and refuses a template in use', async () => {
    const s = await setup();
    const layout = await template(s);
    expect((await callApi(ctx, api.planogram.micromarket, { params: { id: s.micromarketId } })).statusCode).toBe(401);
    const support = await s.tenant.token('support');
    expect(
      (await callApi(ctx, api.planogram.micromarket, { params: { id: s.micromarketId }, token: support })).statusCode,
    ).toBe(403);
    const stranger = await (await createTenant(db())).token('operator');
    expect(
      (await callApi(ctx, api.planogram.micromarket, { params: { id: s.micromarketId }, token: stranger })).statusCode,
    ).toBe(404);
    const apply = await callApi(ctx, api.planogram.apply, {
      params: { id: s.micromarketId },
      token: stranger,
      body: { template_id: layout.id },
    });
    expect(apply.statusCode).toBe(404);
    const update = await callApi(ctx, api.planogram.updateTemplate, {
      params: { id: layout.id },
      token: stranger,
      body: { name: 'Mine', layout: { shelves: [{ number: 1, sections: [] }] } },
    });
    expect(update.statusCode).toBe(404);

    // A template of another organisation cannot be applied here.
    const strangerTemplate = await okApi(ctx, api.planogram.createTemplate, {
      token: stranger,
      body: {
        name: 'Theirs',
        layout: { shelves: [{ number: 1, sections: [] }] },
      },
    });
    const foreign = await callApi(ctx, api.planogram.apply, {
      params: { id: s.micromarketId },
      token: s.operator,
      body: { template_id: strangerTemplate.id },
    });
    expect(foreign.statusCode).toBe(400);

    // Kyiv is view-only for the main organisation.
    const kyivMarket = await insertMicromarket(db(), s.tenant.org.kyiv, uniqueName('Kyiv'));
    expect(
      (await callApi(ctx, api.planogram.micromarket, { params: { id: kyivMarket }, token: s.operator })).statusCode,
    ).toBe(200);
    const viewOnly = await callApi(ctx, api.planogram.schedule, {
      params: { id: kyivMarket },
      token: s.operator,
      body: { template_id: layout.id, date_from: '2026-12-05', date_to: '2026-12-06' },
    });
    expect(viewOnly.statusCode).toBe(403);

    await schedule(s, layout.id, '2026-12-05', '2026-12-06');
    const inUse = await callApi(ctx, api.planogram.deleteTemplate, { params: { id: layout.id }, token: s.operator });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.error().message).toBe('1 queued or active schedule(s) use this template');
  });
});
