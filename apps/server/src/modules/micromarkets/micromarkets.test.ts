import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMicromarket, insertProduct, insertTags } from '../../../test/factories/catalogue.js';
import { uniqueName } from '../../../test/factories/sequence.js';
import { createTenant } from '../../../test/factories/tenant.js';
import { createSignedInUser } from '../../../test/factories/users.js';
import { call, createTestContext, ok, type TestContext } from '../../../test/helper.js';
import { auditLog, deviceEvents, fleetThresholds, micromarkets } from '../../db/schema/index.js';
import { hashToken } from '../../lib/crypto.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Created = { id: number; token: string; serial_number: string };

/** A tenant with one micromarket in main (made by the API, so it has a token) and one in view-only Kyiv. */
async function fleetWorld() {
  const tenant = await createTenant(ctx.database.db);
  const { org } = tenant;
  const operator = await tenant.token('operator');
  const office = await ok<Created>(ctx, operator, '/v1/device/create', {
    name: 'Office',
    address: 'Kyiv, Khreshchatyk 1',
    serial_number: uniqueName('VT'),
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
    const info = await call(ctx, 'GET', `/v1/device/info/${office.id}`, { token: operator });
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
    const rotated = await ok<{ token: string }>(ctx, operator, `/v1/device/token/rotate/${office.id}`, {});
    expect(rotated.token).not.toBe(office.token);
    const stored = await tokenHashOf(office.id);
    expect(stored).toBe(hashToken(rotated.token));
    expect(stored).not.toBe(hashToken(office.token));
    expect(await eventsOf(office.id)).toContain('token_rotated');
  });

  it('refuses bad fields, naming each, in the caller’s language', async () => {
    const { operator } = await fleetWorld();
    const bad = await call(ctx, 'POST', '/v1/device/create', {
      token: operator,
      lang: 'pl',
      payload: {
        name: ' ',
        serial_number: 'X1',
        latitude: 91,
        longitude: -180.5,
        country: 'UKR',
        subscription_price: 10.5,
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual([
      'country',
      'latitude',
      'longitude',
      'name',
      'subscription_price',
    ]);
    expect(bad.json().fields.latitude).toBe('Szerokość geograficzna to liczba od −90 do 90');
    const negative = await call(ctx, 'POST', '/v1/device/create', {
      token: operator,
      payload: { name: 'X', serial_number: 'X2', subscription_price: -1 },
    });
    expect(negative.json().fields).toEqual({ subscription_price: 'Enter an amount of zero or more' });
  });

  it('answers 409 naming the field for a taken serial number, on create and update', async () => {
    const { operator, office } = await fleetWorld();
    const taken = await call(ctx, 'POST', '/v1/device/create', {
      token: operator,
      payload: { name: 'Twin', serial_number: office.serial_number },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fields).toEqual({ serial_number: 'A micromarket with this serial number already exists' });
    const other = await ok<Created>(ctx, operator, '/v1/device/create', { name: 'B', serial_number: uniqueName('VT') });
    const clash = await call(ctx, 'POST', `/v1/device/update/${other.id}`, {
      token: operator,
      payload: { serial_number: office.serial_number },
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
      const response = await call(ctx, 'GET', '/v1/device/list', {
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
    await ok(ctx, operator, '/v1/device/thresholds/update', {
      temperature_min: 0,
      temperature_max: 10,
      lock_after_minutes: 60,
      door_open_timeout_seconds: 30,
      weight_tolerance_grams: 50,
    });
    expect(await names({ temperature: 'out_of_range' })).toEqual([]);
    const warm = (await call(ctx, 'GET', '/v1/device/list', { token: operator, query: { q: 'Warm' } })).json();
    expect(warm.items[0]).toMatchObject({ temperature: 9.5, temperature_state: 'in_range', door: 'open' });
    expect((await call(ctx, 'GET', '/v1/device/list', { token: await tenant.token('franchisor') })).json().total).toBe(
      0,
    );
  });

  it('answers 400 naming bad filters and 404 for an organisation out of sight', async () => {
    const { operator, tenant } = await fleetWorld();
    const bad = await call(ctx, 'GET', '/v1/device/list', {
      token: operator,
      query: { connection: 'maybe', sort: 'ip' },
    });
    expect(Object.keys(bad.json().fields).sort()).toEqual(['connection', 'sort']);
    const other = await createTenant(ctx.database.db);
    expect(
      (await call(ctx, 'GET', '/v1/device/list', { token: operator, query: { org_id: String(other.org.main) } }))
        .statusCode,
    ).toBe(404);
    expect(tenant).toBeDefined();
  });
});

describe('POST /v1/device/update and delete', () => {
  it('changes main and extra fields', async () => {
    const { operator, office } = await fleetWorld();
    const updated = await ok(ctx, operator, `/v1/device/update/${office.id}`, {
      latitude: 50.45,
      longitude: 30.52,
      country: 'ua',
      location_description: 'Lobby, left of the lifts',
      active: false,
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
    const priced = await ok(ctx, platform.token, `/v1/device/update/${office.id}`, { subscription_price: 49_900 });
    expect(priced).toMatchObject({ subscription_price: 49_900 });
    // An operator pricing their own micromarket out of the subscription: refused, on the field.
    for (const [url, payload] of [
      [`/v1/device/update/${office.id}`, { subscription_price: 0 }],
      ['/v1/device/create', { name: 'Free', serial_number: uniqueName('VT'), subscription_price: 0 }],
    ] as const) {
      const refused = await call(ctx, 'POST', url, { token: operator, payload, lang: 'pl' });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().fields).toEqual({ subscription_price: 'Cenę subskrypcji ustala tylko platforma' });
    }
    const form = await ok(ctx, operator, `/v1/device/update/${office.id}`, {
      name: 'Office',
      subscription_price: 49_900,
    });
    expect(form).toMatchObject({ subscription_price: 49_900 });
  });

  it('refuses to delete while tags refer to it, naming the counts; deletes otherwise', async () => {
    const { org, operator, office } = await fleetWorld();
    const product = await insertProduct(ctx.database.db, org.main, { name: 'Kefir' });
    const [tag] = await insertTags(ctx.database.db, org.main, product, [
      { code: `E2${String(office.id).padStart(10, '0')}`, status: 'in_micromarket', micromarketId: office.id },
    ]);
    const refused = await call(ctx, 'POST', `/v1/device/delete/${office.id}`, { token: operator });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'The micromarket has 1 tag(s), 0 door session(s) and 0 command(s) and cannot be deleted',
    );
    expect(tag).toBeDefined();
    const spare = await ok<Created>(ctx, operator, '/v1/device/create', {
      name: 'Spare',
      serial_number: uniqueName('VT'),
    });
    await ok(ctx, operator, `/v1/device/shelf/create/${spare.id}`, { number: 1 });
    expect(await ok(ctx, operator, `/v1/device/delete/${spare.id}`, {})).toEqual({ ok: true });
    expect((await call(ctx, 'GET', `/v1/device/info/${spare.id}`, { token: operator })).statusCode).toBe(404);
  });
});

describe('tenancy: 404 for another organisation’s micromarket, 403 for a view-only one', () => {
  const reads = ['info', 'settings', 'shelf/list', 'discount/list', 'price/list', 'price-tag/list', 'event/list'];
  const writes: [string, object][] = [
    ['update', { name: 'X' }],
    ['delete', {}],
    ['token/rotate', {}],
    ['settings/update', { fiscal_receipts: true }],
    ['shelf/create', { number: 9 }],
    ['discount/create', { percent: 5 }],
    ['price/upsert', { product_id: 1, price: 100 }],
    ['price-tag/create', { label_code: 'L-1' }],
  ];

  it('answers every per-micromarket endpoint so', async () => {
    const { operator, editor, office, kyiv } = await fleetWorld();
    for (const path of reads) {
      expect((await call(ctx, 'GET', `/v1/device/${path}/${office.id}`, { token: editor })).statusCode, path).toBe(404);
      expect((await call(ctx, 'GET', `/v1/device/${path}/${kyiv}`, { token: operator })).statusCode, path).toBe(200);
    }
    for (const [path, payload] of writes) {
      const foreign = await call(ctx, 'POST', `/v1/device/${path}/${office.id}`, { token: editor, payload });
      expect(foreign.statusCode, path).toBe(404);
      const viewOnly = await call(ctx, 'POST', `/v1/device/${path}/${kyiv}`, { token: operator, payload });
      expect(viewOnly.statusCode, path).toBe(403);
    }
  });

  it('hides the parts of another organisation’s micromarket by their own ids', async () => {
    const { operator, editor, office } = await fleetWorld();
    const shelf = await ok<{ id: number }>(ctx, operator, `/v1/device/shelf/create/${office.id}`, { number: 1 });
    const discount = await ok<{ id: number }>(ctx, operator, `/v1/device/discount/create/${office.id}`, { percent: 5 });
    const label = await ok<{ id: number }>(ctx, operator, `/v1/device/price-tag/create/${office.id}`, {
      label_code: 'ESL-1',
    });
    // A valid body each: an update that changes nothing is refused by its schema before any lookup.
    for (const [url, payload] of [
      [`/v1/device/shelf/update/${shelf.id}`, {}],
      [`/v1/device/shelf/delete/${shelf.id}`, {}],
      [`/v1/device/discount/delete/${discount.id}`, {}],
      [`/v1/device/price-tag/update/${label.id}`, { label_code: 'ESL-2' }],
      [`/v1/device/price-tag/delete/${label.id}`, {}],
    ] as const) {
      expect((await call(ctx, 'POST', url, { token: editor, payload })).statusCode, url).toBe(404);
    }
  });
});

describe('settings', () => {
  it('starts from the defaults and enforces the dependencies with localised field errors', async () => {
    const { operator, office } = await fleetWorld();
    const url = `/v1/device/settings/update/${office.id}`;
    const defaults = await call(ctx, 'GET', `/v1/device/settings/${office.id}`, { token: operator });
    expect(defaults.json()).toMatchObject({
      payment_rfid: true,
      always_open: true,
      test_mode: false,
      test_amount: null,
    });

    const amountAlone = await call(ctx, 'POST', url, { token: operator, lang: 'ua', payload: { test_amount: 100 } });
    expect(amountAlone.statusCode).toBe(400);
    expect(amountAlone.json().fields).toEqual({ test_amount: 'Тестова сума задається лише в тестовому режимі оплати' });

    const modeAlone = await call(ctx, 'POST', url, { token: operator, payload: { test_mode: true } });
    expect(modeAlone.json().fields).toEqual({ test_amount: 'This field is required' });

    const hold = await call(ctx, 'POST', url, { token: operator, payload: { hold_amount: 5000 } });
    expect(Object.keys(hold.json().fields)).toEqual(['hold_amount']);

    const period = await call(ctx, 'POST', url, {
      token: operator,
      payload: { always_open: false, active_from: '8:00' },
    });
    expect(Object.keys(period.json().fields).sort()).toEqual(['active_from']);
    const periodMissing = await call(ctx, 'POST', url, { token: operator, payload: { always_open: false } });
    expect(Object.keys(periodMissing.json().fields).sort()).toEqual(['active_from', 'active_to']);

    const saved = await ok(ctx, operator, url, {
      test_mode: true,
      test_amount: 100,
      always_open: false,
      active_from: '08:00',
      active_to: '22:30',
      order_payment_mode: 'hold',
    });
    expect(saved).toMatchObject({ test_mode: true, test_amount: 100, active_from: '08:00', payment_rfid: true });
    // Turning test mode off must clear its amount too.
    expect((await call(ctx, 'POST', url, { token: operator, payload: { test_mode: false } })).statusCode).toBe(400);
    await ok(ctx, operator, url, { test_mode: false, test_amount: null });
    expect(await eventsOf(office.id)).toEqual(['created', 'settings_changed', 'settings_changed']);
  });

  it('copies settings to other micromarkets in one transaction, or to none', async () => {
    const { org, operator, office, kyiv } = await fleetWorld();
    await ok(ctx, operator, `/v1/device/settings/update/${office.id}`, { charity_mode: true, payment_neuro: true });
    const first = await insertMicromarket(ctx.database.db, org.main, uniqueName('A'));
    const second = await insertMicromarket(ctx.database.db, org.krakow, uniqueName('B'));
    const refused = await call(ctx, 'POST', '/v1/device/settings/copy', {
      token: operator,
      payload: { from_id: office.id, to_ids: [first, kyiv] },
    });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().fields)).toEqual(['to_ids']);
    const untouched = await call(ctx, 'GET', `/v1/device/settings/${first}`, { token: operator });
    expect(untouched.json().charity_mode).toBe(false);

    const copied = await ok(ctx, operator, '/v1/device/settings/copy', { from_id: office.id, to_ids: [first, second] });
    expect(copied).toEqual({ ok: true, count: 2 });
    for (const id of [first, second]) {
      const settings = (await call(ctx, 'GET', `/v1/device/settings/${id}`, { token: operator })).json();
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
    const shelfUrl = `/v1/device/shelf/create/${office.id}`;
    const shelf = await ok<{ id: number }>(ctx, operator, shelfUrl, {
      number: 1,
      name: 'Top',
      trackers: ['T-01', 'T-02'],
      product_ids: [kefir],
    });
    expect(shelf).toMatchObject({ number: 1, trackers: ['T-01', 'T-02'], products: [{ id: kefir, name: 'Kefir' }] });
    const taken = await call(ctx, 'POST', shelfUrl, { token: operator, payload: { number: 1 } });
    expect(taken.statusCode).toBe(409);
    expect(Object.keys(taken.json().fields)).toEqual(['number']);
    const wrong = await call(ctx, 'POST', shelfUrl, {
      token: operator,
      payload: { number: 2, product_ids: [foreign] },
    });
    expect(Object.keys(wrong.json().fields)).toEqual(['product_ids']);
    await ok(ctx, operator, `/v1/device/shelf/update/${shelf.id}`, { name: 'Upper', product_ids: [] });
    const list = await call(ctx, 'GET', `/v1/device/shelf/list/${office.id}`, { token: operator });
    expect(list.json().items).toMatchObject([{ name: 'Upper', products: [] }]);
    await ok(ctx, operator, `/v1/device/shelf/delete/${shelf.id}`, {});
    expect((await call(ctx, 'GET', `/v1/device/shelf/list/${office.id}`, { token: operator })).json().items).toEqual(
      [],
    );
  });

  it('prices a label from the personal price less the discount in force', async () => {
    const { org, operator, office } = await fleetWorld();
    const kefir = await insertProduct(ctx.database.db, org.main, { name: 'Kefir', sellCostMinor: 5000 });
    const percent = await call(ctx, 'POST', `/v1/device/discount/create/${office.id}`, {
      token: operator,
      payload: { percent: 101, active_to: '2020-01-01T00:00:00Z' },
    });
    expect(Object.keys(percent.json().fields).sort()).toEqual(['percent']);
    const past = await call(ctx, 'POST', `/v1/device/discount/create/${office.id}`, {
      token: operator,
      payload: { percent: 10, active_to: '2020-01-01T00:00:00Z' },
    });
    expect(past.json().fields).toEqual({ active_to: 'The date must be in the future' });
    const discount = await ok<{ id: number; is_active: boolean }>(
      ctx,
      operator,
      `/v1/device/discount/create/${office.id}`,
      {
        percent: 10,
        active_to: new Date(Date.now() + 86_400_000).toISOString(),
      },
    );
    expect(discount.is_active).toBe(true);

    const label = await ok(ctx, operator, `/v1/device/price-tag/create/${office.id}`, {
      label_code: 'ESL-7',
      product_id: kefir,
    });
    expect(label).toMatchObject({ current_price: 4500, shown_price: null, is_outdated: true });
    const price = await ok(ctx, operator, `/v1/device/price/upsert/${office.id}`, { product_id: kefir, price: 4000 });
    expect(price).toMatchObject({ price: 4000, sell_cost: 5000, product_name: 'Kefir' });
    await ok(ctx, operator, `/v1/device/price/upsert/${office.id}`, { product_id: kefir, price: 4200 });
    const prices = (await call(ctx, 'GET', `/v1/device/price/list/${office.id}`, { token: operator })).json();
    expect(prices.items).toMatchObject([{ price: 4200 }]);
    const labels = (await call(ctx, 'GET', `/v1/device/price-tag/list/${office.id}`, { token: operator })).json();
    expect(labels.items).toMatchObject([{ label_code: 'ESL-7', current_price: 3780 }]);
    const dupe = await call(ctx, 'POST', `/v1/device/price-tag/create/${office.id}`, {
      token: operator,
      payload: { label_code: 'ESL-7' },
    });
    expect(dupe.statusCode).toBe(409);
    const info = (await call(ctx, 'GET', `/v1/device/info/${office.id}`, { token: operator })).json();
    expect(info.discount_percent).toBe(10);

    await ok(ctx, operator, `/v1/device/discount/delete/${discount.id}`, {});
    await ok(ctx, operator, `/v1/device/price/delete/${prices.items[0].id}`, {});
    const after = (await call(ctx, 'GET', `/v1/device/price-tag/list/${office.id}`, { token: operator })).json();
    expect(after.items[0].current_price).toBe(5000);

    const history = (
      await call(ctx, 'GET', `/v1/device/event/list/${office.id}`, { token: operator, query: { per_page: '3' } })
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
    const defaults = await call(ctx, 'GET', '/v1/device/thresholds', { token: operator });
    expect(defaults.json()).toMatchObject({
      org_id: org.main,
      temperature_min: 2,
      temperature_max: 8,
      is_default: true,
    });
    const reversed = await call(ctx, 'POST', '/v1/device/thresholds/update', {
      token: operator,
      payload: {
        temperature_min: 9,
        temperature_max: 3,
        lock_after_minutes: 60,
        door_open_timeout_seconds: 30,
        weight_tolerance_grams: 50,
      },
    });
    expect(Object.keys(reversed.json().fields)).toEqual(['temperature_max']);
    const viewOnly = await call(ctx, 'POST', '/v1/device/thresholds/update', {
      token: operator,
      payload: {
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
    const read = async () => (await call(ctx, 'GET', '/v1/device/thresholds', { token: operator })).json();
    expect((await read()).temperature_max).toBe(8);
    const before = thresholds.stats();
    expect((await read()).temperature_max).toBe(8);
    expect(thresholds.stats().hits).toBe(before.hits + 1);
    await ok(ctx, operator, '/v1/device/thresholds/update', {
      temperature_min: 1,
      temperature_max: 6,
      lock_after_minutes: 60,
      door_open_timeout_seconds: 30,
      weight_tolerance_grams: 50,
    });
    expect(await read()).toMatchObject({ temperature_max: 6, is_default: false });
    // Not through the service (another instance, a job, psql): the table's trigger announces it.
    await ctx.database.db.update(fleetThresholds).set({ temperatureMax: 7 }).where(eq(fleetThresholds.orgId, org.main));
    await thresholds.sync();
    expect((await read()).temperature_max).toBe(7);
  });

  it('names each out-of-range threshold with its own message in the caller’s language', async () => {
    const { operator } = await fleetWorld();
    const bad = await call(ctx, 'POST', '/v1/device/thresholds/update', {
      token: operator,
      lang: 'pl',
      payload: {
        temperature_min: -40,
        temperature_max: 8,
        lock_after_minutes: 1.5,
        door_open_timeout_seconds: 1,
        weight_tolerance_grams: 200_000,
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({
      temperature_min: 'Podaj temperaturę od −30 do 30 °C',
      lock_after_minutes: 'Podaj pełne minuty od 0 do 10080 (tydzień)',
      door_open_timeout_seconds: 'Podaj pełne sekundy od 5 do 600',
      weight_tolerance_grams: 'Podaj pełne gramy od 0 do 100000',
    });
  });
});
