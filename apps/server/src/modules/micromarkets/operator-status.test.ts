import { api, tileConditions } from '@vitrina/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { callApi, okApi } from '../../../test/api-client.js';
import { insertMicromarket } from '../../../test/factories/catalogue.js';
import { createOrganisation } from '../../../test/factories/organisations.js';
import { uniqueName } from '../../../test/factories/sequence.js';
import { createTenant } from '../../../test/factories/tenant.js';
import { createPlatformAdmin, createSignedInUser } from '../../../test/factories/users.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { fleetNotices, technicalAlerts } from '../../db/schema/index.js';
import { systemActor } from '../../lib/actor.js';
import { TestClock } from '../../lib/clock.js';
import { applyTemperature, FLAP_QUIET_WINDOW_MS, raiseIncident, tellFleetIncident } from '../alerts/index.js';

/** Issue 25, truthful status: the board's counts and tiles, default routes, the alert bell, support's unread badges. */
let ctx: TestContext;
const START = Date.UTC(2026, 6, 1, 9, 0, 0);
const clock = new TestClock(START);
beforeAll(async () => {
  ctx = await createTestContext({ clock });
});
beforeEach(() => clock.set(START));
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const device = systemActor({ via: 'device', label: 'test-device' });

async function display(token: string) {
  const response = await callApi(ctx, api.micromarket.display, { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('GET /v1/device/display counts what it names', () => {
  it('counts two warm fridges as out of range and an offline one as offline, whatever alerts they also have', async () => {
    const tenant = await createTenant(db());
    const board = await createSignedInUser(db(), { orgId: tenant.org.main, permissions: ['show_fridge_display'] });
    const online = { connection: 'online' as const, lastActivityAt: new Date(START), door: 'closed' as const };
    const warm = await insertMicromarket(db(), tenant.org.main, uniqueName('A-warm'), { ...online, temperature: 9.9 });
    const hot = await insertMicromarket(db(), tenant.org.main, uniqueName('B-hot'), {
      ...online,
      temperature: 11,
      overheatSince: new Date(START - 40 * 60_000),
    });
    const silent = await insertMicromarket(db(), tenant.org.main, uniqueName('C-offline'), {
      connection: 'offline',
      lastActivityAt: new Date(START - 3 * 3_600_000),
      temperature: 4.1,
    });
    const weighed = await insertMicromarket(db(), tenant.org.main, uniqueName('D-weight'), {
      ...online,
      temperature: 4.5,
    });
    const fine = await insertMicromarket(db(), tenant.org.main, uniqueName('E-fine'), { ...online, temperature: 5 });
    const at = new Date(START - 30 * 60_000);
    const [hotAlert] = await db()
      .insert(technicalAlerts)
      .values([
        {
          orgId: tenant.org.main,
          micromarketId: hot,
          type: 1,
          openedAt: at,
          lastSeenAt: at,
          details: { temperature: 11, limit: 8 },
        },
        // The offline fridge and a healthy one have weight alerts: they stay offline and weight, not "temperature".
        {
          orgId: tenant.org.main,
          micromarketId: silent,
          type: 3,
          openedAt: at,
          lastSeenAt: at,
          details: { unexplained_grams: 420, tolerance: 50 },
        },
        {
          orgId: tenant.org.main,
          micromarketId: weighed,
          type: 3,
          openedAt: at,
          lastSeenAt: at,
          details: { unexplained_grams: -80, tolerance: 50 },
        },
      ])
      .returning({ id: technicalAlerts.id });

    const body = await display(board.token);
    expect(body.counts).toMatchObject({ temperature: 2, offline: 1, weight: 2, locked: 0, door: 0, ok: 1 });
    const tile = (id: number) => body.items.find((item) => item.id === id)!;
    expect(tileConditions(tile(warm)).map((c) => [c.kind, c.reading, c.limit])).toEqual([['temperature', 9.9, 8]]);
    expect(tileConditions(tile(hot))[0]).toMatchObject({
      kind: 'temperature',
      severity: 'critical',
      reading: 11,
      limit: 8,
      unit: '°C',
      since: new Date(START - 40 * 60_000).toISOString(),
      alert_id: hotAlert!.id,
    });
    expect(tileConditions(tile(silent)).map((c) => [c.kind, c.since])).toEqual([
      ['offline', new Date(START - 3 * 3_600_000).toISOString()],
      ['weight', at.toISOString()],
    ]);
    // A weight alert is a warning, not a red tile.
    expect(tileConditions(tile(weighed))).toMatchObject([
      { kind: 'weight', severity: 'warning', reading: -80, limit: 50 },
    ]);
    expect(tileConditions(tile(fine))).toEqual([]);
    expect(tile(hot)).toMatchObject({ temperature_min: 2, temperature_max: 8, open_alerts: 1 });
  });

  it('opens to the device list (its map), refuses others, and shows nothing of another tenant', async () => {
    const tenant = await createTenant(db());
    const stranger = await createTenant(db());
    const hidden = await insertMicromarket(db(), stranger.org.main, uniqueName('Hidden'), {
      latitude: 50.4,
      longitude: 30.5,
    });
    const lister = await createSignedInUser(db(), { orgId: tenant.org.main, permissions: ['show_device_page'] });
    const other = await createSignedInUser(db(), { orgId: tenant.org.main, permissions: ['show_users_page'] });
    expect((await callApi(ctx, api.micromarket.display)).statusCode).toBe(401);
    expect((await callApi(ctx, api.micromarket.display, { token: other.token })).statusCode).toBe(403);
    const body = await display(lister.token);
    expect(body.items.map((item) => item.id)).not.toContain(hidden);
    // Tests run without a tile server: the map has no base layer (MAP_TILE_URL=off).
    expect(body.map).toBeNull();
  });
});

async function platformAdmin() {
  return (await createPlatformAdmin(db(), await createOrganisation(db(), { type: 'main' }))).token;
}

describe('default alert routes', () => {
  it('gives a new organisation offline, temperature and lock routes to its operators by mail', async () => {
    const admin = await platformAdmin();
    const org = await okApi(ctx, api.organization.create, {
      token: admin,
      body: {
        name: uniqueName('Fresh Fridges'),
        type: 'main',
        currency: 'UAH',
      },
    });
    const routing = (
      await callApi(ctx, api.notificationRouting.info, { token: admin, query: { org_id: String(org.id) } })
    ).json();
    expect(routing.rules).toEqual(
      ['micromarket_offline', 'temperature_alert', 'food_safety_lock'].map((event) => ({
        event,
        channel_id: null,
        channel_name: null,
        channel_type: 2,
        recipients: [],
        to_operators: true,
      })),
    );

    const operator = await createSignedInUser(db(), {
      orgId: org.id,
      permissions: ['show_device_page'],
      email: `${uniqueName('op').toLowerCase()}@fresh.test`,
    });
    await createSignedInUser(db(), {
      orgId: org.id,
      permissions: ['show_users_page'],
      email: 'not-an-operator@fresh.test',
    });
    const id = await insertMicromarket(db(), org.id, 'Lobby fridge', { temperature: 5 });
    const before = (await ctx.mails()).length;
    await applyTemperature(ctx.app.services, device, {
      micromarket: { id, orgId: org.id, temperature: 5, overheatSince: null, lockedAt: null },
      temperature: 11,
      at: new Date(START),
    });
    // A weight alert is not routed by default: the operators are not woken by scale noise.
    await raiseIncident(ctx.app.services, device, {
      orgId: org.id,
      micromarketId: id,
      type: 3,
      at: new Date(START),
      details: { unexplained_grams: 300, tolerance: 50 },
    });
    const mails = (await ctx.mails()).slice(before);
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([
      [operator.email, 'Temperature out of range: Lobby fridge'],
    ]);
    const text = mails[0]!.body;
    expect(text).toContain('Temperature: 11 °C; limit: 8 °C (highest allowed).');
    // Kyiv is UTC+3 in July: the operator reads their own clock.
    expect(text).toContain('When: 2026-07-01 12:00 (Europe/Kyiv).');
    expect(text).toContain(`Open the fridge: http://panel.test/device/${id}`);
    const log = (
      await callApi(ctx, api.notificationRouting.log, { token: admin, query: { org_id: String(org.id) } })
    ).json();
    expect(log.items).toEqual([
      expect.objectContaining({
        recipient: operator.email,
        status: 'sent',
        event: 'temperature_alert',
        channel_name: null,
      }),
    ]);
  });

  it('tells the operators only by mail', async () => {
    const tenant = await createTenant(db());
    const admin = await createSignedInUser(db(), {
      orgId: tenant.org.main,
      permissions: ['show_notification_system_page', 'show_notification_system_page_for_client'],
    });
    const bot = await okApi(ctx, api.notificationChannel.create, {
      token: admin.token,
      body: {
        type: 1,
        name: 'Ops bot',
        secret: '777:bot-token',
      },
    });
    const refused = await callApi(ctx, api.notificationRouting.update, {
      token: admin.token,
      body: { rules: [{ event: 'micromarket_offline', channel_id: bot.id, recipients: [], to_operators: true }] },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.error()).toMatchObject({ fields: { rules: expect.stringContaining('Vitrina mail') } });
    const empty = await callApi(ctx, api.notificationRouting.update, {
      token: admin.token,
      body: { rules: [{ event: 'micromarket_offline', channel_id: null, recipients: [] }] },
    });
    expect(empty.statusCode).toBe(400);
    const saved = await okApi(ctx, api.notificationRouting.update, {
      token: admin.token,
      body: {
        rules: [
          { event: 'micromarket_offline', channel_id: null, recipients: ['duty@fresh.test'], to_operators: true },
        ],
      },
    });
    expect(saved.rules).toMatchObject([{ channel_id: null, recipients: ['duty@fresh.test'], to_operators: true }]);
  });
});

describe('the alert bell', () => {
  async function incident(orgId: number, micromarketId: number, kind: 'offline' | 'locked') {
    await tellFleetIncident(ctx.app.services, {
      orgId,
      micromarketId,
      kind,
      details: kind === 'locked' ? { reading: 10, limit: 8, unit: '°C' } : { last_activity_at: null },
      at: clock.now(),
      key: uniqueName(kind),
    });
  }

  it('counts unread notices per user, reads one or all, and keeps to the organisation', async () => {
    const tenant = await createTenant(db());
    const stranger = await createTenant(db());
    const operator = await createSignedInUser(db(), { orgId: tenant.org.main, permissions: ['show_device_page'] });
    const colleague = await createSignedInUser(db(), {
      orgId: tenant.org.main,
      permissions: ['show_technical_analytics_page'],
    });
    const outsider = await createSignedInUser(db(), { orgId: stranger.org.main, permissions: ['show_device_page'] });
    const nobody = await createSignedInUser(db(), { orgId: tenant.org.main, permissions: ['show_users_page'] });
    const fridge = await insertMicromarket(db(), tenant.org.main, uniqueName('Bell fridge'));
    const theirs = await insertMicromarket(db(), stranger.org.main, uniqueName('Their fridge'));
    await incident(tenant.org.main, fridge, 'offline');
    clock.advance(60_000);
    await incident(tenant.org.main, fridge, 'locked');
    await incident(stranger.org.main, theirs, 'offline');

    const list = async (token: string) => (await callApi(ctx, api.notice.list, { token })).json();
    const mine = await list(operator.token);
    expect(mine.unread).toBe(2);
    expect(mine.items.map((item) => [item.kind, item.micromarket_id, item.is_read])).toEqual([
      ['locked', fridge, false],
      ['offline', fridge, false],
    ]);
    expect(mine.items[0]!.details).toEqual({ reading: 10, limit: 8, unit: '°C' });

    const locked = mine.items[0]!.id;
    await okApi(ctx, api.notice.read, { params: { id: locked }, token: operator.token });
    const afterOne = await list(operator.token);
    expect(afterOne.unread).toBe(1);
    expect(afterOne.items.find((item) => item.id === locked)!.is_read).toBe(true);
    // Read marks are per user.
    expect((await list(colleague.token)).unread).toBe(2);
    expect((await callApi(ctx, api.notice.badges, { token: operator.token })).json()).toEqual({
      alerts: 1,
      support: 0,
      tickets: 0,
    });

    await okApi(ctx, api.notice.readAll, { token: operator.token });
    expect((await list(operator.token)).unread).toBe(0);
    // Offline again past the quiet window: news, not a flap of the first.
    clock.advance(FLAP_QUIET_WINDOW_MS);
    await incident(tenant.org.main, fridge, 'offline');
    expect((await list(operator.token)).unread).toBe(1);

    // Another organisation's notice: not listed, not readable (404); no session 401, no permission 403.
    const theirNotice = (await list(outsider.token)).items[0]!;
    expect(theirNotice.micromarket_id).toBe(theirs);
    expect((await list(operator.token)).items.map((item) => item.micromarket_id)).not.toContain(theirs);
    expect(
      (await callApi(ctx, api.notice.read, { params: { id: theirNotice.id }, token: operator.token })).statusCode,
    ).toBe(404);
    expect((await callApi(ctx, api.notice.read, { params: { id: 999999 }, token: operator.token })).statusCode).toBe(
      404,
    );
    expect((await callApi(ctx, api.notice.list)).statusCode).toBe(401);
    expect((await callApi(ctx, api.notice.readAll)).statusCode).toBe(401);
    expect((await callApi(ctx, api.notice.list, { token: nobody.token })).statusCode).toBe(403);
    expect((await callApi(ctx, api.notice.read, { params: { id: locked }, token: nobody.token })).statusCode).toBe(403);
    expect((await callApi(ctx, api.notice.badges, { token: nobody.token })).statusCode).toBe(403);
  });

  it('hears a new technical alert live, with its reading', async () => {
    const tenant = await createTenant(db());
    const operator = await createSignedInUser(db(), { orgId: tenant.org.main, permissions: ['show_device_page'] });
    const fridge = await insertMicromarket(db(), tenant.org.main, uniqueName('Live bell'));
    const heard: unknown[] = [];
    const stop = ctx.app.live.subscribe((message) => {
      if (message.kind !== 'event') return;
      const { event } = message;
      if (event.topic === 'notice' && event.org_id === tenant.org.main) heard.push(event.data);
    });
    await applyTemperature(ctx.app.services, device, {
      micromarket: { id: fridge, orgId: tenant.org.main, temperature: 5, overheatSince: null, lockedAt: null },
      temperature: 0.5,
      at: clock.now(),
    });
    await ctx.app.live.flush();
    await expect.poll(() => heard.length).toBe(1);
    stop();
    expect(heard).toEqual([{ kind: 'temperature', micromarket_id: fridge }]);
    const { items } = (await callApi(ctx, api.notice.list, { token: operator.token })).json();
    expect(items[0]).toMatchObject({
      kind: 'temperature',
      alert_type: 1,
      details: { reading: 0.5, limit: 2, unit: '°C', direction: 'low' },
    });
    expect(items[0]!.alert_id).toEqual(expect.any(Number));
  });
});

describe('the bell’s rows', () => {
  it('are pruned daily once older than 90 days', async () => {
    const tenant = await createTenant(db());
    const fridge = await insertMicromarket(db(), tenant.org.main, uniqueName('Old bell'));
    const told = (at: Date, key: string) =>
      tellFleetIncident(ctx.app.services, {
        orgId: tenant.org.main,
        micromarketId: fridge,
        kind: 'offline',
        details: { last_activity_at: null },
        at,
        key,
      });
    await told(new Date(START - 95 * 86_400_000), uniqueName('old'));
    await told(new Date(START - 60 * 86_400_000), uniqueName('kept'));
    const ages = async () =>
      (await db().select({ at: fleetNotices.at }).from(fleetNotices).where(eq(fleetNotices.micromarketId, fridge)))
        .map((row) => Math.round((START - row.at.getTime()) / 86_400_000))
        .sort();
    expect(await ages()).toEqual([60, 95]);
    await ctx.app.jobs.scheduleRecurring();
    clock.advance(86_400_000 + 1);
    await ctx.app.jobs.runDue();
    expect(await ages()).toEqual([60]);
  });
});

describe('support unread badges', () => {
  it('counts current chats and tickets with something the user has not read', async () => {
    const tenant = await createTenant(db());
    const support = await tenant.user('support');
    const colleague = await createSignedInUser(db(), {
      orgId: tenant.org.main,
      permissions: ['show_support_page', 'show_ticket_system_page'],
    });
    const badges = async () => (await callApi(ctx, api.notice.badges, { token: support.token })).json();
    const chat = await okApi(ctx, api.support.create, {
      token: colleague.token,
      body: {
        title: 'Card refused',
        text: '…',
      },
    });
    await okApi(ctx, api.ticket.create, { token: colleague.token, body: { title: 'Fridge 3 leaks', text: 'Water' } });
    expect(await badges()).toEqual({ alerts: 0, support: 1, tickets: 1 });
    // Opening reads it.
    expect((await callApi(ctx, api.support.info, { params: { id: chat.id }, token: support.token })).statusCode).toBe(
      200,
    );
    expect((await badges()).support).toBe(0);
    clock.advance(1_000);
    await okApi(ctx, api.support.comment, {
      params: { id: chat.id },
      token: colleague.token,
      body: { text: 'The customer called again' },
    });
    expect((await badges()).support).toBe(1);
    // Answering reads it too; an archived conversation no longer counts.
    clock.advance(1_000);
    await okApi(ctx, api.support.comment, {
      params: { id: chat.id },
      token: support.token,
      body: { text: 'Refunded' },
    });
    expect((await badges()).support).toBe(0);
    // The colleague who opened them has read them.
    const theirs = (await callApi(ctx, api.notice.badges, { token: colleague.token })).json();
    expect(theirs).toEqual({ alerts: 0, support: 1, tickets: 0 });
  });
});
