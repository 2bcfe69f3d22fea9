import type { TPushMessage } from '@vitrina/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerPushDevices, pushDeliveries } from '../src/db/schema/index.js';
import { TestClock } from '../src/lib/clock.js';
import { registerCustomer } from '../src/lib/customers.js';
import { fcmPushProvider } from '../src/modules/push/index.js';
import { uniqueName } from './factories/sequence.js';
import { createTenant } from './factories/tenant.js';
import { startFcmStandIn } from './fcm-stand-in.js';
import { call, createTestContext, ok, type TestContext } from './helper.js';

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
    const message = await ok<TPushMessage>(ctx, operator, '/v1/push/create', {
      importance: 'important',
      title: 'Fresh salads',
      body: 'New salads in your fridge today',
      audience: 'all',
      action: 'open_catalogue',
      extra: { category: 'salads' },
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
    const info = (await call(ctx, 'GET', `/v1/push/info/${message.id}`, { token: operator })).json<TPushMessage>();
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

  it('asks Google for a new access token only when the one it has is about to expire', async () => {
    const tenant = await createTenant(db());
    const suffix = uniqueName('t').replace(' ', '');
    await customerWith(tenant.org.main, [`ok-${suffix}`]);
    const operator = await tenant.token('operator');
    const send = async () => {
      await ok(ctx, operator, '/v1/push/create', {
        importance: 'unimportant',
        title: 'Hello',
        body: 'A new fridge opened near you',
        audience: 'all',
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
