import { api } from '@vitrina/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, okApi } from '../../../test/api-client.js';
import { uniqueName } from '../../../test/factories/sequence.js';
import { createTenant } from '../../../test/factories/tenant.js';
import { createSignedInUser } from '../../../test/factories/users.js';
import { call, createTestContext, type TestContext } from '../../../test/helper.js';
import { startChannelStandIns } from '../../../test/stand-ins/channel-stand-ins.js';
import { notificationChannels } from '../../db/schema/index.js';

/** Issue 11: notification channels (Telegram, Mail, WhatsApp) with sealed secrets and a test send through local stand-ins. */
let ctx: TestContext;
let standIns: Awaited<ReturnType<typeof startChannelStandIns>>;
beforeAll(async () => {
  standIns = await startChannelStandIns();
  ctx = await createTestContext({ channels: standIns.endpoints, outgoingAllowHosts: ['127.0.0.1'] });
});
afterAll(async () => {
  await ctx.close();
  await standIns.stop();
});

const db = () => ctx.database.db;

async function manager(orgId: number) {
  return createSignedInUser(db(), { orgId, permissions: ['show_notification_system_page'] });
}

describe('notification channels', () => {
  it('keeps a Telegram bot token sealed and masked, and sends a test message through the bot', async () => {
    const tenant = await createTenant(db());
    const user = await manager(tenant.org.main);
    const token = '123456:AAH-secret-bot-token-9876';
    const bot = await okApi(ctx, api.notificationChannel.create, {
      token: user.token,
      body: {
        type: 1,
        name: 'Ops bot',
        secret: token,
      },
    });
    expect(bot).toMatchObject({ type: 1, active: true, secret: '••••9876', last_test_at: null });
    const [stored] = await db().select().from(notificationChannels).where(eq(notificationChannels.id, bot.id));
    expect(stored!.sealedSecret).not.toContain('secret-bot-token');

    const test = await okApi(ctx, api.notificationChannel.test, {
      params: { id: bot.id },
      token: user.token,
      body: {
        recipient: '-1001234567',
      },
    });
    expect(test).toMatchObject({ ok: true, error: null });
    expect(test.channel.last_test_at).not.toBeNull();
    expect(standIns.received.at(-1)).toMatchObject({ service: 'telegram', credential: token, to: '-1001234567' });

    // An empty secret keeps the stored one; a new one replaces it.
    await okApi(ctx, api.notificationChannel.update, {
      params: { id: bot.id },
      token: user.token,
      body: { name: 'Ops bot 2', secret: '' },
    });
    await okApi(ctx, api.notificationChannel.test, {
      params: { id: bot.id },
      token: user.token,
      body: { recipient: '42' },
    });
    expect(standIns.received.at(-1)).toMatchObject({ credential: token, to: '42' });
    await okApi(ctx, api.notificationChannel.update, {
      params: { id: bot.id },
      token: user.token,
      body: { secret: standIns.refusedSecret },
    });
    const refused = await okApi(ctx, api.notificationChannel.test, {
      params: { id: bot.id },
      token: user.token,
      body: {
        recipient: '42',
      },
    });
    expect(refused).toMatchObject({ ok: false, error: 'Unauthorized' });
    expect(refused.channel.last_test_error).toBe('Unauthorized');
  });

  it('sends mail through the organisation’s SMTP server and WhatsApp through the Cloud API', async () => {
    const tenant = await createTenant(db());
    const user = await manager(tenant.org.main);
    const mail = await okApi(ctx, api.notificationChannel.create, {
      token: user.token,
      body: {
        type: 2,
        name: 'Office mail',
        host: '127.0.0.1',
        port: standIns.smtpPort,
        username: 'alerts',
        secret: 'smtp-password-1',
        from_address: 'alerts@shop.example',
      },
    });
    expect(mail).toMatchObject({ host: '127.0.0.1', port: standIns.smtpPort, from_address: 'alerts@shop.example' });
    const sent = await okApi(ctx, api.notificationChannel.test, {
      params: { id: mail.id },
      token: user.token,
      body: {
        recipient: 'ops@shop.example',
      },
    });
    expect(sent.error).toBeNull();
    const letter = standIns.received.at(-1)!;
    expect(letter).toMatchObject({ service: 'mail', credential: 'alerts', to: 'ops@shop.example' });
    expect(letter.text).toContain('From: alerts@shop.example');
    expect(letter.text).toContain('Test message from Office mail');

    // STARTTLS: the login went over the encrypted connection.
    expect(standIns.logins.at(-1)).toMatchObject({ user: 'alerts', password: 'smtp-password-1', secure: true });

    const whatsapp = await okApi(ctx, api.notificationChannel.create, {
      token: user.token,
      body: {
        type: 3,
        name: 'WhatsApp',
        phone_number_id: '106540352242922',
        secret: 'EAAG-access-token-5555',
        notice_template: 'vitrina_notice',
        notice_template_language: 'en',
      },
    });
    expect(whatsapp).toMatchObject({ notice_template: 'vitrina_notice', app_secret: null });
    expect(whatsapp.webhook_url).toBe(`http://panel.test/v1/notification/whatsapp/webhook/${whatsapp.id}`);
    expect(whatsapp.webhook_verify_token).toMatch(/^[\w-]{32}$/);
    const answer = await okApi(ctx, api.notificationChannel.test, {
      params: { id: whatsapp.id },
      token: user.token,
      body: {
        recipient: '+380 50 111 22 33',
      },
    });
    expect(answer.ok).toBe(true);
    expect(standIns.received.at(-1)).toMatchObject({
      service: 'whatsapp',
      credential: '106540352242922:EAAG-access-token-5555',
      to: '380501112233',
      template: 'vitrina_notice',
    });
    expect(standIns.violations).toEqual([]);
  });

  it('sends an invitation through the organisation’s own Mail channel, and to the outbox without one', async () => {
    const tenant = await createTenant(db());
    const user = await manager(tenant.org.main);
    await okApi(ctx, api.notificationChannel.create, {
      token: user.token,
      body: {
        type: 2,
        name: 'Invitations',
        host: '127.0.0.1',
        port: standIns.smtpPort,
        from_address: 'team@shop.example',
      },
    });
    const operator = await tenant.token('operator');
    const email = `newcomer.${Date.now()}${Math.random().toString(36).slice(2, 6)}@shop.example`;
    await okApi(ctx, api.user.create, { token: operator, body: { name: 'Newcomer', email, org_id: tenant.org.main } });
    const letter = standIns.received.at(-1)!;
    expect(letter).toMatchObject({ service: 'mail', to: email });
    expect(letter.text).toContain('/registration/');
    expect((await ctx.mails()).some((mail) => mail.to === email)).toBe(false);

    // Another organisation without a Mail channel: the outbox, as before.
    const other = await createTenant(db());
    const elsewhere = `other.${Date.now()}${Math.random().toString(36).slice(2, 6)}@shop.example`;
    await okApi(ctx, api.user.create, {
      token: await other.token('operator'),
      body: {
        name: 'Other',
        email: elsewhere,
        org_id: other.org.main,
      },
    });
    expect((await ctx.mails()).some((mail) => mail.to === elsewhere)).toBe(true);
  });

  it('names the fields each type needs, and keeps organisations apart', async () => {
    const tenant = await createTenant(db());
    const user = await manager(tenant.org.main);
    const missing = await callApi(ctx, api.notificationChannel.create, {
      token: user.token,
      body: { type: 2, name: 'Mail' },
    });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.error().fields!).sort()).toEqual(['from_address', 'host', 'port']);
    // A channel type the contract does not name: sent raw, past the typed client.
    const badType = await call(ctx, 'POST', api.notificationChannel.create.path, {
      token: user.token,
      payload: { type: 7, name: 'Pigeon' },
    });
    expect(badType.json().fields).toEqual({ type: 'Choose Telegram, Mail or WhatsApp' });

    const bot = await okApi(ctx, api.notificationChannel.create, {
      token: user.token,
      body: {
        type: 1,
        name: uniqueName('Bot'),
        secret: '1:abc',
      },
    });
    const stranger = await manager((await createTenant(db())).org.main);
    const asStranger = { params: { id: bot.id }, token: stranger.token };
    const theirCalls = {
      info: await callApi(ctx, api.notificationChannel.info, asStranger),
      deactivate: await callApi(ctx, api.notificationChannel.deactivate, asStranger),
      test: await callApi(ctx, api.notificationChannel.test, { ...asStranger, body: { recipient: '1' } }),
      delete: await callApi(ctx, api.notificationChannel.delete, asStranger),
    };
    for (const [path, response] of Object.entries(theirCalls)) expect(response.statusCode, path).toBe(404);
    const theirs = (await callApi(ctx, api.notificationChannel.list, { token: stranger.token })).json();
    expect(theirs.items).toEqual([]);
    expect((await callApi(ctx, api.notificationChannel.list)).statusCode).toBe(401);
    const clientOnly = await createSignedInUser(db(), {
      orgId: tenant.org.main,
      permissions: ['show_notification_system_page_for_client'],
    });
    expect((await callApi(ctx, api.notificationChannel.list, { token: clientOnly.token })).statusCode).toBe(403);

    expect(
      (await okApi(ctx, api.notificationChannel.deactivate, { params: { id: bot.id }, token: user.token })).active,
    ).toBe(false);
    expect(
      (await okApi(ctx, api.notificationChannel.activate, { params: { id: bot.id }, token: user.token })).active,
    ).toBe(true);
    await okApi(ctx, api.notificationChannel.delete, { params: { id: bot.id }, token: user.token });
    expect(
      (await callApi(ctx, api.notificationChannel.info, { params: { id: bot.id }, token: user.token })).statusCode,
    ).toBe(404);
  });
});
