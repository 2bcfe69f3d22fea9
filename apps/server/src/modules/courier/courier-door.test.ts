import { api, isoWeekdayIn } from '@vitrina/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, okApi } from '../../../test/api-client.js';
import { codes, insertMicromarket, insertProduct, insertTags } from '../../../test/factories/catalogue.js';
import { uniqueName } from '../../../test/factories/sequence.js';
import { createTenant } from '../../../test/factories/tenant.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import {
  auditLog,
  deviceCommands,
  deviceGroupCouriers,
  deviceGroupMembers,
  deviceGroups,
  doorSessions,
  organizations,
  tags,
} from '../../db/schema/index.js';
import { TestClock } from '../../lib/clock.js';

/** Issue 25: the signed-in courier opens a stop for service with one tap, and sees what the visit moved. */
const clock = new TestClock(Date.now());
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ clock, live: { flushMs: 0 } });
});
afterAll(() => ctx.close());
const db = () => ctx.database.db;
let codeSeq = 0;
const prefix = () => `D${Date.now().toString(16).toUpperCase()}${(++codeSeq).toString(16).padStart(3, '0')}`;

async function stop() {
  const tenant = await createTenant(db());
  const orgId = tenant.org.main;
  const courier = await tenant.user('courier');
  const micromarketId = await insertMicromarket(db(), orgId, uniqueName('Stop'), {
    connection: 'online',
    door: 'closed',
  });
  return { tenant, orgId, courier, micromarketId };
}

const open = (token: string, id: number) => callApi(ctx, api.courier.openDoor, { params: { id }, token });

describe('the courier’s one-tap service opening', () => {
  it('queues a courier’s door opening through the command queue, audited and announced, once at a time', async () => {
    const s = await stop();
    const heard: unknown[] = [];
    const unsubscribe = ctx.app.live.subscribe((message) => {
      if (message.kind === 'event' && message.event.topic === 'micromarket.command') heard.push(message.event);
    });
    const answer = await okApi(ctx, api.courier.openDoor, { params: { id: s.micromarketId }, token: s.courier.token });
    expect(answer.message).toBe('The door will be opened shortly');

    const [command] = await db().select().from(deviceCommands).where(eq(deviceCommands.id, answer.command_id));
    expect(command).toMatchObject({
      micromarketId: s.micromarketId,
      type: 'open_door',
      status: 'queued',
      payload: { session_kind: 'courier' },
      requestedBy: s.courier.id,
    });
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'micromarket'), eq(auditLog.entityId, String(s.micromarketId))));
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'open_door',
        actorUserId: s.courier.id,
        orgId: s.orgId,
        after: { session_kind: 'courier', command_id: answer.command_id },
      }),
    ]);
    await expect
      .poll(() => heard)
      .toContainEqual(
        expect.objectContaining({
          org_id: s.orgId,
          id: answer.command_id,
          data: { micromarket_id: s.micromarketId, type: 'open_door', status: 'queued' },
        }),
      );
    unsubscribe();

    // An opening on its way, or a door standing open, refuses another (§8).
    const again = await open(s.courier.token, s.micromarketId);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('The door was already opened, wait for completion and retry');
  });

  it('opens a food-safety-locked micromarket (the lock stops customers), but not a deactivated one', async () => {
    const s = await stop();
    const locked = await insertMicromarket(db(), s.orgId, uniqueName('Locked'), { lockedAt: clock.now() });
    expect((await open(s.courier.token, locked)).statusCode).toBe(200);
    const off = await insertMicromarket(db(), s.orgId, uniqueName('Off'), { active: false });
    const refused = await open(s.courier.token, off);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This micromarket is deactivated and cannot be opened');
    const doorOpen = await insertMicromarket(db(), s.orgId, uniqueName('Open'), { door: 'open' });
    expect((await open(s.courier.token, doorOpen)).statusCode).toBe(409);
  });

  it('answers 401 without a session, 403 without the courier’s permission, 404 for another organisation', async () => {
    const s = await stop();
    expect((await callApi(ctx, api.courier.openDoor, { params: { id: s.micromarketId } })).statusCode).toBe(401);
    expect((await open(await s.tenant.token('support'), s.micromarketId)).statusCode).toBe(403);
    const stranger = await (await createTenant(db())).token('courier');
    expect((await open(stranger, s.micromarketId)).statusCode).toBe(404);
    expect((await open(s.courier.token, 2_000_000_000)).statusCode).toBe(404);
    // Kyiv is seen at level 1 (view only) by the main organisation: not the courier's to open.
    const kyiv = await insertMicromarket(db(), s.tenant.org.kyiv, uniqueName('Kyiv stop'));
    expect((await open(s.courier.token, kyiv)).statusCode).toBe(403);
    const commands = await db().select().from(deviceCommands).where(eq(deviceCommands.micromarketId, kyiv));
    expect(commands).toEqual([]);
  });

  it('a courier on routes opens only the stops of today’s routes', async () => {
    const s = await stop();
    const elsewhere = await insertMicromarket(db(), s.orgId, uniqueName('Not today'));
    const [org] = await db()
      .select({ timeZone: organizations.timeZone })
      .from(organizations)
      .where(eq(organizations.id, s.orgId));
    const today = isoWeekdayIn(clock.now(), org!.timeZone);
    const [route] = await db()
      .insert(deviceGroups)
      .values({ orgId: s.orgId, name: uniqueName('Route'), routeDays: [today] })
      .returning();
    await db().insert(deviceGroupMembers).values({ groupId: route!.id, micromarketId: s.micromarketId });
    await db().insert(deviceGroupCouriers).values({ groupId: route!.id, userId: s.courier.id });

    const refused = await open(s.courier.token, elsewhere);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('This micromarket is not on your route today');
    expect((await open(s.courier.token, s.micromarketId)).statusCode).toBe(200);
  });
});

describe('the stop after the door closes', () => {
  it('shows only what to bring and take out, and what the latest service visit put in and took out', async () => {
    // Tags expire by the wall clock (the factory's): the plan reads them at the same time.
    clock.set(Date.now());
    const s = await stop();
    const operator = await s.tenant.token('operator');
    const kefir = await insertProduct(db(), s.orgId, { name: uniqueName('Kefir') });
    const water = await insertProduct(db(), s.orgId, { name: uniqueName('Water') });
    const template = await okApi(ctx, api.planogram.createTemplate, {
      token: operator,
      body: {
        name: uniqueName('Stop layout'),
        layout: {
          shelves: [
            {
              number: 1,
              sections: [
                { product_id: kefir, capacity: 3 },
                { product_id: water, capacity: 1 },
              ],
            },
          ],
        },
      },
    });
    await okApi(ctx, api.planogram.apply, {
      params: { id: s.micromarketId },
      token: operator,
      body: { template_id: template.id },
    });
    // Water is full (one fresh inside); kefir: one inside about to expire, two fresh ones in storage.
    const [full] = codes(prefix(), 1);
    const [old, fresh1, fresh2] = codes(prefix(), 3);
    await insertTags(db(), s.orgId, water, [
      { code: full!, status: 'in_micromarket', micromarketId: s.micromarketId, storeUpToHours: 72 },
    ]);
    await insertTags(db(), s.orgId, kefir, [
      { code: old!, status: 'in_micromarket', micromarketId: s.micromarketId, storeUpToHours: 2 },
      { code: fresh1!, storeUpToHours: 72 },
      { code: fresh2!, storeUpToHours: 72 },
    ]);
    const summaryOf = async () =>
      (await callApi(ctx, api.courier.stop, { params: { id: s.micromarketId }, token: s.courier.token })).json();

    const before = await summaryOf();
    expect(before.lines.map((line) => line.product_id)).toEqual([kefir]);
    expect(before.lines[0]).toMatchObject({ bring: 3, expiring: 1 });
    expect(before).toMatchObject({ door: 'closed', last_visit: null });

    // The visit: the door opens, the expiring kefir comes out with the session, the reader sees the fresh ones.
    const openedAt = new Date(clock.nowMs() + 60_000);
    const closedAt = new Date(clock.nowMs() + 5 * 60_000);
    const sessionId = crypto.randomUUID();
    await db().insert(doorSessions).values({
      id: sessionId,
      micromarketId: s.micromarketId,
      kind: 'courier',
      openedAt,
      closedAt: null,
    });
    const move = (code: string, values: Partial<typeof tags.$inferInsert>, at: Date) =>
      db()
        .update(tags)
        .set({ ...values, updatedAt: at })
        .where(eq(tags.code, code));
    clock.set(closedAt.getTime() + 60_000);
    expect((await summaryOf()).last_visit).toEqual({
      opened_at: openedAt.toISOString(),
      closed_at: null,
      put_in: [],
      taken_out: [],
    });
    await move(old!, { status: 'removed' }, closedAt);
    await db().update(doorSessions).set({ closedAt }).where(eq(doorSessions.id, sessionId));
    const placedAt = new Date(closedAt.getTime() + 10_000);
    for (const code of [fresh1!, fresh2!]) {
      await move(code, { status: 'in_micromarket', micromarketId: s.micromarketId }, placedAt);
    }

    const after = await summaryOf();
    const kefirLine = { product_id: kefir, product_name: expect.stringMatching(/^Kefir/) };
    expect(after.last_visit).toEqual({
      opened_at: openedAt.toISOString(),
      closed_at: closedAt.toISOString(),
      put_in: [{ ...kefirLine, count: 2 }],
      taken_out: [{ ...kefirLine, count: 1 }],
    });
    // Two fresh kefirs of three: one still to bring, nothing to take out; water stays off the stop.
    expect(after.lines).toEqual([expect.objectContaining({ product_id: kefir, bring: 1, expiring: 0 })]);
    expect(after.removed_today).toBe(1);
  });
});
