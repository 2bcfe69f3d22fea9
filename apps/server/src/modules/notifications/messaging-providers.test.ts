import { Writable } from 'node:stream';
import { api, type TNotificationChannel, translate } from '@vitrina/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, okApi } from '../../../test/api-client.js';
import { createTenant } from '../../../test/factories/tenant.js';
import { createSignedInUser, createUser } from '../../../test/factories/users.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { startChannelStandIns } from '../../../test/stand-ins/channel-stand-ins.js';
import { notificationRules, whatsappMessages } from '../../db/schema/index.js';
import { TestClock } from '../../lib/clock.js';
import { createOutgoingGuard } from '../../lib/outgoing-address.js';
import { notify, sendThroughChannel } from './index.js';

/**
 * Issue 24, messaging: the channels against stand-ins that hold each request to the service's
 * published description (specs/) and behave as a real account does — WhatsApp's 24-hour
 * window and status webhooks, Telegram's 4096 characters and flood control, an SMTP server
 * without STARTTLS.
 */
let ctx: TestContext;
let standIns: Awaited<ReturnType<typeof startChannelStandIns>>;
const clock = new TestClock(Date.UTC(2026, 10, 2, 9));
/** The server's warnings: what went wrong with an organisation's mail server is told there only. */
const warnings: string[] = [];
const logger = {
  level: 'warn',
  stream: new Writable({
    write(chunk: Buffer, _encoding, done) {
      warnings.push(chunk.toString('utf8'));
      done();
    },
  }),
};
beforeAll(async () => {
  standIns = await startChannelStandIns({ now: () => clock.nowMs() });
  ctx = await createTestContext({ clock, logger, channels: standIns.endpoints, outgoingAllowHosts: ['127.0.0.1'] });
});
afterAll(async () => {
  await ctx.close();
  await standIns.stop();
});

const db = () => ctx.database.db;
let phoneSeq = 1_000_000 + Math.floor(Math.random() * 8_000_000);
const newPhone = (prefix = '38063') => `+${prefix}${String(++phoneSeq).padStart(7, '0')}`;
const PHONE_NUMBER_ID = '106540352242922';
const APP_SECRET = 'meta-app-secret-0123456789abcdef';

async function manager(orgId: number) {
  return createSignedInUser(db(), {
    orgId,
    permissions: ['show_notification_system_page', 'show_notification_system_page_for_client'],
  });
}

async function whatsAppChannel(token: string, overrides: Record<string, unknown> = {}) {
  return okApi(ctx, api.notificationChannel.create, {
    token,
    body: {
      type: 3,
      name: 'WhatsApp',
      phone_number_id: PHONE_NUMBER_ID,
      secret: 'EAAG-access-token-1234',
      app_secret: APP_SECRET,
      notice_template: 'vitrina_notice',
      notice_template_language: 'en',
      code_template: 'vitrina_sign_in_code',
      code_template_language: 'en',
      ...overrides,
    },
  });
}

/** Meta's webhooks so far, posted to the channel's callback URL as Meta posts them. */
async function deliverWebhooks(channel: TNotificationChannel) {
  const answers = [];
  for (const webhook of standIns.whatsapp.takeWebhooks()) {
    const response = await ctx.app.inject({
      method: 'POST',
      url: new URL(channel.webhook_url!).pathname,
      headers: {
        'content-type': 'application/json',
        ...(webhook.signature ? { 'x-hub-signature-256': webhook.signature } : {}),
      },
      payload: webhook.body,
    });
    answers.push(response.statusCode);
  }
  return answers;
}

/** Routes an event of the organisation to recipients through a channel (the routing screen has its own tests). */
async function route(
  orgId: number,
  event: 'technical_alert' | 'payment_failed' | 'low_stock',
  channelId: number,
  recipients: string[],
) {
  await db().insert(notificationRules).values({ orgId, event, channelId, recipients });
}

async function log(token: string) {
  return (await callApi(ctx, api.notificationRouting.log, { token })).json();
}

describe('WhatsApp: templates, the 24-hour window, status webhooks and the fall-back', () => {
  it('shows the old free-form text broken: accepted, then failed with 131047 outside the 24-hour window', async () => {
    // The request Vitrina used to send, as it sent it.
    const to = newPhone().slice(1);
    const oldRequest = () =>
      fetch(`${standIns.endpoints.whatsappApiRoot}/v21.0/${PHONE_NUMBER_ID}/messages`, {
        method: 'POST',
        headers: { authorization: 'Bearer EAAG-token', 'content-type': 'application/json' },
        body: JSON.stringify({
          messaging_product: 'whatsapp',
          to,
          type: 'text',
          text: { body: '123456 is your code' },
        }),
      });
    const violationsBefore = standIns.violations.length;
    const accepted = await oldRequest();
    expect(accepted.status).toBe(200);
    const [failed] = standIns.whatsapp.takeWebhooks().map((webhook) => JSON.parse(webhook.body));
    expect(failed.entry[0].changes[0].value.statuses[0]).toMatchObject({
      status: 'failed',
      recipient_id: to,
      errors: [{ code: 131047, title: 'Re-engagement message' }],
    });
    // It also broke Meta's published description: no recipient_type, and fetch's own User-Agent.
    expect(standIns.violations.slice(violationsBefore)).toEqual([
      expect.stringMatching(/^whatsapp header User-Agent: "node" does not match/),
      'whatsapp $.recipient_type: required (TextMessage)',
    ]);
    standIns.violations.splice(violationsBefore);
    // Within 24 hours of the customer's own message the same text is delivered.
    standIns.whatsapp.inbound(to);
    await oldRequest();
    standIns.violations.splice(violationsBefore);
    const statuses = standIns.whatsapp
      .takeWebhooks()
      .map((webhook) => JSON.parse(webhook.body).entry[0].changes[0].value.statuses[0].status);
    expect(statuses).toEqual(['sent', 'delivered']);
  });

  it('answers Meta’s subscription handshake only with the channel’s verify token, and takes only signed webhooks', async () => {
    const tenant = await createTenant(db());
    const user = await manager(tenant.org.main);
    const channel = await whatsAppChannel(user.token, { app_secret: '' });
    const path = new URL(channel.webhook_url!).pathname;
    const handshake = (token: string) =>
      ctx.app.inject({
        method: 'GET',
        url: path,
        query: { 'hub.mode': 'subscribe', 'hub.verify_token': token, 'hub.challenge': '1158201444' },
      });
    const accepted = await handshake(channel.webhook_verify_token!);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.headers['content-type']).toContain('text/plain');
    expect(accepted.body).toBe('1158201444');
    expect((await handshake('someone-elses-token')).statusCode).toBe(403);

    // No app secret stored: nothing can be verified, so nothing is taken (Meta retries).
    const body = JSON.stringify({ object: 'whatsapp_business_account', entry: [] });
    const unsigned = await ctx.app.inject({
      method: 'POST',
      url: path,
      payload: body,
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(401);
    await okApi(ctx, api.notificationChannel.update, {
      params: { id: channel.id },
      token: user.token,
      body: { app_secret: APP_SECRET },
    });
    const forged = await ctx.app.inject({
      method: 'POST',
      url: path,
      payload: body,
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': `sha256=${'0'.repeat(64)}` },
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().message).toBe('The webhook’s signature does not match the channel’s app secret');
    const info = (
      await callApi(ctx, api.notificationChannel.info, { params: { id: channel.id }, token: user.token })
    ).json();
    expect(info.app_secret).toBe('••••cdef');
  });

  it('sends notices as the utility template and follows their delivery; a failed one is mailed to whoever has the number', async () => {
    const tenant = await createTenant(db());
    const user = await manager(tenant.org.main);
    const channel = await whatsAppChannel(user.token);
    standIns.whatsapp.setAppSecret(PHONE_NUMBER_ID, APP_SECRET);
    const reachable = newPhone();
    // 999…: accepted by Meta, then failed (131026); the organisation's employee with that number has an email.
    const unreachable = newPhone('99963');
    const duty = await createUser(db(), { orgId: tenant.org.main, phones: [unreachable] });
    await route(tenant.org.main, 'technical_alert', channel.id, [reachable, unreachable]);
    await notify(ctx.app.services, {
      orgId: tenant.org.main,
      event: 'technical_alert',
      key: 'alert:whatsapp',
      subject: 'Suspicious temperature',
      text: 'Fridge 7 reads 11 °C.\nCheck the door seal.',
    });
    for (let turn = 0; turn < 3; turn += 1) {
      await ctx.app.jobs.runDue();
      clock.advance(1_100);
    }
    const sent = standIns.received
      .filter((item) => item.service === 'whatsapp' && item.credential.endsWith('1234'))
      .slice(-2);
    expect(sent.map((item) => item.template)).toEqual(['vitrina_notice', 'vitrina_notice']);
    // One body parameter without line breaks (Meta refuses them in parameters).
    expect(sent[0]!.text).toBe('Suspicious temperature · Fridge 7 reads 11 °C. · Check the door seal.');
    expect(standIns.violations).toEqual([]);

    expect(await deliverWebhooks(channel)).toEqual([200, 200, 200]);
    await ctx.app.jobs.runDue();
    const entries = (await log(user.token)).items;
    const byRecipient = new Map(entries.map((entry) => [entry.recipient, entry]));
    expect(byRecipient.get(reachable)).toMatchObject({
      status: 'sent',
      whatsapp_status: 'delivered',
      fallback_to: null,
    });
    expect(byRecipient.get(unreachable)).toMatchObject({
      status: 'failed',
      whatsapp_status: 'failed',
      error: 'WhatsApp 131026: Message undeliverable (Message Undeliverable.)',
      fallback_to: duty.email,
    });
    const mail = (await ctx.mails()).find((item) => item.to === duty.email);
    expect(mail).toMatchObject({ subject: 'Suspicious temperature' });
    expect(mail?.body).toContain('Fridge 7 reads 11 °C.');

    // A repeated or late webhook changes nothing: failed stays failed, delivered is not undone by sent.
    const [row] = await db()
      .select()
      .from(whatsappMessages)
      .where(eq(whatsappMessages.deliveryId, byRecipient.get(reachable)!.id));
    expect(row).toMatchObject({ status: 'delivered' });
  });

  it('fails a notice at once when WhatsApp refuses the template, and mails it instead', async () => {
    const tenant = await createTenant(db());
    const user = await manager(tenant.org.main);
    // Approved only in English: Polish is "template name does not exist in the translation" (132001).
    const channel = await whatsAppChannel(user.token, { notice_template_language: 'pl' });
    const phone = newPhone();
    const duty = await createUser(db(), { orgId: tenant.org.main, phones: [phone] });
    await route(tenant.org.main, 'payment_failed', channel.id, [phone]);
    await notify(ctx.app.services, {
      orgId: tenant.org.main,
      event: 'payment_failed',
      key: 'sale:1',
      subject: 'Unpaid',
      text: 'Sale 1',
    });
    await ctx.app.jobs.runDue();
    const [entry] = (await log(user.token)).items;
    expect(entry).toMatchObject({ status: 'failed', attempts: 1, fallback_to: duty.email });
    expect(entry!.error).toContain('132001');
    expect((await ctx.mails()).some((item) => item.to === duty.email && item.subject === 'Unpaid')).toBe(true);
  });

  it('puts a failed test message on its channel when the status webhook says so', async () => {
    const tenant = await createTenant(db());
    const user = await manager(tenant.org.main);
    const channel = await whatsAppChannel(user.token);
    standIns.whatsapp.setAppSecret(PHONE_NUMBER_ID, APP_SECRET);
    const test = await okApi(ctx, api.notificationChannel.test, {
      params: { id: channel.id },
      token: user.token,
      body: {
        recipient: newPhone('99963'),
      },
    });
    expect(test).toMatchObject({ ok: true, error: null });
    await deliverWebhooks(channel);
    const after = (
      await callApi(ctx, api.notificationChannel.info, { params: { id: channel.id }, token: user.token })
    ).json();
    expect(after.last_test_error).toBe('WhatsApp 131026: Message undeliverable (Message Undeliverable.)');
  });
});

describe('Telegram: 4096 characters and flood control', () => {
  async function botRoutedTo(chat: string) {
    const tenant = await createTenant(db());
    const user = await manager(tenant.org.main);
    const bot = await okApi(ctx, api.notificationChannel.create, {
      token: user.token,
      body: {
        type: 1,
        name: 'Ops bot',
        secret: '777:bot-token-long',
      },
    });
    await route(tenant.org.main, 'low_stock', bot.id, [chat]);
    return { tenant, user };
  }

  const longText = () =>
    Array.from(
      { length: 160 },
      (_, line) => `Shelf ${line + 1}: bring 12 × sandwich, 6 × salad, 4 × juice — par not met`,
    ).join('\n');

  it('sends a message over 4096 characters in parts cut at line ends, none over the limit', async () => {
    const chat = String(500_000 + Math.floor(Math.random() * 1e6));
    const { tenant, user } = await botRoutedTo(chat);
    const text = longText();
    expect(text.length).toBeGreaterThan(4096 * 2);
    await notify(ctx.app.services, {
      orgId: tenant.org.main,
      event: 'low_stock',
      key: 'long',
      subject: 'Low stock',
      text,
    });
    await ctx.app.jobs.runDue();
    const parts = standIns.received.filter((item) => item.to === chat).map((item) => item.text);
    expect(parts.length).toBe(3);
    for (const part of parts) expect(part.length).toBeLessThanOrEqual(4096);
    expect(parts.join('\n')).toBe(`Low stock\n\n${text}`);
    expect(standIns.violations).toEqual([]);
    expect((await log(user.token)).items[0]).toMatchObject({ status: 'sent', parts: 3 });
  });

  it('waits as long as retry_after says, and sends only the parts still missing', async () => {
    const chat = String(2_000_000 + Math.floor(Math.random() * 1e6));
    const { tenant, user } = await botRoutedTo(chat);
    // The second part meets flood control: wait two minutes (longer than the job's 30 s back-off).
    standIns.floodTelegram(120, 1);
    await notify(ctx.app.services, {
      orgId: tenant.org.main,
      event: 'low_stock',
      key: 'flood',
      subject: 'Low stock',
      text: longText(),
    });
    await ctx.app.jobs.runDue();
    const sentTo = () => standIns.received.filter((item) => item.to === chat).length;
    expect(sentTo()).toBe(1);
    expect((await log(user.token)).items[0]).toMatchObject({
      status: 'queued',
      parts: 1,
      error: 'Too Many Requests: retry after 120',
    });
    clock.advance(31_000);
    await ctx.app.jobs.runDue();
    expect(sentTo()).toBe(1);
    clock.advance(90_000);
    await ctx.app.jobs.runDue();
    expect(sentTo()).toBe(3);
    expect((await log(user.token)).items[0]).toMatchObject({ status: 'sent', parts: 3, error: null });
  });
});

describe('Mail: STARTTLS is required, never a login in the clear', () => {
  async function mailChannel(port: number) {
    const tenant = await createTenant(db());
    const user = await manager(tenant.org.main);
    const channel = await okApi(ctx, api.notificationChannel.create, {
      token: user.token,
      body: {
        type: 2,
        name: 'Office mail',
        host: '127.0.0.1',
        port,
        secure: false,
        username: 'alerts',
        secret: `password-${port}`,
        from_address: 'alerts@shop.example',
      },
    });
    return (recipient: string) =>
      okApi(ctx, api.notificationChannel.test, { params: { id: channel.id }, token: user.token, body: { recipient } });
  }

  it('refuses a server that offers no STARTTLS before the password ever reaches it', async () => {
    const test = await mailChannel(standIns.plainSmtpPort);
    const answer = await test('ops@shop.example');
    expect(answer.ok).toBe(false);
    // The caller hears one text whatever went wrong; the server log says what.
    expect(answer.error).toBe(translate('channel.mail_failed', 'en'));
    expect(warnings.some((line) => /STARTTLS/i.test(line) && line.includes(String(standIns.plainSmtpPort)))).toBe(true);
    expect(standIns.logins.filter((login) => login.server === 'plain')).toEqual([]);
    expect(standIns.received.some((item) => item.service === 'mail' && item.to === 'ops@shop.example')).toBe(false);
  });

  it('refuses a server whose certificate it cannot trust, before logging in', async () => {
    const details: string[] = [];
    const outgoing = createOutgoingGuard({ allowHosts: ['127.0.0.1'], log: (detail) => details.push(detail.error) });
    const outcome = await sendThroughChannel(
      { ...standIns.endpoints, smtpCa: undefined, outgoing },
      {
        type: 2,
        settings: {
          host: '127.0.0.1',
          port: standIns.smtpPort,
          secure: false,
          username: 'alerts',
          from_address: 'a@shop.example',
        },
        secret: 'password-untrusted',
      },
      { recipient: 'ops@shop.example', subject: 'Hello', text: 'Hi' },
    );
    expect(outcome.ok).toBe(false);
    expect(outcome.ok ? '' : outcome.error).toBe(translate('channel.mail_failed', 'en'));
    expect(details.join('\n')).toMatch(/self[- ]signed certificate/i);
    expect(standIns.logins.some((login) => login.password === 'password-untrusted')).toBe(false);
  });

  it('upgrades with STARTTLS, checks the certificate, and only then logs in', async () => {
    const test = await mailChannel(standIns.smtpPort);
    const answer = await test('night@shop.example');
    expect(answer).toMatchObject({ ok: true, error: null });
    expect(standIns.logins.at(-1)).toMatchObject({
      server: 'tls',
      secure: true,
      password: `password-${standIns.smtpPort}`,
    });
  });
});
