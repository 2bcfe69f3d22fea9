import { api } from '@vitrina/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, okApi } from '../../../test/api-client.js';
import { insertMicromarket, insertProduct } from '../../../test/factories/catalogue.js';
import { uniqueName } from '../../../test/factories/sequence.js';
import { createTenant } from '../../../test/factories/tenant.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { auditLog, deviceCommands, products } from '../../db/schema/index.js';

/** Issue 25: "Apply" offers the template to every fridge using it; its tiles carry the products' pictures. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
const db = () => ctx.database.db;

async function fleet() {
  const tenant = await createTenant(db());
  const orgId = tenant.org.main;
  const operator = await tenant.token('operator');
  const water = await insertProduct(db(), orgId, { name: uniqueName('Water') });
  const salad = await insertProduct(db(), orgId, { name: uniqueName('Salad') });
  await db().update(products).set({ thumbKey: 'products/water-thumb.webp' }).where(eq(products.id, water));
  const [north, south, west] = [
    await insertMicromarket(db(), orgId, uniqueName('A north')),
    await insertMicromarket(db(), orgId, uniqueName('B south')),
    await insertMicromarket(db(), orgId, uniqueName('C west')),
  ];
  const layout = (waterCapacity: number) => ({
    shelves: [
      {
        number: 1,
        sections: [
          { product_id: water, capacity: waterCapacity },
          { product_id: salad, capacity: 2 },
        ],
      },
    ],
  });
  const template = await okApi(ctx, api.planogram.createTemplate, {
    token: operator,
    body: {
      name: uniqueName('Standard'),
      layout: layout(4),
    },
  });
  const other = await okApi(ctx, api.planogram.createTemplate, {
    token: operator,
    body: {
      name: uniqueName('Other'),
      layout: layout(1),
    },
  });
  for (const id of [north, south])
    await okApi(ctx, api.planogram.apply, { params: { id }, token: operator, body: { template_id: template.id } });
  await okApi(ctx, api.planogram.apply, { params: { id: west }, token: operator, body: { template_id: other.id } });
  return { tenant, orgId, operator, water, salad, north, south, west, template, other, layout };
}

const usersOf = async (token: string, templateId: number) =>
  callApi(ctx, api.planogram.templateMicromarkets, { params: { id: templateId }, token });
const applyAll = (token: string, templateId: number, ids: number[]) =>
  callApi(ctx, api.planogram.applyToMany, { params: { id: templateId }, token, body: { micromarket_ids: ids } });
const waterOf = async (token: string, id: number) =>
  (await callApi(ctx, api.planogram.micromarket, { params: { id }, token })).json().active?.layout.shelves[0]
    ?.sections[0];

describe('apply a template to every micromarket using it', () => {
  it('lists the micromarkets using a template and applies its new layout to all of them in one go', async () => {
    const f = await fleet();
    const listed = (await usersOf(f.operator, f.template.id)).json();
    expect(listed.items.map((item) => item.id)).toEqual([f.north, f.south]);
    expect(listed.items[0]).toMatchObject({ name: expect.stringMatching(/^A north/), address: expect.any(String) });

    // The template changes: the micromarkets keep their copies until it is applied again (§5).
    await okApi(ctx, api.planogram.updateTemplate, {
      params: { id: f.template.id },
      token: f.operator,
      body: {
        name: f.template.name,
        layout: f.layout(9),
      },
    });
    expect(await waterOf(f.operator, f.north)).toMatchObject({ capacity: 4 });

    const applied = await okApi(ctx, api.planogram.applyToMany, {
      params: { id: f.template.id },
      token: f.operator,
      body: {
        micromarket_ids: [f.south, f.north, f.north],
      },
    });
    expect(applied.applied).toBe(2);
    expect(applied.items.map((item) => item.id)).toEqual([f.north, f.south]);
    for (const id of [f.north, f.south]) expect(await waterOf(f.operator, id)).toMatchObject({ capacity: 9 });
    expect(await waterOf(f.operator, f.west)).toMatchObject({ capacity: 1 });
    // Each micromarket's price tags follow, and each change is in the audit log.
    for (const id of [f.north, f.south]) {
      const commands = await db()
        .select({ type: deviceCommands.type })
        .from(deviceCommands)
        .where(and(eq(deviceCommands.micromarketId, id), eq(deviceCommands.type, 'update_price_tags')));
      expect(commands).toHaveLength(2);
      const audit = await db()
        .select({ after: auditLog.after })
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'planogram'), eq(auditLog.entityId, String(id)), eq(auditLog.action, 'apply')));
      expect(audit.at(-1)?.after).toEqual({ template_id: f.template.id, together_with: 2 });
    }
  });

  it('changes all or none: a micromarket of another organisation refuses the whole apply', async () => {
    const f = await fleet();
    await okApi(ctx, api.planogram.updateTemplate, {
      params: { id: f.template.id },
      token: f.operator,
      body: {
        name: f.template.name,
        layout: f.layout(7),
      },
    });
    // Krakow is edited by the main organisation, but the template is main's: its products are not Krakow's.
    const krakow = await insertMicromarket(db(), f.tenant.org.krakow, uniqueName('Krakow'));
    const refused = await applyAll(f.operator, f.template.id, [f.north, krakow]);
    expect(refused.statusCode).toBe(400);
    expect(await waterOf(f.operator, f.north)).toMatchObject({ capacity: 4 });

    const stranger = await createTenant(db());
    const theirs = await insertMicromarket(db(), stranger.org.main, uniqueName('Theirs'));
    expect((await applyAll(f.operator, f.template.id, [f.north, theirs])).statusCode).toBe(404);
    expect(await waterOf(f.operator, f.north)).toMatchObject({ capacity: 4 });

    const empty = await applyAll(f.operator, f.template.id, []);
    expect(empty.statusCode).toBe(400);
    expect(empty.error().fields).toEqual({ micromarket_ids: 'Choose at least one micromarket' });
  });

  it('answers 401, 403 and 404 for another organisation’s template', async () => {
    const f = await fleet();
    expect((await callApi(ctx, api.planogram.templateMicromarkets, { params: { id: f.template.id } })).statusCode).toBe(
      401,
    );
    const courier = await f.tenant.token('courier');
    expect((await usersOf(courier, f.template.id)).statusCode).toBe(403);
    expect((await applyAll(courier, f.template.id, [f.north])).statusCode).toBe(403);
    const stranger = await (await createTenant(db())).token('operator');
    expect((await usersOf(stranger, f.template.id)).statusCode).toBe(404);
    expect((await applyAll(stranger, f.template.id, [f.north])).statusCode).toBe(404);
    // The franchisor is Krakow's, a sub-organisation: the main organisation's template is not theirs to see.
    const franchisor = await f.tenant.token('franchisor');
    expect((await usersOf(franchisor, f.template.id)).statusCode).toBe(404);
  });

  it('gives each section of a layout its product’s picture', async () => {
    const f = await fleet();
    const sections = (
      await callApi(ctx, api.planogram.micromarket, { params: { id: f.north }, token: f.operator })
    ).json().active!.layout.shelves[0]!.sections;
    expect(sections.map((section) => section.thumb_url)).toEqual(['/files/products/water-thumb.webp', null]);
    const template = (
      await callApi(ctx, api.planogram.templates, { token: f.operator, query: { org_id: f.orgId } })
    ).json();
    expect(template.items[0]!.layout.shelves[0]!.sections[0]!.thumb_url).toBe('/files/products/water-thumb.webp');
  });
});
