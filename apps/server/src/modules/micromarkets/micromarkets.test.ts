import { api } from '@vitrina/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, okApi } from '../../../test/api-client.js';
import { insertMicromarket, insertProduct, insertTags } from '../../../test/factories/catalogue.js';
import { uniqueName } from '../../../test/factories/sequence.js';
import { createTenant } from '../../../test/factories/tenant.js';
import { createSignedInUser } from '../../../test/factories/users.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { auditLog, deviceEvents, fleetThresholds, micromarkets } from '../../db/schema/index.js';
import { hashToken } from '../../lib/crypto.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** A tenant with one micromarket in main (made by the API, so it has a token) and one in view-only Kyiv. */
async function fleetWorld() {
  const tenant = await createTenant(ctx.database.db);
  const { org } = tenant;
  const operator = await tenant.token('operator');
  const office = await okApi(ctx, api.micromarket.create, {
    token: operator,
    body: {
      name: 'Office',
      address: 'Kyiv, Khreshchatyk 1',
      serial_number: uniqueName('VT'),
    },
  });
  const kyiv = await insertMicromarket(ctx.database.db, org.kyiv, uniqueName('Podil'));
  return { tenant, org, operator, editor: await tenant.token('editor'), office, kyiv };
}

async function tokenHashOf(id: number) {
  const [row] = await ctx.database.db
    .select({ tokenHash: micromarkets.tokenHash })
    .from(micromarkets)
    .where(eq(micromarkets.id, id));
  return row?.tokenHash;
}

async function eventsOf(id: number) {
  const rows = await ctx.database.db
    .select({ kind: deviceEvents.kind })
    .from(deviceEvents)
    .where(eq(deviceEvents.micromarketId, id))
    // Without an order PostgreSQL answers in heap order, which a reused (restored) copy changes.
    .orderBy(deviceEvents.id);
  return rows.map((row) => row.kind);
}

describe('POST /v1/device/create and the private token', () => {
  it('shows the token once, keeps only its hash, audits and records the creation', async () => {
    const { operator, office } = await fleetWorld();
    expect(office.token).toMatch(/^[\w-]{43}$/);
    expect(await tokenHashOf(office.id)).toBe(hashToken(office.token));
    const info = await callApi(ctx, api.micromarket.info, { params: { id: office.id }, token: operator });
    expect(info.json()).not.toHaveProperty('token');
    expect(info.body).not.toContain(office.token);
    expect(info.json()).toMatchObject({ connection: 'offline', locked: false, token_issued_at: expect.any(String) });
    const audit = await ctx.database.db
      .select({ action: auditLog.action, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'micromarket'), eq(auditLog.entityId, String(office.id))));
    expect(audit.map((row) => row.action)).toEqual(['create']);
    expect(JSON.stringify(audit)).not.toContain(office.token);
    expect(await eventsOf(office.id)).toEqual(['created']);
  });

  it('rotates the token: the new one is shown once and the old one no longer matches', async () => {
    const { operator, office } = await fleetWorld();
    const rotated = await okApi(ctx, api.micromarket.rotateToken, { params: { id: office.id }, token: operator });
    expect(rotated.token).not.toBe(office.token);
    const stored = await tokenHashOf(office.id);
    expect(stored).toBe(hashToken(rotated.token));
    expect(stored).not.toBe(hashToken(office.token));
    expect(await eventsOf(office.id)).toContain('token_rotated');
  });

  it('refuses bad fields, naming each, in the caller’s language', async () => {
    const { operator } = await fleetWorld();
    const bad = await callApi(ctx, api.micromarket.create, {
      token: operator,
      lang: 'pl',
      body: {
        name: ' ',
        serial_number: 'X1',
        latitude: 91,
        longitude: -180.5,
        country: 'UKR',
        subscription_price: 10.5,
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.error().fields!).sort()).toEqual([
      'country',
      'latitude',
      'longitude',
      'name',
      'subscription_price',
    ]);
    expect(bad.error().fields!.latitude).toBe('Szerokość geograficzna to liczba od −90 do 90');
    const negative = await callApi(ctx, api.micromarket.create, {
      token: operator,
      body: { name: 'X', serial_number: 'X2', subscription_price: -1 },
    });
    expect(negative.error().fields).toEqual({ subscription_price: 'Enter an amount of zero or more' });
  });

  it('answers 409 naming the field for a taken serial number, on create and update', async () => {
    const { operator, office } = await fleetWorld();
    const taken = await callApi(ctx, api.micromarket.create, {
      token: operator,
      body: { name: 'Twin', serial_number: office.serial_number },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.error().fields).toEqual({ serial_number: 'A micromarket with this serial number already exists' });
    const other = await okApi(ctx, api.micromarket.create, {
      token: operator,
      body: { name: 'B', serial_number: uniqueName('VT') },
    });
    const clash = await callApi(ctx, api.micromarket.update, {
      params: { id: other.id },
      token: operator,
      body: { serial_number: office.serial_number },
    });
    expect(clash.statusCode).toBe(409);
  });
});

describe('GET /v1/device/list', () => {
  it('filters by live state, thresholds of the organisation, maintenance, lock and text', async () => {
    const { tenant, org, operator } = await fleetWorld();
    const db = ctx.database.db;
    await insertMicromarket(db, org.main, 'Warm', { connection: 'online', door: 'open', temperature: 9.5 });
    await insertMicromarket(db, org.main, 'Cold', { connection: 'online', door: 'closed', temperature: 4 });
    await insertMicromarket(db, org.main, 'Locked', {
      temperature: 1,
      lockedAt: new Date(),
      settings: { on_maintenance: true },
    });
    const names = async (query: Record<string, string>) => {
      const response = await callApi(ctx, api.micromarket.list, {
        token: operator,
        query: { org_id: String(org.main), ...query },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().items.map((item: { name: string }) => item.name);
    };
    expect(await names({ connection: 'online' })).toEqual(['Cold', 'Warm']);
    expect(await names({ door: 'open' })).toEqual(['Warm']);
    expect(await names({ temperature: 'out_of_range' })).toEqual(['Locked', 'Warm']);
    expect(await names({ on_maintenance: 'true' })).toEqual(['Locked']);
    expect(await names({ locked: 'true' })).toEqual(['Locked']);
    expect(await names({ q: 'khreshch' })).toEqual(['Office']);
    expect(await names({ sort: '-temperature', per_page: '2' })).toEqual(['Warm', 'Cold']);

    // Krakow-style thresholds: 0–10 °C makes every reading in range.
    await okApi(ctx, api.micromarket.updateThresholds, {
      token: operator,
      body: {
        temperature_min: 0,
        temperature_max: 10,
        lock_after_minutes: 60,
        door_open_timeout_seconds: 30,
        weight_tolerance_grams: 50,
      },
    });
    expect(await names({ temperature: 'out_of_range' })).toEqual([]);
    const warm = (await callApi(ctx, api.micromarket.list, { token: operator, query: { q: 'Warm' } })).json();
    expect(warm.items[0]).toMatchObject({ temperature: 9.5, temperature_state: 'in_range', door: 'open' });
    expect((await callApi(ctx, api.micromarket.list, { token: await tenant.token('franchisor') })).json().total).toBe(
      0,
    );
  });

  it('answers 400 naming bad filters and 404 for an organisation out of sight', async () => {
    const { operator, tenant } = await fleetWorld();
    const bad = await callApi(ctx, api.micromarket.list, {
      token: operator,
      query: { connection: 'maybe', sort: 'ip' },
    });
    expect(Object.keys(bad.error().fields!).sort()).toEqual(['connection', 'sort']);
    const other = await createTenant(ctx.database.db);
    expect(
      (await callApi(ctx, api.micromarket.list, { token: operator, query: { org_id: String(other.org.main) } }))
        .statusCode,
    ).toBe(404);
    expect(tenant).toBeDefined();
  });
});

describe('POST /v1/device/update and delete', () => {
  it('changes main and extra fields', async () => {
    const { operator, office } = await fleetWorld();
    const updated = await okApi(ctx, api.micromarket.update, {
      params: { id: office.id },
      token: operator,
      body: {
        latitude: 50.45,
        longitude: 30.52,
        country: 'ua',
        location_description: 'Lobby, left of the lifts',
        active: false,
      },
    });
    expect(updated).toMatchObject({ country: 'UA', active: false, latitude: 50.45 });
    expect(await eventsOf(office.id)).toEqual(['created', 'updated']);
  });

  it('only the platform sets the subscription price; an operator sending it back unchanged is fine', async () => {
    const { org, operator, office } = await fleetWorld();
    const platform = await createSignedInUser(ctx.database.db, {
      orgId: org.main,
      permissions: ['show_device_page', 'edit_devices', 'view_all_organizations'],
    });
    const priced = await okApi(ctx, api.micromarket.update, {
      params: { id: office.id },
      token: platform.token,
      body: { subscription_price: 49_900 },
    });
    expect(priced).toMatchObject({ subscription_price: 49_900 });
    // An operator pricing their own micromarket out of the subscription: refused, on the field.
    const update = { params: { id: office.id }, token: operator, body: { subscription_price: 0 }, lang: 'pl' };
    const create = {
      token: operator,
      body: { name: 'Free', serial_number: uniqueName('VT'), subscription_price: 0 },
      lang: 'pl',
    };
    for (const [url, refused] of [
      [api.micromarket.update.path, await callApi(ctx, api.micromarket.update, update)],
      [api.micromarket.create.path, await callApi(ctx, api.micromarket.create, create)],
    ] as const) {
      expect(refused.statusCode, url).toBe(403);
      expect(refused.error().fields).toEqual({ subscription_price: 'Cenę subskrypcji ustala tylko platforma' });
    }
    const form = await okApi(ctx, api.micromarket.update, {
      params: { id: office.id },
      token: operator,
      body: {
        name: 'Office',
        subscription_price: 49_900,
      },
    });
    expect(form).toMatchObject({ subscription_price: 49_900 });
  });

  it('refuses to delete while tags refer to it, naming the counts; deletes otherwise', async () => {
    const { org, operator, office } = await fleetWorld();
    const product = await insertProduct(ctx.database.db, org.main, { name: 'Kefir' });
    const [tag] = await insertTags(ctx.database.db, org.main, product, [
      { code: `E2${String(office.id).padStart(10, '0')}`, status: 'in_micromarket', micromarketId: office.id },
    ]);
    const refused = await callApi(ctx, api.micromarket.delete, { params: { id: office.id }, token: operator });
    expect(refused.statusCode).toBe(409);
    expect(refused.error().message).toBe(
      'The micromarket has 1 tag(s), 0 door session(s) and 0 command(s) and cannot be deleted',
    );
    expect(tag).toBeDefined();
    const spare = await okApi(ctx, api.micromarket.create, {
      token: operator,
      body: {
        name: 'Spare',
        serial_number: uniqueName('VT'),
      },
    });
    await okApi(ctx, api.micromarket.createShelf, { params: { id: spare.id }, token: operator, body: { number: 1 } });
    expect(await okApi(ctx, api.micromarket.delete, { params: { id: spare.id }, token: operator })).toEqual({
      ok: true,
    });
    expect((await callApi(ctx, api.micromarket.info, { params: { id: spare.id }, token: operator })).statusCode).toBe(
      404,
    );
  });
});

describe('tenancy: 404 for another organisation’s micromarket, 403 for a view-only one', () => {
  const reads = [
    api.micromarket.info,
    api.micromarket.settings,
    api.micromarket.shelves,
    api.micromarket.discounts,
    api.micromarket.prices,
    api.micromarket.priceTags,
    api.micromarket.events,
  ];
  /** Each write of one micromarket, by its path, with a valid body. */
  const writes: [string, (id: number, token: string) => Promise<{ statusCode: number }>][] = [
    ['update', (id, token) => callApi(ctx, api.micromarket.update, { params: { id }, token, body: { name: 'X' } })],
    ['delete', (id, token) => callApi(ctx, api.micromarket.delete, { params: { id }, token })],
    ['token/rotate', (id, token) => callApi(ctx, api.micromarket.rotateToken, { params: { id }, token })],
    [
      'settings/update',
      (id, token) =>
        callApi(ctx, api.micromarket.updateSettings, { params: { id }, token, body: { fiscal_receipts: true } }),
    ],
    [
      'shelf/create',
      (id, token) => callApi(ctx, api.micromarket.createShelf, { params: { id }, token, body: { number: 9 } }),
    ],
    [
      'discount/create',
      (id, token) => callApi(ctx, api.micromarket.createDiscount, { params: { id }, token, body: { percent: 5 } }),
    ],
    [
      'price/upsert',
      (id, token) =>
        callApi(ctx, api.micromarket.upsertPrice, { params: { id }, token, body: { product_id: 1, price: 100 } }),
    ],
    [
      'price-tag/create',
      (id, token) =>
        callApi(ctx, api.micromarket.createPriceTag, { params: { id }, token, body: { label_code: 'L-1' } }),
    ],
  ];

  it('answers every per-micromarket endpoint so', async () => {
    const { operator, editor, office, kyiv } = await fleetWorld();
    for (const endpoint of reads) {
      const path = endpoint.path;
      expect((await callApi(ctx, endpoint, { params: { id: office.id }, token: editor })).statusCode, path).toBe(404);
      expect((await callApi(ctx, endpoint, { params: { id: kyiv }, token: operator })).statusCode, path).toBe(200);
    }
    for (const [path, write] of writes) {
      const foreign = await write(office.id, editor);
      expect(foreign.statusCode, path).toBe(404);
      const viewOnly = await write(kyiv, operator);
      expect(viewOnly.statusCode, path).toBe(403);
    }
  });

  it('hides the parts of another organisation’s micromarket by their own ids', async () => {
    const { operator, editor, office } = await fleetWorld();
    const shelf = await okApi(ctx, api.micromarket.createShelf, {
      params: { id: office.id },
      token: operator,
      body: { number: 1 },
    });
    const discount = await okApi(ctx, api.micromarket.createDiscount, {
      params: { id: office.id },
      token: operator,
      body: { percent: 5 },
    });
    const label = await okApi(ctx, api.micromarket.createPriceTag, {
      params: { id: office.id },
      token: operator,
      body: {
        label_code: 'ESL-1',
      },
    });
    // A valid body each: an update that changes nothing is refused by its schema before any lookup.
    const token = editor;
    for (const [url, response] of [
      ['shelf/update', await callApi(ctx, api.micromarket.updateShelf, { params: { id: shelf.id }, token, body: {} })],
      ['shelf/delete', await callApi(ctx, api.micromarket.deleteShelf, { params: { id: shelf.id }, token })],
      ['discount/delete', await callApi(ctx, api.micromarket.deleteDiscount, { params: { id: discount.id }, token })],
      [
        'price-tag/update',
        await callApi(ctx, api.micromarket.updatePriceTag, {
          params: { id: label.id },
          token,
          body: { label_code: 'ESL-2' },
        }),
      ],
      ['price-tag/delete', await callApi(ctx, api.micromarket.deletePriceTag, { params: { id: label.id }, token })],
    ] as const) {
      expect(response.statusCode, url).toBe(404);
    }
  });
});

describe('settings', () => {
  it('starts from the defaults and enforces the dependencies with localised field errors', async () => {
    const { operator, office } = await fleetWorld();
    const defaults = await callApi(ctx, api.micromarket.settings, { params: { id: office.id }, token: operator });
    expect(defaults.json()).toMatchObject({
      payment_rfid: true,
      always_open: true,
      test_mode: false,
      test_amount: null,
    });

    const amountAlone = await callApi(ctx, api.micromarket.updateSettings, {
      params: { id: office.id },
      token: operator,
      lang: 'ua',
      body: { test_amount: 100 },
    });
    expect(amountAlone.statusCode).toBe(400);
    expect(amountAlone.error().fields).toEqual({
      test_amount: 'Тестова сума задається лише в тестовому режимі оплати',
    });

    const modeAlone = await callApi(ctx, api.micromarket.updateSettings, {
      params: { id: office.id },
      token: operator,
      body: { test_mode: true },
    });
    expect(modeAlone.error().fields).toEqual({ test_amount: 'This field is required' });

    const hold = await callApi(ctx, api.micromarket.updateSettings, {
      params: { id: office.id },
      token: operator,
      body: { hold_amount: 5000 },
    });
    expect(Object.keys(hold.error().fields!)).toEqual(['hold_amount']);

    const period = await callApi(ctx, api.micromarket.updateSettings, {
      params: { id: office.id },
      token: operator,
      body: { always_open: false, active_from: '8:00' },
    });
    expect(Object.keys(period.error().fields!).sort()).toEqual(['active_from']);
    const periodMissing = await callApi(ctx, api.micromarket.updateSettings, {
      params: { id: office.id },
      token: operator,
      body: { always_open: false },
    });
    expect(Object.keys(periodMissing.error().fields!).sort()).toEqual(['active_from', 'active_to']);

    const saved = await okApi(ctx, api.micromarket.updateSettings, {
      params: { id: office.id },
      token: operator,
      body: {
        test_mode: true,
        test_amount: 100,
        always_open: false,
        active_from: '08:00',
        active_to: '22:30',
        order_payment_mode: 'hold',
      },
    });
    expect(saved).toMatchObject({ test_mode: true, test_amount: 100, active_from: '08:00', payment_rfid: true });
    // Turning test mode off must clear its amount too.
    expect(
      (
        await callApi(ctx, api.micromarket.updateSettings, {
          params: { id: office.id },
          token: operator,
          body: { test_mode: false },
        })
      ).statusCode,
    ).toBe(400);
    await okApi(ctx, api.micromarket.updateSettings, {
      params: { id: office.id },
      token: operator,
      body: { test_mode: false, test_amount: null },
    });
    expect(await eventsOf(office.id)).toEqual(['created', 'settings_changed', 'settings_changed']);
  });

  it('copies settings to other micromarkets in one transaction, or to none', async () => {
    const { org, operator, office, kyiv } = await fleetWorld();
    await okApi(ctx, api.micromarket.updateSettings, {
      params: { id: office.id },
      token: operator,
      body: { charity_mode: true, payment_neuro: true },
    });
    const first = await insertMicromarket(ctx.database.db, org.main, uniqueName('A'));
    const second = await insertMicromarket(ctx.database.db, org.krakow, uniqueName('B'));
    const refused = await callApi(ctx, api.micromarket.copySettings, {
      token: operator,
      body: { from_id: office.id, to_ids: [first, kyiv] },
    });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.error().fields!)).toEqual(['to_ids']);
    const untouched = await callApi(ctx, api.micromarket.settings, { params: { id: first }, token: operator });
    expect(untouched.json().charity_mode).toBe(false);

    const copied = await okApi(ctx, api.micromarket.copySettings, {
      token: operator,
      body: { from_id: office.id, to_ids: [first, second] },
    });
    expect(copied).toEqual({ ok: true, count: 2 });
    for (const id of [first, second]) {
      const settings = (await callApi(ctx, api.micromarket.settings, { params: { id }, token: operator })).json();
      expect(settings).toMatchObject({ charity_mode: true, payment_neuro: true });
      expect(await eventsOf(id)).toEqual(['settings_copied']);
    }
  });
});

describe('shelves, discounts, personal prices and price tags', () => {
  it('keeps shelves with their products, refusing a taken number and another organisation’s product', async () => {
    const { org, operator, office } = await fleetWorld();
    const kefir = await insertProduct(ctx.database.db, org.main, { name: 'Kefir' });
    const foreign = await insertProduct(ctx.database.db, org.krakow, { name: 'Pierogi' });
    const shelf = await okApi(ctx, api.micromarket.createShelf, {
      params: { id: office.id },
      token: operator,
      body: {
        number: 1,
        name: 'Top',
        trackers: ['T-01', 'T-02'],
        product_ids: [kefir],
      },
    });
    expect(shelf).toMatchObject({ number: 1, trackers: ['T-01', 'T-02'], products: [{ id: kefir, name: 'Kefir' }] });
    const taken = await callApi(ctx, api.micromarket.createShelf, {
      params: { id: office.id },
      token: operator,
      body: { number: 1 },
    });
    expect(taken.statusCode).toBe(409);
    expect(Object.keys(taken.error().fields!)).toEqual(['number']);
    const wrong = await callApi(ctx, api.micromarket.createShelf, {
      params: { id: office.id },
      token: operator,
      body: { number: 2, product_ids: [foreign] },
    });
    expect(Object.keys(wrong.error().fields!)).toEqual(['product_ids']);
    await okApi(ctx, api.micromarket.updateShelf, {
      params: { id: shelf.id },
      token: operator,
      body: { name: 'Upper', product_ids: [] },
    });
    const list = await callApi(ctx, api.micromarket.shelves, { params: { id: office.id }, token: operator });
    expect(list.json().items).toMatchObject([{ name: 'Upper', products: [] }]);
    await okApi(ctx, api.micromarket.deleteShelf, { params: { id: shelf.id }, token: operator });
    expect(
      (await callApi(ctx, api.micromarket.shelves, { params: { id: office.id }, token: operator })).json().items,
    ).toEqual([]);
  });

  it('prices a label from the personal price less the discount in force', async () => {
    const { org, operator, office } = await fleetWorld();
    const kefir = await insertProduct(ctx.database.db, org.main, { name: 'Kefir', sellCostMinor: 5000 });
    const percent = await callApi(ctx, api.micromarket.createDiscount, {
      params: { id: office.id },
      token: operator,
      body: { percent: 101, active_to: '2020-01-01T00:00:00Z' },
    });
    expect(Object.keys(percent.error().fields!).sort()).toEqual(['percent']);
    const past = await callApi(ctx, api.micromarket.createDiscount, {
      params: { id: office.id },
      token: operator,
      body: { percent: 10, active_to: '2020-01-01T00:00:00Z' },
    });
    expect(past.error().fields).toEqual({ active_to: 'The date must be in the future' });
    const discount = await okApi(ctx, api.micromarket.createDiscount, {
      params: { id: office.id },
      token: operator,
      body: {
        percent: 10,
        active_to: new Date(Date.now() + 86_400_000).toISOString(),
      },
    });
    expect(discount.is_active).toBe(true);

    const label = await okApi(ctx, api.micromarket.createPriceTag, {
      params: { id: office.id },
      token: operator,
      body: {
        label_code: 'ESL-7',
        product_id: kefir,
      },
    });
    expect(label).toMatchObject({ current_price: 4500, shown_price: null, is_outdated: true });
    const price = await okApi(ctx, api.micromarket.upsertPrice, {
      params: { id: office.id },
      token: operator,
      body: { product_id: kefir, price: 4000 },
    });
    expect(price).toMatchObject({ price: 4000, sell_cost: 5000, product_name: 'Kefir' });
    await okApi(ctx, api.micromarket.upsertPrice, {
      params: { id: office.id },
      token: operator,
      body: { product_id: kefir, price: 4200 },
    });
    const prices = (await callApi(ctx, api.micromarket.prices, { params: { id: office.id }, token: operator })).json();
    expect(prices.items).toMatchObject([{ price: 4200 }]);
    const labels = (
      await callApi(ctx, api.micromarket.priceTags, { params: { id: office.id }, token: operator })
    ).json();
    expect(labels.items).toMatchObject([{ label_code: 'ESL-7', current_price: 3780 }]);
    const dupe = await callApi(ctx, api.micromarket.createPriceTag, {
      params: { id: office.id },
      token: operator,
      body: { label_code: 'ESL-7' },
    });
    expect(dupe.statusCode).toBe(409);
    const info = (await callApi(ctx, api.micromarket.info, { params: { id: office.id }, token: operator })).json();
    expect(info.discount_percent).toBe(10);

    await okApi(ctx, api.micromarket.deleteDiscount, { params: { id: discount.id }, token: operator });
    await okApi(ctx, api.micromarket.deletePrice, { params: { id: prices.items[0]!.id }, token: operator });
    const after = (
      await callApi(ctx, api.micromarket.priceTags, { params: { id: office.id }, token: operator })
    ).json();
    expect(after.items[0]!.current_price).toBe(5000);

    const history = (
      await callApi(ctx, api.micromarket.events, {
        params: { id: office.id },
        token: operator,
        query: { per_page: '3' },
      })
    ).json();
    expect(history.items.map((event: { kind: string }) => event.kind)).toEqual([
      'price_deleted',
      'discount_deleted',
      'price_set',
    ]);
    expect(history.total).toBe(7);
  });
});

describe('thresholds', () => {
  it('answers the defaults without a row, and refuses a reversed range', async () => {
    const { org, operator } = await fleetWorld();
    const defaults = await callApi(ctx, api.micromarket.thresholds, { token: operator });
    expect(defaults.json()).toMatchObject({
      org_id: org.main,
      temperature_min: 2,
      temperature_max: 8,
      is_default: true,
    });
    const reversed = await callApi(ctx, api.micromarket.updateThresholds, {
      token: operator,
      body: {
        temperature_min: 9,
        temperature_max: 3,
        lock_after_minutes: 60,
        door_open_timeout_seconds: 30,
        weight_tolerance_grams: 50,
      },
    });
    expect(Object.keys(reversed.error().fields!)).toEqual(['temperature_max']);
    const viewOnly = await callApi(ctx, api.micromarket.updateThresholds, {
      token: operator,
      body: {
        org_id: org.kyiv,
        temperature_min: 1,
        temperature_max: 3,
        lock_after_minutes: 60,
        door_open_timeout_seconds: 30,
        weight_tolerance_grams: 50,
      },
    });
    expect(viewOnly.statusCode).toBe(403);
  });

  it('are read from the instance’s cache, which any change empties: the API’s and a direct write alike', async () => {
    const { org, operator } = await fleetWorld();
    const thresholds = ctx.app.services.thresholds;
    const read = async () => (await callApi(ctx, api.micromarket.thresholds, { token: operator })).json();
    expect((await read()).temperature_max).toBe(8);
    const before = thresholds.stats();
    expect((await read()).temperature_max).toBe(8);
    expect(thresholds.stats().hits).toBe(before.hits + 1);
    await okApi(ctx, api.micromarket.updateThresholds, {
      token: operator,
      body: {
        temperature_min: 1,
        temperature_max: 6,
        lock_after_minutes: 60,
        door_open_timeout_seconds: 30,
        weight_tolerance_grams: 50,
      },
    });
    expect(await read()).toMatchObject({ temperature_max: 6, is_default: false });
    // Not through the service (another instance, a job, psql): the table's trigger announces it.
    await ctx.database.db.update(fleetThresholds).set({ temperatureMax: 7 }).where(eq(fleetThresholds.orgId, org.main));
    await thresholds.sync();
    expect((await read()).temperature_max).toBe(7);
  });

  it('names each out-of-range threshold with its own message in the caller’s language', async () => {
    const { operator } = await fleetWorld();
    const bad = await callApi(ctx, api.micromarket.updateThresholds, {
      token: operator,
      lang: 'pl',
      body: {
        temperature_min: -40,
        temperature_max: 8,
        lock_after_minutes: 1.5,
        door_open_timeout_seconds: 1,
        weight_tolerance_grams: 200_000,
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.error().fields).toEqual({
      temperature_min: 'Podaj temperaturę od −30 do 30 °C',
      lock_after_minutes: 'Podaj pełne minuty od 0 do 10080 (tydzień)',
      door_open_timeout_seconds: 'Podaj pełne sekundy od 5 do 600',
      weight_tolerance_grams: 'Podaj pełne gramy od 0 do 100000',
    });
  });
});
