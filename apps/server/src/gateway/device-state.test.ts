import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMicromarket } from '../../test/factories/catalogue.js';
import { createTenant, type Tenant } from '../../test/factories/tenant.js';
import { createTestContext, type TestContext } from '../../test/helper.js';
import { deviceEvents, micromarkets, shelves } from '../db/schema/index.js';
import { TestClock } from '../lib/clock.js';
import { DeviceStates } from './device-state.js';

/**
 * The replay windows and live state the gateway keeps in memory and writes once per tick:
 * what a restarted server or a second instance (a hand-over of a RabbitMQ shard)
 * finds in the database.
 */
let ctx: TestContext;
let tenant: Tenant;
const clock = new TestClock(Date.now());

beforeAll(async () => {
  ctx = await createTestContext({ clock });
  tenant = await createTenant(ctx.database.db);
});
afterAll(() => ctx.close());

const reconnected: number[] = [];
const newStates = () =>
  new DeviceStates({
    db: ctx.database.db,
    clock,
    onReconnected: async (device) => {
      reconnected.push(device.id);
    },
  });

async function newDevice(name: string) {
  const id = await insertMicromarket(ctx.database.db, tenant.org.main, name);
  return { id, orgId: tenant.org.main, serial: name };
}

describe('device states', () => {
  it('a restarted server still rejects the replay of a seq accepted before the restart', async () => {
    const device = await newDevice('Restart');
    const before = newStates();
    expect(await before.accept(device, 1, 5)).toBe(true);
    expect(await before.accept(device, 1, 3)).toBe(true);
    await before.flush();
    const after = newStates();
    expect(await after.accept(device, 1, 5)).toBe(false);
    expect(await after.accept(device, 1, 3)).toBe(false);
    expect(await after.accept(device, 1, 4)).toBe(true);
    expect(await after.accept(device, 1, 6)).toBe(true);
  });

  it('two instances in turn: each one’s seqs survive the other’s write, and the stale one learns them at its flush', async () => {
    const device = await newDevice('Hand-over');
    const a = newStates();
    const b = newStates();
    for (const seq of [1, 2, 3]) expect(await a.accept(device, 1, seq)).toBe(true);
    await a.flush();
    // The broker hands the device to b, which seeds from the database.
    for (const seq of [3, 4, 5]) expect(await b.accept(device, 1, seq)).toBe(seq !== 3);
    await b.flush();
    // And back to a, whose memory still ends at 3: its next flush merges b's seqs in.
    expect(await a.accept(device, 1, 6)).toBe(true);
    await a.flush();
    expect(await a.accept(device, 1, 5)).toBe(false);
    expect(await a.accept(device, 1, 4)).toBe(false);
    const [row] = await ctx.database.db
      .select({ seq: micromarkets.deviceSeq, window: micromarkets.deviceSeqWindow })
      .from(micromarkets)
      .where(eq(micromarkets.id, device.id));
    // 1…6 all seen: six low bits.
    expect({ seq: Number(row!.seq), window: Number(row!.window) }).toEqual({ seq: 6, window: 0b111111 });
  });

  it('writes the latest state of many devices at once, and tells of a device that was offline', async () => {
    const first = await newDevice('Coalesced 1');
    const second = await newDevice('Coalesced 2');
    await ctx.database.db.insert(shelves).values([
      { micromarketId: first.id, number: 1 },
      { micromarketId: first.id, number: 2 },
    ]);
    const states = newStates();
    const at = clock.now();
    for (const device of [first, second]) await states.accept(device, 1, 0);
    states.applyTelemetry(first.id, at, { temperature: 5, door: 'open', weights: [100, null] });
    states.applyTelemetry(first.id, at, { temperature: 4, weights: [null, 250] });
    states.applyTelemetry(second.id, at, { defrosting: true });
    expect((await states.memoryOf(first)).door).toBe('open');
    await states.flush();
    const rows = await ctx.database.db
      .select({ id: micromarkets.id, temperature: micromarkets.temperature, door: micromarkets.door })
      .from(micromarkets)
      .where(eq(micromarkets.orgId, tenant.org.main));
    expect(rows.find((row) => row.id === first.id)).toMatchObject({ temperature: 4, door: 'open' });
    const weights = await ctx.database.db
      .select({ number: shelves.number, grams: shelves.weightGrams })
      .from(shelves)
      .where(eq(shelves.micromarketId, first.id))
      .orderBy(shelves.number);
    expect(weights).toEqual([
      { number: 1, grams: 100 },
      { number: 2, grams: 250 },
    ]);
    // Both were offline (never connected) until this write.
    expect(reconnected).toEqual(expect.arrayContaining([first.id, second.id]));
    expect(await ctx.database.db.select().from(deviceEvents).where(eq(deviceEvents.micromarketId, first.id))).toEqual(
      [],
    );
  });

  it('flushes asked for while one is being written join the next write: one statement for many devices', async () => {
    const devices = await Promise.all([1, 2, 3, 4].map((n) => newDevice(`Group commit ${n}`)));
    const db = ctx.database.db;
    let writes = 0;
    const counting = new Proxy(db, {
      get(target, property, receiver) {
        if (property !== 'execute') return Reflect.get(target, property, receiver);
        return (...args: Parameters<typeof db.execute>) => {
          writes += 1;
          return target.execute(...args);
        };
      },
    });
    const states = new DeviceStates({ db: counting, clock, onReconnected: async () => {} });
    for (const device of devices) await states.accept(device, 1, 1);
    writes = 0;
    // As four QoS 1 messages of four devices do: each waits for its own seq to be stored.
    const first = states.flush([devices[0]!.id]);
    await Promise.resolve();
    await Promise.all([first, ...devices.slice(1).map((device) => states.flush([device.id]))]);
    expect(writes).toBeGreaterThan(0);
    expect(writes).toBeLessThanOrEqual(2);
    // Every one of them was stored all the same.
    const after = newStates();
    for (const device of devices) expect(await after.accept(device, 1, 1)).toBe(false);
  });
});
