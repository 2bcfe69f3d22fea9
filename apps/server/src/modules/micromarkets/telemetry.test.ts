import { api } from '@vitrina/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../../test/api-client.js';
import { insertMicromarket } from '../../../test/factories/catalogue.js';
import { uniqueName } from '../../../test/factories/sequence.js';
import { createTenant } from '../../../test/factories/tenant.js';
import { createSignedInUser } from '../../../test/factories/users.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { deviceEvents, telemetry, telemetryHourly } from '../../db/schema/index.js';
import { TestClock } from '../../lib/clock.js';

const NOW = Date.UTC(2026, 0, 10, 12, 0, 0);
const MIN = 60_000;
const HOUR = 60 * MIN;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ clock: new TestClock(NOW) });
});
afterAll(() => ctx.close());

async function world() {
  const tenant = await createTenant(ctx.database.db);
  const operator = await tenant.token('operator');
  const fridge = { id: await insertMicromarket(ctx.database.db, tenant.org.main, uniqueName('Fridge')) };
  return { tenant, operator, fridge };
}

const get = (token: string | undefined, id: number, period?: string) =>
  callApi(ctx, api.micromarket.telemetry, { params: { id }, token, query: { period } });

describe('GET /v1/device/telemetry/:id', () => {
  it('needs a session (401), show_device_page (403) and a visible micromarket (404)', async () => {
    const { tenant, operator, fridge } = await world();
    expect((await get(undefined, fridge.id, '6h')).statusCode).toBe(401);
    const stranger = await createSignedInUser(ctx.database.db, {
      orgId: tenant.org.main,
      permissions: ['show_courier_page'],
    });
    expect((await get(stranger.token, fridge.id, '6h')).statusCode).toBe(403);
    const other = await world();
    expect((await get(other.operator, fridge.id, '6h')).statusCode).toBe(404);
    expect((await get(operator, 2_000_000_000, '6h')).statusCode).toBe(404);
  });

  it('accepts only 6h, 24h, 7d and 30d, 24h when left out', async () => {
    const { operator, fridge } = await world();
    const bad = await get(operator, fridge.id, '1h');
    expect(bad.statusCode).toBe(400);
    expect(bad.error()).toMatchObject({ fields: { period: expect.any(String) } });
    const fallback = await get(operator, fridge.id);
    expect(fallback.statusCode).toBe(200);
    expect(fallback.json()).toMatchObject({ period: '24h', bucket_ms: 15 * MIN, points: [] });
  });

  it('downsamples raw samples of the last 6 h into 5-minute points', async () => {
    const { operator, fridge } = await world();
    const rows = [];
    // One sample a minute for 7 hours: the oldest hour falls outside the period.
    for (let i = 1; i <= 7 * 60; i++) {
      rows.push({
        micromarketId: fridge.id,
        at: new Date(NOW - i * MIN),
        temperature: 4 + (i % 5),
        doorOpen: i % 5 === 0,
        defrosting: i === 3,
      });
    }
    await ctx.database.db.insert(telemetry).values(rows);
    const response = await get(operator, fridge.id, '6h');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.bucket_ms).toBe(5 * MIN);
    expect(body.from).toBe(new Date(NOW - 6 * HOUR).toISOString());
    expect(body.points).toHaveLength(72);
    expect(body.points.reduce((sum, point) => sum + point.samples, 0)).toBe(6 * 60);
    const last = body.points.at(-1)!;
    // The last bucket holds minutes −5…−1: temperatures 4+0…4+4, one of five with the door open.
    expect(last).toMatchObject({
      at: new Date(NOW - 5 * MIN).toISOString(),
      temperature_min: 4,
      temperature_max: 8,
      temperature_avg: 6,
      door_open_share: 0.2,
      defrosting: true,
      samples: 5,
    });
  });

  it('reads 7 days from the hourly rollup, and the hours it has not reached yet from raw samples', async () => {
    const { operator, fridge } = await world();
    const hourly = [];
    for (let h = 3; h <= 8 * 24; h++) {
      hourly.push({
        micromarketId: fridge.id,
        hour: new Date(NOW - h * HOUR),
        samples: 60,
        temperatureMin: 3,
        temperatureMax: h === 10 ? 12 : 6,
        temperatureAvg: 5,
        doorOpenSamples: h === 10 ? 30 : 0,
        defrostingSamples: 0,
      });
    }
    await ctx.database.db.insert(telemetryHourly).values(hourly);
    // The last two hours are not rolled up yet: only raw samples know them.
    await ctx.database.db.insert(telemetry).values([
      { micromarketId: fridge.id, at: new Date(NOW - 90 * MIN), temperature: 9, doorOpen: true, defrosting: true },
      { micromarketId: fridge.id, at: new Date(NOW - 30 * MIN), temperature: 7, doorOpen: false },
    ]);
    const body = (await get(operator, fridge.id, '7d')).json();
    expect(body.bucket_ms).toBe(HOUR);
    // 7 × 24 hours in the period: hours 3…168 from the rollup, hours 1 and 2 from raw.
    expect(body.points).toHaveLength(168);
    expect(body.points.find((point) => point.at === new Date(NOW - 10 * HOUR).toISOString())).toMatchObject({
      temperature_max: 12,
      door_open_share: 0.5,
    });
    expect(body.points.slice(-2)).toMatchObject([
      { temperature_avg: 9, door_open_share: 1, defrosting: true, samples: 1 },
      { temperature_avg: 7, door_open_share: 0, defrosting: false, samples: 1 },
    ]);

    const month = (await get(operator, fridge.id, '30d')).json();
    expect(month.bucket_ms).toBe(6 * HOUR);
    expect(month.points.length).toBeLessThanOrEqual(121);
    expect(month.points.reduce((sum, point) => sum + point.samples, 0)).toBe(hourly.length * 60 + 2);
  });

  it('gives the connection changes of the period with the state at its start', async () => {
    const { operator, fridge } = await world();
    await ctx.database.db.insert(deviceEvents).values([
      { micromarketId: fridge.id, at: new Date(NOW - 8 * HOUR), kind: 'connected' },
      { micromarketId: fridge.id, at: new Date(NOW - 2 * HOUR), kind: 'disconnected' },
      { micromarketId: fridge.id, at: new Date(NOW - 1 * HOUR), kind: 'connected' },
      { micromarketId: fridge.id, at: new Date(NOW - 1 * HOUR), kind: 'settings_changed' },
    ]);
    const body = (await get(operator, fridge.id, '6h')).json();
    expect(body.connection).toEqual([
      { at: new Date(NOW - 6 * HOUR).toISOString(), online: true },
      { at: new Date(NOW - 2 * HOUR).toISOString(), online: false },
      { at: new Date(NOW - 1 * HOUR).toISOString(), online: true },
    ]);
  });
});
