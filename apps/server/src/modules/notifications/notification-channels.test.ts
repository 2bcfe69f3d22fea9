import type { TChannelTestResult, TNotificationChannel, TNotificationChannelList } from '@vitrina/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueName } from '../../../test/factories/sequence.js';
import { createTenant } from '../../../test/factories/tenant.js';
import { createSignedInUser } from '../../../test/factories/users.js';
import { call, createTestContext, ok, type TestContext } from '../../../test/helper.js';
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
    const bot = await ok<TNotificationChannel>(ctx, user.token, '/v1/notification/channel/create', {
      type: 1,
      name: 'Ops bot',
      secret: token,
    });
    expect(bot).toMatchObject({ type: 1, active: true, secret: '••••9876', last_test_at: null });
    const [stored] = await db().select().from(notificationChannels).where(eq(notificationChannels.id, bot.id));
    expect(stored!.sealedSecret).not.toContain('secret-bot-token');

    const test = await ok<TChannelTestResult>(ctx, user.token, `/v1/notification/channel/test/${bot.id}`, {
      recipient: '-1001234567',
    });
    expect(test).toMatchObject({ ok: true, error: null });
    expect(test.channel.last_test_at).not.toBeNull();
    expect(standIns.received.at(-1)).toMatchObject({ service: 'telegram', credential: token, to: '-1001234567' });

    // An empty secret keeps the stored one; a new one replaces it.
    await ok(ctx, user.token, `/v1/notification/channel/update/${bot.id}`, { name: 'Ops bot 2', secret: '' });
    await ok(ctx, user.token, `/v1/notification/channel/test/${bot.id}`, { recipient: '42' });
    expect(standIns.received.at(-1)).toMatchObject({ credential: token, to: '42' });
    await ok(ctx, user.token, `/v1/notification/channel/update/${bot.id}`, { secret: standIns.refusedSecret });
    const refused = await ok<TChannelTestResult>(ctx, user.token, `/v1/notification/channel/test/${bot.id}`, {
      recipient: '42',
    });
    expect(refused).toMatchObject({ ok: false, error: 'Unauthorized' });
    expect(refused.channel.last_test_error).toBe('Unauthorized');
  });

  it('sends mail through the organisation’s SMTP server and WhatsApp through the Cloud API', async () => {
    const tenant = await createTenant(db());
    const user = await manager(tenant.org.main);
    const mail = await ok<TNotificationChannel>(ctx, user.token, '/v1/notification/channel/create', {
      type: 2,
      name: 'Office mail',
      host: '127.0.0.1',
      port: standIns.smtpPort,
      username: 'alerts',
      secret: 'smtp-password-1',
      from_address: 'alerts@shop.example',
    });
    expect(mail).toMatchObject({ host: '127.0.0.1', port: standIns.smtpPort, from_address: 'alerts@shop.example' });
    const sent = await ok<TChannelTestResult>(ctx, user.token, `/v1/notification/channel/test/${mail.id}`, {
      recipient: 'ops@shop.example',
    });
    expect(sent.error).toBeNull();
    const letter = standIns.received.at(-1)!;
    expect(letter).toMatchObject({ service: 'mail', credential: 'alerts', to: 'ops@shop.example' });
    expect(letter.text).toContain('From: alerts@shop.example');
    expect(letter.text).toContain('Test message from Office mail');

    // STARTTLS: the login went over the encrypted connection.
    expect(standIns.logins.at(-1)).toMatchObject({ user: 'alerts', password: 'smtp-password-1', secure: true });

    const whatsapp = await ok<TNotificationChannel>(ctx, user.token, '/v1/notification/channel/create', {
      type: 3,
      name: 'WhatsApp',
      phone_number_id: '106540352242922',
      secret: 'EAAG-access-token-5555',
      notice_template: 'vitrina_notice',
      notice_template_language: 'en',
    });
    expect(whatsapp).toMatchObject({ notice_template: 'vitrina_notice', app_secret: null });
    expect(whatsapp.webhook_url).toBe(`http://panel.test/v1/notification/whatsapp/webhook/${whatsapp.id}`);
    expect(whatsapp.webhook_verify_token).toMatch(/^[\w-]{32}$/);
    const answer = await ok<TChannelTestResult>(ctx, user.token, `/v1/notification/channel/test/${whatsapp.id}`, {
      recipient: '+380 50 111 22 33',
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
    await ok(ctx, user.token, '/v1/notification/channel/create', {
      type: 2,
      name: 'Invitations',
      host: '127.0.0.1',
      port: standIns.smtpPort,
      from_address: 'team@shop.example',
    });
    const operator = await tenant.token('operator');
    const email = `newcomer.${Date.now()}${Math.random().toString(36).slice(2, 6)}@shop.example`;
    await ok(ctx, operator, '/v1/user/create', { name: 'Newcomer', email, org_id: tenant.org.main });
    const letter = standIns.received.at(-1)!;
    expect(letter).toMatchObject({ service: 'mail', to: email });
    expect(letter.text).toContain('/registration/');
    expect((await ctx.mails()).some((mail) => mail.to === email)).toBe(false);

    // Another organisation without a Mail channel: the outbox, as before.
    const other = await createTenant(db());
    const elsewhere = `other.${Date.now()}${Math.random().toString(36).slice(2, 6)}@shop.example`;
    await ok(ctx, await other.token('operator'), '/v1/user/create', {
      name: 'Other',
      email: elsewhere,
      org_id: other.org.main,
    });
    expect((await ctx.mails()).some((mail) => mail.to === elsewhere)).toBe(true);
  });

  it('names the fields each type needs, and keeps organisations apart', async () => {
    const tenant = await createTenant(db());
    const user = await manager(tenant.org.main);
    const missing = await call(ctx, 'POST', '/v1/notification/channel/create', {
      token: user.token,
      payload: { type: 2, name: 'Mail' },
    });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().fields).sort()).toEqual(['from_address', 'host', 'port']);
    const badType = await call(ctx, 'POST', '/v1/notification/channel/create', {
      token: user.token,
      payload: { type: 7, name: 'Pigeon' },
    });
    expect(badType.json().fields).toEqual({ type: 'Choose Telegram, Mail or WhatsApp' });

    const bot = await ok<TNotificationChannel>(ctx, user.token, '/v1/notification/channel/create', {
      type: 1,
      name: uniqueName('Bot'),
      secret: '1:abc',
    });
    const stranger = await manager((await createTenant(db())).org.main);
    for (const url of [
      `/v1/notification/channel/info/${bot.id}`,
      `/v1/notification/channel/deactivate/${bot.id}`,
      `/v1/notification/channel/test/${bot.id}`,
      `/v1/notification/channel/delete/${bot.id}`,
    ]) {
      const method = url.includes('/info/') ? 'GET' : 'POST';
      const response = await call(ctx, method, url, { token: stranger.token, payload: { recipient: '1' } });
      expect(response.statusCode, url).toBe(404);
    }
    const theirs = (
      await call(ctx, 'GET', '/v1/notification/channel/list', { token: stranger.token })
    ).json<TNotificationChannelList>();
    expect(theirs.items).toEqual([]);
    expect((await call(ctx, 'GET', '/v1/notification/channel/list')).statusCode).toBe(401);
    const clientOnly = await createSignedInUser(db(), {
      orgId: tenant.org.main,
      permissions: ['show_notification_system_page_for_client'],
    });
    expect((await call(ctx, 'GET', '/v1/notification/channel/list', { token: clientOnly.token })).statusCode).toBe(403);

    expect(
      (await ok<TNotificationChannel>(ctx, user.token, `/v1/notification/channel/deactivate/${bot.id}`, {})).active,
    ).toBe(false);
    expect(
      (await ok<TNotificationChannel>(ctx, user.token, `/v1/notification/channel/activate/${bot.id}`, {})).active,
    ).toBe(true);
    await ok(ctx, user.token, `/v1/notification/channel/delete/${bot.id}`, {});
    expect((await call(ctx, 'GET', `/v1/notification/channel/info/${bot.id}`, { token: user.token })).statusCode).toBe(
      404,
    );
  });
});
