import type { TNotificationChannel, TNotificationLog, TNotificationRouting } from '@vitrina/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { systemActor } from '../src/lib/actor.js';
import { TestClock } from '../src/lib/clock.js';
import { applyTemperature, raiseIncident } from '../src/modules/alerts/index.js';
import { notify } from '../src/modules/notifications/index.js';
import { startChannelStandIns } from './channel-stand-ins.js';
import { insertMicromarket } from './factories/catalogue.js';
import { createTenant } from './factories/tenant.js';
import { createSignedInUser } from './factories/users.js';
import { call, createTestContext, ok, type TestContext } from './helper.js';

/** Issue 11: events routed to channels and recipients, sent by jobs with retries, de-duplicated and paced. */
let ctx: TestContext;
let standIns: Awaited<ReturnType<typeof startChannelStandIns>>;
const START = Date.UTC(2026, 6, 1, 9, 0, 0);
const clock = new TestClock(START);
beforeAll(async () => {
  standIns = await startChannelStandIns();
  ctx = await createTestContext({ clock, channels: standIns.endpoints });
});
beforeEach(() => clock.set(START));
afterAll(async () => {
  await ctx.close();
  await standIns.stop();
});

const db = () => ctx.database.db;

async function organisationWithBot(secret = '777:bot-token-ok') {
  const tenant = await createTenant(db());
  const admin = await createSignedInUser(db(), {
    orgId: tenant.org.main,
    permissions: ['show_notification_system_page', 'show_notification_system_page_for_client'],
  });
  const bot = await ok<TNotificationChannel>(ctx, admin.token, '/v1/notification/channel/create', {
    type: 1,
    name: 'Ops bot',
    secret,
  });
  return { tenant, admin, bot };
}

async function log(token: string) {
  return (await call(ctx, 'GET', '/v1/notification/log', { token })).json<TNotificationLog>();
}

describe('client notifications', () => {
  it('sends a new ticket to every recipient of its rule once, one message per second per channel', async () => {
    const { tenant, admin, bot } = await organisationWithBot();
    const routing = await ok<TNotificationRouting>(ctx, admin.token, '/v1/notification/client/update', {
      rules: [{ event: 'new_ticket', channel_id: bot.id, recipients: ['100', '200', '100'] }],
    });
    expect(routing.rules).toEqual([
      {
        event: 'new_ticket',
        channel_id: bot.id,
        channel_name: 'Ops bot',
        channel_type: 1,
        recipients: ['100', '200'],
        to_operators: false,
      },
    ]);
    const support = await tenant.user('support');
    await ok(ctx, support.token, '/v1/ticket/create', { title: 'Fridge 12 leaks', text: 'Water under it' });
    const before = standIns.received.length;
    await ctx.app.jobs.runDue();
    // The second recipient waits for the channel's next turn.
    expect(standIns.received.slice(before).map((item) => item.to)).toEqual(['100']);
    clock.advance(1_000);
    await ctx.app.jobs.runDue();
    const sent = standIns.received.slice(before);
    expect(sent.map((item) => item.to)).toEqual(['100', '200']);
    expect(sent[0]!.text).toContain('New ticket: Fridge 12 leaks');
    const entries = await log(admin.token);
    expect(entries.items.map((item) => [item.recipient, item.status])).toEqual(
      expect.arrayContaining([
        ['100', 'sent'],
        ['200', 'sent'],
      ]),
    );
    // The same occurrence told again is not sent again.
    const again = await notify(ctx.app.services, {
      orgId: tenant.org.main,
      event: 'new_ticket',
      key: 'ticket:told-by-hand',
      subject: 's',
      text: 't',
    });
    expect(again).toBe(2);
    const repeat = await notify(ctx.app.services, {
      orgId: tenant.org.main,
      event: 'new_ticket',
      key: 'ticket:told-by-hand',
      subject: 's',
      text: 't',
    });
    expect(repeat).toBe(0);
  });

  it('tells the routed recipients of a new technical alert, once per incident', async () => {
    const { tenant, admin, bot } = await organisationWithBot();
    await ok(ctx, admin.token, '/v1/notification/client/update', {
      rules: [{ event: 'technical_alert', channel_id: bot.id, recipients: ['500'] }],
    });
    const fridge = await insertMicromarket(db(), tenant.org.main, 'Lobby fridge');
    const device = systemActor({ via: 'device', label: 'test' });
    const incident = { orgId: tenant.org.main, micromarketId: fridge, type: 1 as const, at: clock.now(), details: {} };
    await raiseIncident(ctx.app.services, device, incident);
    // The same incident seen again counts an occurrence, not a new message.
    await raiseIncident(ctx.app.services, device, incident);
    const before = standIns.received.length;
    await ctx.app.jobs.runDue();
    const told = standIns.received.slice(before);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ to: '500' });
    expect(told[0]!.text).toContain('Temperature out of range: Lobby fridge');
  });

  it('tells of a food-safety lock, and refuses routes for events the server does not send yet', async () => {
    const { tenant, admin, bot } = await organisationWithBot();
    await ok(ctx, admin.token, '/v1/notification/client/update', {
      rules: [{ event: 'food_safety_lock', channel_id: bot.id, recipients: ['600'] }],
    });
    const fridge = await insertMicromarket(db(), tenant.org.main, 'Warm fridge');
    const verdict = await applyTemperature(ctx.app.services, systemActor({ via: 'device', label: 'test' }), {
      micromarket: {
        id: fridge,
        orgId: tenant.org.main,
        temperature: 15,
        overheatSince: new Date(clock.nowMs() - 6 * 3600_000),
        lockedAt: null,
      },
      temperature: 15,
      at: clock.now(),
    });
    expect(verdict.lock).toBe(true);
    const before = standIns.received.length;
    await ctx.app.jobs.runDue();
    expect(standIns.received.slice(before).map((item) => item.to)).toContain('600');

    const unsent = await call(ctx, 'POST', '/v1/notification/client/update', {
      token: admin.token,
      payload: { rules: [{ event: 'coffee_ready', channel_id: bot.id, recipients: ['1'] }] },
    });
    expect(unsent.statusCode).toBe(400);
  });

  it('retries a refused message with back-off and fails it with the service’s answer after the last attempt', async () => {
    const { tenant, admin, bot } = await organisationWithBot(standIns.refusedSecret);
    await ok(ctx, admin.token, '/v1/notification/client/update', {
      rules: [{ event: 'technical_alert', channel_id: bot.id, recipients: ['300'] }],
    });
    await notify(ctx.app.services, {
      orgId: tenant.org.main,
      event: 'technical_alert',
      key: 'alert:1',
      subject: 'Suspicious temperature',
      text: 'Too warm',
    });
    for (let attempt = 0; attempt < 8; attempt += 1) {
      await ctx.app.jobs.runDue();
      clock.advance(31 * 60_000);
    }
    const [entry] = (await log(admin.token)).items;
    expect(entry).toMatchObject({ recipient: '300', status: 'failed', attempts: 6, error: 'Unauthorized' });
  });

  it('fails at once through an inactive channel, and takes only the organisation’s own channels', async () => {
    const { tenant, admin, bot } = await organisationWithBot();
    await ok(ctx, admin.token, '/v1/notification/client/update', {
      rules: [{ event: 'payment_failed', channel_id: bot.id, recipients: ['400'] }],
    });
    await ok(ctx, admin.token, `/v1/notification/channel/deactivate/${bot.id}`, {});
    await notify(ctx.app.services, {
      orgId: tenant.org.main,
      event: 'payment_failed',
      key: 'sale:9',
      subject: 'x',
      text: 'y',
    });
    await ctx.app.jobs.runDue();
    expect((await log(admin.token)).items[0]).toMatchObject({ status: 'failed', error: 'the channel is inactive' });

    const other = await organisationWithBot();
    const foreign = await call(ctx, 'POST', '/v1/notification/client/update', {
      token: admin.token,
      payload: { rules: [{ event: 'new_chat', channel_id: other.bot.id, recipients: ['1'] }] },
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe('Choose a channel of the organisation');
    const empty = await call(ctx, 'POST', '/v1/notification/client/update', {
      token: admin.token,
      payload: { rules: [{ event: 'new_chat', channel_id: bot.id, recipients: [] }] },
    });
    expect(empty.statusCode).toBe(400);
    expect(Object.values(empty.json().fields)).toEqual(['Add at least one recipient']);
    const channelsOnly = await createSignedInUser(db(), {
      orgId: tenant.org.main,
      permissions: ['show_notification_system_page'],
    });
    expect((await call(ctx, 'GET', '/v1/notification/client', { token: channelsOnly.token })).statusCode).toBe(403);
    expect(
      (
        await call(ctx, 'GET', '/v1/notification/client', {
          token: admin.token,
          query: { org_id: String(other.tenant.org.main) },
        })
      ).statusCode,
    ).toBe(404);
  });
});
