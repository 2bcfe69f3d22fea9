import { api, type Locale, type NotificationEvent } from '@vitrina/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { callApi, okApi } from '../../../test/api-client.js';
import { insertMicromarket } from '../../../test/factories/catalogue.js';
import { createOrganisation } from '../../../test/factories/organisations.js';
import { uniqueName } from '../../../test/factories/sequence.js';
import { createTenant } from '../../../test/factories/tenant.js';
import { createSignedInUser, createUser } from '../../../test/factories/users.js';
import { call, createTestContext, type TestContext } from '../../../test/helper.js';
import { startChannelStandIns } from '../../../test/stand-ins/channel-stand-ins.js';
import { notificationRules } from '../../db/schema/index.js';
import { systemActor } from '../../lib/actor.js';
import { TestClock } from '../../lib/clock.js';
import { applyTemperature, raiseIncident, tellFleetIncident } from '../alerts/index.js';
import { notify } from './index.js';

/**
 * Issue 11: events routed to channels and recipients, sent by jobs with retries, de-duplicated
 * and paced. Issue 25: a fleet alert reaches each person in their own language.
 */
let ctx: TestContext;
let standIns: Awaited<ReturnType<typeof startChannelStandIns>>;
const START = Date.UTC(2026, 6, 1, 9, 0, 0);
const clock = new TestClock(START);
beforeAll(async () => {
  standIns = await startChannelStandIns({ now: () => clock.nowMs() });
  ctx = await createTestContext({ clock, channels: standIns.endpoints });
});
beforeEach(() => clock.set(START));
afterAll(async () => {
  await ctx.close();
  await standIns.stop();
});

const db = () => ctx.database.db;
const device = systemActor({ via: 'device', label: 'test' });

async function organisationWithBot(secret = '777:bot-token-ok') {
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
      secret,
    },
  });
  return { tenant, admin, bot };
}

async function log(token: string) {
  return (await callApi(ctx, api.notificationRouting.log, { token })).json();
}

describe('client notifications', () => {
  it('sends a new ticket to every recipient of its rule once, one message per second per channel', async () => {
    const { tenant, admin, bot } = await organisationWithBot();
    const routing = await okApi(ctx, api.notificationRouting.update, {
      token: admin.token,
      body: {
        rules: [{ event: 'new_ticket', channel_id: bot.id, recipients: ['100', '200', '100'] }],
      },
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
    await okApi(ctx, api.ticket.create, {
      token: support.token,
      body: { title: 'Fridge 12 leaks', text: 'Water under it' },
    });
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
    await okApi(ctx, api.notificationRouting.update, {
      token: admin.token,
      body: {
        rules: [{ event: 'technical_alert', channel_id: bot.id, recipients: ['500'] }],
      },
    });
    const fridge = await insertMicromarket(db(), tenant.org.main, 'Lobby fridge');
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
    await okApi(ctx, api.notificationRouting.update, {
      token: admin.token,
      body: {
        rules: [{ event: 'food_safety_lock', channel_id: bot.id, recipients: ['600'] }],
      },
    });
    const fridge = await insertMicromarket(db(), tenant.org.main, 'Warm fridge');
    const verdict = await applyTemperature(ctx.app.services, device, {
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

    // An event the contract does not name: sent raw, past the typed client.
    const unsent = await call(ctx, 'POST', api.notificationRouting.update.path, {
      token: admin.token,
      payload: { rules: [{ event: 'coffee_ready', channel_id: bot.id, recipients: ['1'] }] },
    });
    expect(unsent.statusCode).toBe(400);
  });

  it('retries a refused message with back-off and fails it with the service’s answer after the last attempt', async () => {
    const { tenant, admin, bot } = await organisationWithBot(standIns.refusedSecret);
    await okApi(ctx, api.notificationRouting.update, {
      token: admin.token,
      body: {
        rules: [{ event: 'technical_alert', channel_id: bot.id, recipients: ['300'] }],
      },
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
    await okApi(ctx, api.notificationRouting.update, {
      token: admin.token,
      body: {
        rules: [{ event: 'payment_failed', channel_id: bot.id, recipients: ['400'] }],
      },
    });
    await okApi(ctx, api.notificationChannel.deactivate, { params: { id: bot.id }, token: admin.token });
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
    const foreign = await callApi(ctx, api.notificationRouting.update, {
      token: admin.token,
      body: { rules: [{ event: 'new_chat', channel_id: other.bot.id, recipients: ['1'] }] },
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.error().message).toBe('Choose a channel of the organisation');
    const empty = await callApi(ctx, api.notificationRouting.update, {
      token: admin.token,
      body: { rules: [{ event: 'new_chat', channel_id: bot.id, recipients: [] }] },
    });
    expect(empty.statusCode).toBe(400);
    expect(Object.values(empty.error().fields!)).toEqual(['Add at least one recipient']);
    const channelsOnly = await createSignedInUser(db(), {
      orgId: tenant.org.main,
      permissions: ['show_notification_system_page'],
    });
    expect((await callApi(ctx, api.notificationRouting.info, { token: channelsOnly.token })).statusCode).toBe(403);
    expect(
      (
        await callApi(ctx, api.notificationRouting.info, {
          token: admin.token,
          query: { org_id: String(other.tenant.org.main) },
        })
      ).statusCode,
    ).toBe(404);
  });
});

let phoneSeq = 2_000_000 + Math.floor(Math.random() * 7_000_000);
const newPhone = (prefix: string) => `+${prefix}${String(++phoneSeq).padStart(7, '0')}`;

/** An organisation with a manager of its notifications, and its employees speaking these languages. */
async function organisation(languages: Locale[] = []) {
  const orgId = await createOrganisation(db(), { name: uniqueName('Fridges'), timeZone: 'Europe/Warsaw' });
  const manager = await createSignedInUser(db(), {
    orgId,
    permissions: ['show_notification_system_page', 'show_notification_system_page_for_client'],
    lang: languages[0] ?? 'en',
  });
  for (const lang of languages) await createUser(db(), { orgId, permissions: [], lang });
  const fridge = await insertMicromarket(db(), orgId, 'Lobby fridge');
  return { orgId, manager, fridge };
}

async function route(orgId: number, event: NotificationEvent, channelId: number | null, recipients: string[]) {
  await db()
    .insert(notificationRules)
    .values({ orgId, event, channelId, recipients, toOperators: channelId === null });
}

/** Runs the outbox until nothing is left to send (channels send one message a second). */
async function deliver() {
  for (let turn = 0; turn < 4; turn += 1) {
    await ctx.app.jobs.runDue();
    clock.advance(1_100);
  }
}

const receivedBy = (to: string) => standIns.received.filter((item) => item.to === to).map((item) => item.text);

describe('alert messages in the recipient’s language', () => {
  it('mails each operator in their language (Vitrina mail)', async () => {
    const { orgId, fridge } = await organisation();
    const operator = (lang: Locale) =>
      createSignedInUser(db(), {
        orgId,
        permissions: ['show_device_page'],
        lang,
        email: `${uniqueName(lang).toLowerCase()}@fridges.test`,
      });
    const polish = await operator('pl');
    const ukrainian = await operator('ua');
    await route(orgId, 'temperature_alert', null, []);
    const before = (await ctx.mails()).length;
    await raiseIncident(ctx.app.services, device, {
      orgId,
      micromarketId: fridge,
      type: 1,
      at: clock.now(),
      details: { temperature: 11.5, limit: 8, direction: 'high' },
    });
    const mails = (await ctx.mails()).slice(before);
    const to = (email: string) => mails.find((mail) => mail.to === email)!;
    expect(to(polish.email).subject).toBe('Temperatura poza zakresem: Lobby fridge');
    expect(to(polish.email).body).toContain('Temperatura: 11,5 °C; limit: 8 °C (najwyższa dozwolona).');
    expect(to(polish.email).body).toContain('Kiedy: 2026-07-01 11:00 (Europe/Warsaw).');
    expect(to(polish.email).body).toContain(`Otwórz lodówkę: http://panel.test/device/${fridge}`);
    expect(to(ukrainian.email).subject).toBe('Температура поза межами: Lobby fridge');
    expect(to(ukrainian.email).body).toContain('Температура: 11,5 °C; межа: 8 °C (найвища допустима).');
    expect(to(ukrainian.email).body).toContain('Коли: 2026-07-01 11:00 (Europe/Warsaw).');
    expect(to(ukrainian.email).body).toContain(`Відкрити холодильник: http://panel.test/device/${fridge}`);
  });

  it('writes to a Telegram chat in its organisation’s language, the one most of its people chose', async () => {
    const polishTeam = await organisation(['pl', 'pl', 'ua']);
    const ukrainianTeam = await organisation(['ua', 'ua']);
    const englishTeam = await organisation();
    const chats = new Map<number, string>();
    for (const [index, team] of [polishTeam, ukrainianTeam, englishTeam].entries()) {
      const bot = await okApi(ctx, api.notificationChannel.create, {
        token: team.manager.token,
        body: {
          type: 1,
          name: 'Ops bot',
          secret: '777:bot-token-ok',
        },
      });
      const chat = `-100${phoneSeq++}${index}`;
      chats.set(team.orgId, chat);
      await route(team.orgId, 'micromarket_offline', bot.id, [chat]);
      await tellFleetIncident(ctx.app.services, {
        orgId: team.orgId,
        micromarketId: team.fridge,
        kind: 'offline',
        details: { reason: 'silent', last_activity_at: new Date(START - 30 * 60_000).toISOString() },
        at: clock.now(),
        key: `offline:${team.fridge}:${START}`,
      });
    }
    await deliver();
    const [polish] = receivedBy(chats.get(polishTeam.orgId)!);
    expect(polish).toContain('Brak połączenia: Lobby fridge');
    expect(polish).toContain('Lodówka przestała się odzywać. Ostatni kontakt: 2026-07-01 10:30 (Europe/Warsaw).');
    const [ukrainian] = receivedBy(chats.get(ukrainianTeam.orgId)!);
    expect(ukrainian).toContain('Не в мережі: Lobby fridge');
    expect(ukrainian).toContain('Востаннє на зв’язку: 2026-07-01 10:30 (Europe/Warsaw).');
    // Nobody chose a language: English.
    expect(receivedBy(chats.get(englishTeam.orgId)!)[0]).toContain('Offline: Lobby fridge');
    expect(standIns.violations).toEqual([]);
  });

  it('sends WhatsApp notices in the language of the user with that phone', async () => {
    const { orgId, manager, fridge } = await organisation(['en']);
    const channel = await okApi(ctx, api.notificationChannel.create, {
      token: manager.token,
      body: {
        type: 3,
        name: 'WhatsApp',
        phone_number_id: '106540352242922',
        secret: 'EAAG-access-token-5678',
        notice_template: 'vitrina_notice',
        notice_template_language: 'en',
      },
    });
    const polish = newPhone('4850');
    const ukrainian = newPhone('38067');
    // Users keep phones with or without the plus.
    await createUser(db(), { orgId, phones: [polish], lang: 'pl' });
    await createUser(db(), { orgId, phones: [ukrainian.slice(1)], lang: 'ua' });
    await route(orgId, 'food_safety_lock', channel.id, [polish, ukrainian]);
    await tellFleetIncident(ctx.app.services, {
      orgId,
      micromarketId: fridge,
      kind: 'locked',
      details: { reading: 9.5, limit: 8, unit: '°C', direction: 'high', minutes: 120 },
      at: clock.now(),
      key: `lock:${fridge}:${START}`,
    });
    await deliver();
    const digits = (phone: string) => phone.replace(/\D/g, '');
    const [toPolish, ...more] = receivedBy(digits(polish));
    expect(more).toEqual([]);
    expect(toPolish).toMatch(/^Zablokowana dla bezpieczeństwa żywności: Lobby fridge · /);
    expect(toPolish).toContain(
      ' · Temperatura: 9,5 °C; limit: 8 °C (najwyższa dozwolona), powyżej od 120 min. · ' +
        `Kiedy: 2026-07-01 11:00 (Europe/Warsaw). · Otwórz lodówkę: http://panel.test/device/${fridge}`,
    );
    expect(receivedBy(digits(ukrainian))[0]).toContain(
      'Заблоковано для безпеки їжі: Lobby fridge · Заблоковано для безпеки їжі: Lobby fridge',
    );
    expect(receivedBy(digits(ukrainian))[0]).toContain('Температура: 9,5 °C; межа: 8 °C (найвища допустима)');
    expect(standIns.violations).toEqual([]);
  });
});
