import { api, type TSendDeviceCommand } from '@vitrina/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, okApi } from '../../../test/api-client.js';
import { insertMicromarket } from '../../../test/factories/catalogue.js';
import { createTenant, type Tenant } from '../../../test/factories/tenant.js';
import { call, createTestContext, type TestContext } from '../../../test/helper.js';
import { auditLog, deviceEvents, deviceGroupMembers, deviceGroups, micromarkets } from '../../db/schema/index.js';

/** The command endpoints without a gateway: commands stay queued, the rules are what is tested. */
let ctx: TestContext;
let tenant: Tenant;
beforeAll(async () => {
  ctx = await createTestContext();
  tenant = await createTenant(ctx.database.db);
});
afterAll(() => ctx.close());

const send = (id: number, token: string | undefined, body: TSendDeviceCommand, lang?: string) =>
  callApi(ctx, api.deviceCommand.send, { params: { id }, token, body, lang });

/** A command the contract does not allow: sent as is, to see it refused. */
const sendInvalid = (id: number, token: string, payload: object) =>
  call(ctx, 'POST', `/v1/device/command/${id}`, { token, payload });

describe('device commands', () => {
  it('answers 401 without a session and 403 without send_device_commands', async () => {
    const id = await insertMicromarket(ctx.database.db, tenant.org.main, 'Guarded');
    expect((await send(id, undefined, { type: 'rescan' })).statusCode).toBe(401);
    expect((await send(id, await tenant.token('courier'), { type: 'rescan' })).statusCode).toBe(403);
  });

  it('answers 404 for another tree’s micromarket and 403 for a view-only one', async () => {
    const other = await createTenant(ctx.database.db);
    const foreign = await insertMicromarket(ctx.database.db, other.org.main, 'Foreign');
    const viewOnly = await insertMicromarket(ctx.database.db, tenant.org.kyiv, 'View only');
    const token = await tenant.token('operator');
    expect((await send(foreign, token, { type: 'rescan' })).statusCode).toBe(404);
    expect((await callApi(ctx, api.deviceCommand.history, { params: { id: foreign }, token })).statusCode).toBe(404);
    expect((await send(viewOnly, token, { type: 'rescan' })).statusCode).toBe(403);
    expect((await callApi(ctx, api.deviceCommand.history, { params: { id: viewOnly }, token })).statusCode).toBe(200);
  });

  it('validates the command', async () => {
    const id = await insertMicromarket(ctx.database.db, tenant.org.main, 'Validated');
    const token = await tenant.token('operator');
    expect((await sendInvalid(id, token, { type: 'self_destruct' })).statusCode).toBe(400);
    expect((await sendInvalid(id, token, { type: 'calibrate_shelf' })).statusCode).toBe(400);
    expect((await sendInvalid(id, token, { type: 'calibrate_shelf', shelf: 33 })).statusCode).toBe(400);
    const ok = await send(id, token, { type: 'calibrate_shelf', shelf: 2 });
    expect(ok.json().command).toMatchObject({ type: 'calibrate_shelf', params: { shelf: 2 }, status: 'queued' });
  });

  it('queues an open door with the §8 text in the caller’s language, and refuses a second one', async () => {
    const id = await insertMicromarket(ctx.database.db, tenant.org.main, 'Door');
    const token = await tenant.token('operator');
    const first = await send(id, token, { type: 'open_door' }, 'pl');
    expect(first.json().message).toBe('Drzwi zostaną wkrótce otwarte');
    expect(first.json().command.params).toEqual({ session_kind: 'service' });
    const second = await send(id, token, { type: 'open_door' }, 'ua');
    expect(second.statusCode).toBe(409);
    expect(second.error().message).toBe('Двері вже відчинено, дочекайтеся завершення та повторіть спробу');
  });

  it('records who opened the door: the command, the fridge’s history and the audit log', async () => {
    const id = await insertMicromarket(ctx.database.db, tenant.org.main, 'Audited door');
    const operator = await tenant.user('operator');
    const sent = await send(id, operator.token, { type: 'open_door' });
    expect(sent.statusCode).toBe(200);
    const command = sent.json().command;
    expect(command).toMatchObject({ requested_by: operator.id, requested_by_label: operator.email });
    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'micromarket'), eq(auditLog.entityId, String(id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'open_door',
      actorUserId: operator.id,
      orgId: tenant.org.main,
      via: 'http',
      after: { session_kind: 'panel', command_id: command.id },
    });
    const history = await okApi(ctx, api.deviceCommand.history, { params: { id }, token: operator.token });
    expect(history.items[0]).toMatchObject({ id: command.id, requested_by_label: operator.email });
    const events = await ctx.database.db.select().from(deviceEvents).where(eq(deviceEvents.micromarketId, id));
    expect(events).toEqual([
      expect.objectContaining({ kind: 'command_queued', actorId: operator.id, actorLabel: operator.name }),
    ]);
  });

  it('refuses an open door while the door is open, but opens a food-safety-locked fridge for the operator', async () => {
    const open = await insertMicromarket(ctx.database.db, tenant.org.main, 'Open door');
    await ctx.database.db.update(micromarkets).set({ door: 'open' }).where(eq(micromarkets.id, open));
    const locked = await insertMicromarket(ctx.database.db, tenant.org.main, 'Locked');
    await ctx.database.db.update(micromarkets).set({ lockedAt: new Date() }).where(eq(micromarkets.id, locked));
    const token = await tenant.token('operator');
    expect((await send(open, token, { type: 'open_door' })).statusCode).toBe(409);
    expect((await send(locked, token, { type: 'open_door' })).statusCode).toBe(200);
  });

  it('pages the history newest first', async () => {
    const id = await insertMicromarket(ctx.database.db, tenant.org.main, 'History');
    const token = await tenant.token('operator');
    for (const type of ['rescan', 'reboot', 'accelerometer_check'] as const) await send(id, token, { type });
    const page = await callApi(ctx, api.deviceCommand.history, { params: { id }, token, query: { per_page: '2' } });
    expect(page.json().total).toBe(3);
    expect(page.json().items.map((item) => item.type)).toEqual(['accelerometer_check', 'reboot']);
  });

  it('sends to every member of a group and reports who refused', async () => {
    const [a, b] = [
      await insertMicromarket(ctx.database.db, tenant.org.main, 'Group A'),
      await insertMicromarket(ctx.database.db, tenant.org.main, 'Group B'),
    ];
    await ctx.database.db.update(micromarkets).set({ door: 'open' }).where(eq(micromarkets.id, b!));
    const [group] = await ctx.database.db
      .insert(deviceGroups)
      .values({ orgId: tenant.org.main, name: `Group ${a}` })
      .returning({ id: deviceGroups.id });
    await ctx.database.db.insert(deviceGroupMembers).values([
      { groupId: group!.id, micromarketId: a! },
      { groupId: group!.id, micromarketId: b! },
    ]);
    const token = await tenant.token('operator');
    const response = await callApi(ctx, api.deviceCommand.sendToGroup, {
      params: { id: group!.id },
      token,
      body: { type: 'open_door' },
    });
    expect(response.json()).toMatchObject({ sent: 1, refused: 1 });
    const other = await createTenant(ctx.database.db);
    const foreign = await callApi(ctx, api.deviceCommand.sendToGroup, {
      params: { id: group!.id },
      token: await other.token('operator'),
      body: { type: 'rescan' },
    });
    expect(foreign.statusCode).toBe(404);
  });
});
