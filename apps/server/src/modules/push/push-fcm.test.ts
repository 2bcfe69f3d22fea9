import { api } from '@vitrina/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, okApi } from '../../../test/api-client.js';
import { uniqueName } from '../../../test/factories/sequence.js';
import { createTenant } from '../../../test/factories/tenant.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { startFcmStandIn } from '../../../test/stand-ins/fcm-stand-in.js';
import { customerPushDevices, pushDeliveries } from '../../db/schema/index.js';
import { TestClock } from '../../lib/clock.js';
import { registerCustomer } from '../auth/index.js';
import { fcmPushProvider } from './index.js';

/** Issue 11: push messages through Firebase Cloud Messaging, against a local stand-in for Google. */
let ctx: TestContext;
let fcm: Awaited<ReturnType<typeof startFcmStandIn>>;
const clock = new TestClock(Date.UTC(2026, 9, 5, 9));
beforeAll(async () => {
  fcm = await startFcmStandIn();
  ctx = await createTestContext({
    clock,
    push: fcmPushProvider({ account: fcm.account, apiBase: fcm.apiBase, now: () => clock.nowMs() }),
  });
});
afterAll(async () => {
  await ctx.close();
  await fcm.stop();
});

const db = () => ctx.database.db;
let phoneSeq = 3_000_000 + Math.floor(Math.random() * 6_000_000);

async function customerWith(orgId: number, tokens: string[]) {
  const { id } = await registerCustomer(db(), {
    orgId,
    name: uniqueName('Customer'),
    email: `${uniqueName('fcm').replace(' ', '-')}@example.com`,
    phone: `+38050${String(++phoneSeq).padStart(7, '0')}`,
  });
  for (const token of tokens) {
    await db()
      .insert(customerPushDevices)
      .values({ userId: id, token, platform: 'android', createdAt: clock.now(), lastSeenAt: clock.now() });
  }
  return id;
}

describe('push through Firebase Cloud Messaging', () => {
  it('sends to every installation, drops unregistered ones and records what FCM answered per customer', async () => {
    const tenant = await createTenant(db());
    const suffix = uniqueName('t').replace(' ', '');
    const exchanges = fcm.assertions.length;
    const both = await customerWith(tenant.org.main, [`ok-${suffix}`, `gone-${suffix}`]);
    const refused = await customerWith(tenant.org.main, [`bad-${suffix}`]);
    const inboxOnly = await customerWith(tenant.org.main, []);
    const operator = await tenant.token('operator');
    const message = await okApi(ctx, api.push.create, {
      token: operator,
      body: {
        importance: 'important',
        title: 'Fresh salads',
        body: 'New salads in your fridge today',
        audience: 'all',
        action: 'open_catalogue',
        extra: { category: 'salads' },
      },
    });
    await ctx.app.jobs.runDue();

    const sent = fcm.received.filter((item) => item.token.endsWith(suffix));
    expect(sent.map((item) => item.token).sort()).toEqual([`bad-${suffix}`, `gone-${suffix}`, `ok-${suffix}`]);
    expect(sent[0]!.message).toMatchObject({
      notification: { title: 'Fresh salads', body: 'New salads in your fridge today' },
      data: { category: 'salads', action: 'open_catalogue', message_id: String(message.id) },
      android: { priority: 'HIGH' },
    });
    const rows = await db()
      .select({ userId: pushDeliveries.userId, status: pushDeliveries.status, error: pushDeliveries.error })
      .from(pushDeliveries)
      .where(eq(pushDeliveries.messageId, message.id));
    const byUser = new Map(rows.map((row) => [row.userId, row]));
    expect(byUser.get(both)).toMatchObject({ status: 'delivered', error: null });
    expect(byUser.get(inboxOnly)).toMatchObject({ status: 'delivered', error: null });
    expect(byUser.get(refused)?.status).toBe('failed');
    expect(byUser.get(refused)?.error).toContain('INVALID_ARGUMENT');
    const left = await db()
      .select({ token: customerPushDevices.token })
      .from(customerPushDevices)
      .where(eq(customerPushDevices.userId, both));
    expect(left.map((row) => row.token)).toEqual([`ok-${suffix}`]);
    const info = (await callApi(ctx, api.push.info, { params: { id: message.id }, token: operator })).json();
    expect(info).toMatchObject({ status: 'sent', delivered: 2, failed: 1 });

    // The service account signed in with a JWT Google could check, scoped to FCM, at most once
    // for the three calls made at once (none when an earlier token is still good).
    expect(fcm.assertions.length - exchanges).toBeLessThanOrEqual(1);
    expect(fcm.assertions.at(-1)).toMatchObject({
      iss: fcm.account.client_email,
      aud: fcm.account.token_uri,
      scope: 'https://www.googleapis.com/auth/firebase.messaging',
    });
  });

  it('refuses reserved data keys and payloads over 4 KB in the push form, naming the field in the caller’s language', async () => {
    const tenant = await createTenant(db());
    await customerWith(tenant.org.main, []);
    const operator = await tenant.token('operator');
    const create = (payload: object, lang = 'en') =>
      callApi(ctx, api.push.create, {
        token: operator,
        lang,
        body: { importance: 'unimportant', title: 'Hello', body: 'Hi', audience: 'all', ...payload },
      });
    const reserved = await create({ extra: { from: 'shop', google_campaign: 'x', message_id: '1', ok: 'yes' } });
    expect(reserved.statusCode).toBe(400);
    expect(reserved.error().fields).toEqual({
      'extra.from': 'The data key “from” is reserved by Firebase Cloud Messaging; choose another',
      'extra.google_campaign': 'The data key “google_campaign” is reserved by Firebase Cloud Messaging; choose another',
      'extra.message_id': 'The data key “message_id” is set by Vitrina itself; choose another',
    });
    const gcm = await create({ extra: { 'gcm.notification.tag': 'a' } }, 'ua');
    expect(gcm.error().fields).toEqual({
      'extra.gcm.notification.tag':
        'Ключ даних «gcm.notification.tag» зарезервований Firebase Cloud Messaging; оберіть інший',
    });
    // 20 entries of 40-byte keys and 190-byte values (95 × "ж"): 4,600 bytes of data alone.
    const bulky = Object.fromEntries(
      Array.from({ length: 20 }, (_, index) => [`key_${String(index).padStart(36, '0')}`, 'ж'.repeat(95)]),
    );
    const tooBig = await create({ extra: bulky });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.error().fields).toEqual({
      // Title 5, body 2, the adapter's message id 22, the data 4,600.
      extra: 'A push message carries at most 4096 bytes of title, text, action and data; this one has 4629',
    });
    // A body that alone is past the limit is named, in Polish.
    const longBody = await create(
      { body: 'ł'.repeat(1000), title: 'ś'.repeat(100), action: 'x'.repeat(300), extra: bulky },
      'pl',
    );
    expect(Object.keys(longBody.error().fields!)).toEqual(['extra']);
    expect(longBody.error().fields!.extra).toContain('Wiadomość push mieści najwyżej 4096 bajtów');
    expect(fcm.violations).toEqual([]);
  });

  it('drops a token only for UNREGISTERED; retries 429, 503 and 500 after Retry-After through the send job', async () => {
    const tenant = await createTenant(db());
    const suffix = uniqueName('r').replace(' ', '');
    const lost = await customerWith(tenant.org.main, [`lost-${suffix}`]);
    const quota = await customerWith(tenant.org.main, [`quota-${suffix}`]);
    const busy = await customerWith(tenant.org.main, [`busy-${suffix}`]);
    const oops = await customerWith(tenant.org.main, [`oops-${suffix}`]);
    const operator = await tenant.token('operator');
    const message = await okApi(ctx, api.push.create, {
      token: operator,
      body: {
        importance: 'important',
        title: 'Lunch',
        body: 'Soup of the day is in',
        audience: 'all',
      },
    });
    const rows = async () =>
      new Map(
        (
          await db()
            .select({ userId: pushDeliveries.userId, status: pushDeliveries.status, error: pushDeliveries.error })
            .from(pushDeliveries)
            .where(eq(pushDeliveries.messageId, message.id))
        ).map((row) => [row.userId, row]),
      );
    const info = async () =>
      (await callApi(ctx, api.push.info, { params: { id: message.id }, token: operator })).json();
    const tries = (prefix: string) => fcm.received.filter((item) => item.token === `${prefix}-${suffix}`).length;

    await ctx.app.jobs.runDue();
    let now = await rows();
    // A bare 404 (no UNREGISTERED) is a refusal, not a stale token: the token stays.
    expect(now.get(lost)).toMatchObject({ status: 'failed' });
    expect(now.get(lost)?.error).toContain('FCM 404 NOT_FOUND');
    const kept = await db().select().from(customerPushDevices).where(eq(customerPushDevices.userId, lost));
    expect(kept).toHaveLength(1);
    for (const userId of [quota, busy, oops]) expect(now.get(userId)?.status).toBe('retry');
    expect(now.get(quota)?.error).toContain('QUOTA_EXCEEDED');
    expect(await info()).toMatchObject({ status: 'sending', delivered: 0, failed: 1 });

    // FCM asked for 30 s and 120 s: the job waits for the longer, past its own 10 s back-off.
    clock.advance(60_000);
    await ctx.app.jobs.runDue();
    expect([tries('quota'), tries('busy'), tries('oops')]).toEqual([1, 1, 1]);
    clock.advance(61_000);
    await ctx.app.jobs.runDue();
    expect([tries('quota'), tries('busy'), tries('oops')]).toEqual([2, 2, 2]);
    now = await rows();
    for (const userId of [quota, busy, oops])
      expect(now.get(userId)).toMatchObject({ status: 'delivered', error: null });
    expect(await info()).toMatchObject({ status: 'sent', delivered: 3, failed: 1 });
    expect(fcm.violations).toEqual([]);
  });

  it('asks Google for a new access token only when the one it has is about to expire', async () => {
    const tenant = await createTenant(db());
    const suffix = uniqueName('t').replace(' ', '');
    await customerWith(tenant.org.main, [`ok-${suffix}`]);
    const operator = await tenant.token('operator');
    const send = async () => {
      await okApi(ctx, api.push.create, {
        token: operator,
        body: {
          importance: 'unimportant',
          title: 'Hello',
          body: 'A new fridge opened near you',
          audience: 'all',
        },
      });
      await ctx.app.jobs.runDue();
    };
    await send();
    const before = fcm.assertions.length;
    clock.advance(50 * 60_000);
    await send();
    expect(fcm.assertions.length).toBe(before);
    clock.advance(6 * 60_000);
    await send();
    expect(fcm.assertions.length).toBe(before + 1);
    expect(fcm.received.filter((item) => item.token === `ok-${suffix}`)).toHaveLength(3);
  });
});
