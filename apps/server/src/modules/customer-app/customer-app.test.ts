import { api, DEFAULT_MICROMARKET_SETTINGS, SIGN_IN_CODE_ATTEMPTS, SIGN_IN_CODE_TTL_MS } from '@vitrina/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { callApi, okApi } from '../../../test/api-client.js';
import { insertMicromarket, insertProduct } from '../../../test/factories/catalogue.js';
import { routeEvent, toldOf } from '../../../test/factories/notifications.js';
import { uniqueName } from '../../../test/factories/sequence.js';
import { createTenant, type Tenant } from '../../../test/factories/tenant.js';
import { createSignedInUser } from '../../../test/factories/users.js';
import { call, createTestContext, type TestContext } from '../../../test/helper.js';
import { startChannelStandIns } from '../../../test/stand-ins/channel-stand-ins.js';
import { customerPushDevices, products } from '../../db/schema/index.js';
import { TestClock } from '../../lib/clock.js';
import { registerCustomer } from '../auth/index.js';

/** Issues 10 and 11: the customer app's API — sign-in by a one-time code, the push inbox, support chats. */
let ctx: TestContext;
let standIns: Awaited<ReturnType<typeof startChannelStandIns>>;
const clock = new TestClock(Date.UTC(2026, 8, 1, 8));
beforeAll(async () => {
  standIns = await startChannelStandIns();
  ctx = await createTestContext({ clock, channels: standIns.endpoints });
});
// Every test starts two hours after the last, past the hourly limits the others counted from 127.0.0.1.
beforeEach(() => clock.advance(2 * 3_600_000));
afterAll(async () => {
  await ctx.close();
  await standIns.stop();
});

const db = () => ctx.database.db;
let phoneSeq = 2_000_000 + Math.floor(Math.random() * 7_000_000);
const newPhone = () => `+38067${String(++phoneSeq).padStart(7, '0')}`;

async function customerOf(orgId: number) {
  const email = `${uniqueName('app').replace(' ', '-')}@example.com`;
  const made = await registerCustomer(db(), { orgId, name: uniqueName('Customer'), email, phone: newPhone() });
  return { ...made, email };
}

async function withWhatsApp(tenant: Tenant) {
  const admin = await createSignedInUser(db(), {
    orgId: tenant.org.main,
    permissions: ['show_notification_system_page'],
  });
  return okApi(ctx, api.notificationChannel.create, {
    token: admin.token,
    body: {
      type: 3,
      name: 'Customer WhatsApp',
      phone_number_id: '106540352242922',
      secret: 'EAAG-access-token-7777',
      app_secret: WHATSAPP_APP_SECRET,
      code_template: 'vitrina_sign_in_code',
      code_template_language: 'en',
      notice_template: 'vitrina_notice',
      notice_template_language: 'en',
    },
  });
}

const WHATSAPP_APP_SECRET = 'customer-app-secret-0123456789';

const askCode = (orgId: number, phone: string) =>
  callApi(ctx, api.customerApp.requestCode, { body: { org_id: orgId, phone } });
const signIn = (orgId: number, phone: string, code: string) =>
  callApi(ctx, api.customerApp.signIn, { body: { org_id: orgId, phone, code } });

/** The code the customer got last through WhatsApp (the authentication template's parameter). */
function whatsappCode(phone: string): string {
  const message = standIns.received.filter((item) => item.service === 'whatsapp' && `+${item.to}` === phone).at(-1);
  expect(message?.template).toBe('vitrina_sign_in_code');
  return /\b(\d{6})\b/.exec(message?.text ?? '')?.[1] ?? '';
}

async function mailedCode(email: string): Promise<string> {
  const mail = (await ctx.mails()).filter((item) => item.to === email).at(-1);
  return /\b(\d{6})\b/.exec(mail?.body ?? '')?.[1] ?? '';
}

/** A customer signed in through the code flow, as the app does it. */
async function signedInCustomer(orgId: number) {
  const customer = await customerOf(orgId);
  expect((await askCode(orgId, customer.phone)).statusCode).toBe(200);
  const code = await mailedCode(customer.email);
  const session = (await signIn(orgId, customer.phone, code)).json();
  return { ...customer, token: session.token };
}

describe('customer app: sign-in by a one-time code', () => {
  it('sends the code by WhatsApp; the code opens a customer session once, which the panel refuses', async () => {
    const tenant = await createTenant(db());
    await withWhatsApp(tenant);
    const customer = await customerOf(tenant.org.main);
    const asked = await askCode(tenant.org.main, customer.phone.replace('+38067', '+380 67 '));
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ resend_after_s: 60 });
    await ctx.app.jobs.runDue();
    const code = whatsappCode(customer.phone);
    expect(code).toMatch(/^\d{6}$/);
    const answer = await signIn(tenant.org.main, customer.phone, code);
    expect(answer.statusCode).toBe(200);
    const session = answer.json();
    expect(session.customer).toMatchObject({ id: customer.id, phone: customer.phone, org_id: tenant.org.main });
    const me = await callApi(ctx, api.customerApp.me, { token: session.token });
    expect(me.json()).toMatchObject({ id: customer.id });
    // Spent: the same code does not open a second session.
    expect((await signIn(tenant.org.main, customer.phone, code)).statusCode).toBe(401);
    // A customer's session is no key to the panel, nor an employee's to the app.
    expect((await callApi(ctx, api.auth.me, { token: session.token })).statusCode).toBe(401);
    const operator = await tenant.token('operator');
    expect((await callApi(ctx, api.customerApp.me, { token: operator })).statusCode).toBe(401);
    // Signing out ends it.
    await okApi(ctx, api.customerApp.signOut, { token: session.token });
    expect((await callApi(ctx, api.customerApp.me, { token: session.token })).statusCode).toBe(401);
  });

  it('mails a new code when WhatsApp reports the first one failed, unless the customer asked again', async () => {
    const tenant = await createTenant(db());
    const channel = await withWhatsApp(tenant);
    standIns.whatsapp.setAppSecret('106540352242922', WHATSAPP_APP_SECRET);
    standIns.whatsapp.takeWebhooks(); // the earlier tests' (unsigned, for channels of theirs)
    // Numbers starting 999 are accepted by the stand-in, then failed by a status webhook (131026).
    const email = `${uniqueName('app').replace(' ', '-')}@example.com`;
    const phone = `+99967${String(++phoneSeq).padStart(7, '0')}`;
    await registerCustomer(db(), { orgId: tenant.org.main, name: uniqueName('Customer'), email, phone });
    expect((await askCode(tenant.org.main, phone)).statusCode).toBe(200);
    await ctx.app.jobs.runDue();
    const lost = whatsappCode(phone);
    expect(lost).toMatch(/^\d{6}$/);
    expect(await mailedCode(email)).toBe('');
    for (const webhook of standIns.whatsapp.takeWebhooks()) {
      const answer = await ctx.app.inject({
        method: 'POST',
        url: new URL(channel.webhook_url!).pathname,
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': webhook.signature ?? '' },
        payload: webhook.body,
      });
      expect(answer.statusCode).toBe(200);
    }
    const mailed = await mailedCode(email);
    expect(mailed).toMatch(/^\d{6}$/);
    expect(standIns.violations).toEqual([]);
    // The lost code no longer works; the mailed one does.
    expect((await signIn(tenant.org.main, phone, lost)).statusCode).toBe(401);
    expect((await signIn(tenant.org.main, phone, mailed)).statusCode).toBe(200);
  });

  it('mails the code without a WhatsApp channel; an unknown phone gets the same answer and nothing', async () => {
    const tenant = await createTenant(db());
    const customer = await customerOf(tenant.org.main);
    expect((await askCode(tenant.org.main, customer.phone)).statusCode).toBe(200);
    const code = await mailedCode(customer.email);
    expect(code).toMatch(/^\d{6}$/);
    const mailsBefore = (await ctx.mails()).length;
    const stranger = await askCode(tenant.org.main, newPhone());
    expect(stranger.statusCode).toBe(200);
    expect(stranger.json()).toEqual({ resend_after_s: 60 });
    expect((await ctx.mails()).length).toBe(mailsBefore);
    // The customer's phone in another organisation is nobody there.
    const other = await createTenant(db());
    expect((await signIn(other.org.main, customer.phone, code)).statusCode).toBe(401);
    expect((await signIn(tenant.org.main, customer.phone, code)).statusCode).toBe(200);
  });

  it('spends a code after five wrong guesses and refuses it after ten minutes', async () => {
    const tenant = await createTenant(db());
    const customer = await customerOf(tenant.org.main);
    await askCode(tenant.org.main, customer.phone);
    const code = await mailedCode(customer.email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < SIGN_IN_CODE_ATTEMPTS; i++) {
      const answer = await signIn(tenant.org.main, customer.phone, wrong);
      expect(answer.statusCode).toBe(401);
      expect(answer.error().message).toBe('The code is wrong or has expired: ask for a new one');
    }
    expect((await signIn(tenant.org.main, customer.phone, code)).statusCode).toBe(401);

    clock.advance(2 * 60_000);
    await askCode(tenant.org.main, customer.phone);
    const late = await mailedCode(customer.email);
    clock.advance(SIGN_IN_CODE_TTL_MS + 1);
    expect((await signIn(tenant.org.main, customer.phone, late)).statusCode).toBe(401);
  });

  it('lets a phone ask once a minute and five times an hour, known or not, and names bad fields', async () => {
    const tenant = await createTenant(db());
    const customer = await customerOf(tenant.org.main);
    for (const phone of [customer.phone, newPhone()]) {
      expect((await askCode(tenant.org.main, phone)).statusCode).toBe(200);
      const again = await askCode(tenant.org.main, phone);
      expect(again.statusCode).toBe(429);
      expect(again.error().message).toBe('Too many attempts. Try again in 60 s');
      for (let i = 1; i < 5; i++) {
        clock.advance(61_000);
        expect((await askCode(tenant.org.main, phone)).statusCode).toBe(200);
      }
      clock.advance(61_000);
      expect((await askCode(tenant.org.main, phone)).statusCode).toBe(429);
    }
    const bad = await callApi(ctx, api.customerApp.signIn, {
      body: { org_id: 2147483648, phone: '067 123', code: '12a' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.error().fields!).sort()).toEqual(['code', 'org_id', 'phone']);
    expect(bad.error().fields!.code).toBe('Enter the 6 digits of the code');
  });
});

describe('customer app: push inbox and registration', () => {
  it('shows the customer’s delivered messages with the unread count; reading one is theirs alone', async () => {
    const tenant = await createTenant(db());
    const customer = await signedInCustomer(tenant.org.main);
    const neighbour = await signedInCustomer(tenant.org.main);
    const operator = await tenant.token('operator');
    const push = await okApi(ctx, api.push.create, {
      token: operator,
      body: {
        importance: 'important',
        title: 'Your order is in the fridge',
        body: 'Shelf 2, door code on the screen',
        audience: 'user',
        user_id: customer.id,
        action: 'open_order',
        extra: { order_id: '42' },
      },
    });
    await ctx.app.jobs.runDue();
    const inbox = (await callApi(ctx, api.customerApp.inbox, { token: customer.token })).json();
    expect(inbox.total).toBe(1);
    expect(inbox.unread).toBe(1);
    expect(inbox.items[0]).toMatchObject({
      importance: 'important',
      title: push.title,
      action: 'open_order',
      extra: { order_id: '42' },
      read_at: null,
    });
    const id = inbox.items[0]!.id;
    expect((await callApi(ctx, api.customerApp.read, { params: { id }, token: neighbour.token })).statusCode).toBe(404);
    const read = await okApi(ctx, api.customerApp.read, { params: { id }, token: customer.token });
    expect(read.read_at).toBe(clock.now().toISOString());
    const after = (await callApi(ctx, api.customerApp.inbox, { token: customer.token })).json();
    expect(after.unread).toBe(0);
    const theirs = (await callApi(ctx, api.customerApp.inbox, { token: neighbour.token })).json();
    expect(theirs.total).toBe(0);
  });

  it('keeps an installation’s push token for whoever signed in on it last', async () => {
    const tenant = await createTenant(db());
    const first = await signedInCustomer(tenant.org.main);
    const second = await signedInCustomer(tenant.org.main);
    const token = `fcm-${uniqueName('install').replace(' ', '-')}`;
    await okApi(ctx, api.customerApp.registerDevice, { token: first.token, body: { token, platform: 'android' } });
    await okApi(ctx, api.customerApp.registerDevice, { token: second.token, body: { token, platform: 'android' } });
    const rows = await db().select().from(customerPushDevices).where(eq(customerPushDevices.token, token));
    expect(rows.map((row) => row.userId)).toEqual([second.id]);
    // A platform the contract does not name: sent raw, past the typed client.
    const bad = await call(ctx, 'POST', api.customerApp.registerDevice.path, {
      token: first.token,
      payload: { token: '', platform: 'symbian' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['platform', 'token']);
  });
});

describe('customer app: support chats', () => {
  it('a customer starts a chat, support answers in the panel, and each sees the other’s words', async () => {
    const tenant = await createTenant(db());
    await routeEvent(db(), tenant.org.main, 'new_chat', 'support-desk');
    const fridge = await insertMicromarket(db(), tenant.org.main, uniqueName('Lobby'));
    const customer = await signedInCustomer(tenant.org.main);
    const chat = await okApi(ctx, api.customerApp.createChat, {
      token: customer.token,
      body: {
        title: 'Door stuck',
        text: 'The door did not open after I paid',
        micromarket_id: fridge,
      },
    });
    expect(chat).toMatchObject({ status: 'new', micromarket_id: fridge, comments: [] });
    expect((await toldOf(db(), tenant.org.main, 'new_chat')).map((row) => row.recipient)).toEqual(['support-desk']);

    const support = await tenant.token('support');
    const card = (await callApi(ctx, api.support.info, { params: { id: chat.id }, token: support })).json();
    expect(card).toMatchObject({ customer_id: customer.id, title: 'Door stuck' });
    await okApi(ctx, api.support.comment, {
      params: { id: chat.id },
      token: support,
      body: { text: 'We opened it remotely' },
    });
    const seen = await okApi(ctx, api.customerApp.comment, {
      params: { id: chat.id },
      token: customer.token,
      body: {
        text: 'Thanks, it works',
      },
    });
    expect(seen.comments.map((comment) => [comment.author_kind, comment.text])).toEqual([
      ['staff', 'We opened it remotely'],
      ['customer', 'Thanks, it works'],
    ]);
    const panel = (await callApi(ctx, api.support.info, { params: { id: chat.id }, token: support })).json();
    expect(panel.comments.at(-1)).toMatchObject({ author_kind: 'customer', text: 'Thanks, it works' });

    await okApi(ctx, api.support.resolve, { params: { id: chat.id }, token: support });
    const closed = await callApi(ctx, api.customerApp.comment, {
      params: { id: chat.id },
      token: customer.token,
      body: { text: 'One more thing' },
    });
    expect(closed.statusCode).toBe(409);
    const current = (await callApi(ctx, api.customerApp.chats, { token: customer.token })).json();
    expect(current.total).toBe(0);
    const archive = (
      await callApi(ctx, api.customerApp.chats, { token: customer.token, query: { archive: 'true' } })
    ).json();
    expect(archive.items.map((item) => [item.id, item.status])).toEqual([[chat.id, 'resolved']]);
  });

  it('shows a customer only their own chats and links only their organisation’s rows', async () => {
    const tenant = await createTenant(db());
    const customer = await signedInCustomer(tenant.org.main);
    const neighbour = await signedInCustomer(tenant.org.main);
    const chat = await okApi(ctx, api.customerApp.createChat, {
      token: customer.token,
      body: {
        title: 'Wrong price',
        text: 'Charged twice',
      },
    });
    expect(
      (await callApi(ctx, api.customerApp.chat, { params: { id: chat.id }, token: neighbour.token })).statusCode,
    ).toBe(404);
    const intruding = await callApi(ctx, api.customerApp.comment, {
      params: { id: chat.id },
      token: neighbour.token,
      body: { text: 'hello' },
    });
    expect(intruding.statusCode).toBe(404);
    const list = (await callApi(ctx, api.customerApp.chats, { token: neighbour.token })).json();
    expect(list.total).toBe(0);
    // A chat staff opened as a ticket, or about another customer, is not theirs either.
    const other = await createTenant(db());
    const foreignFridge = await insertMicromarket(db(), other.org.main, uniqueName('Elsewhere'));
    const refused = await callApi(ctx, api.customerApp.createChat, {
      token: customer.token,
      body: { title: 'Hi', text: 'There', micromarket_id: foreignFridge, transaction_id: 2147483647 },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.error().fields).toEqual({
      micromarket_id: 'Choose a micromarket of the organisation',
      transaction_id: expect.any(String),
    });
  });
});

describe('customer app: orders and wishes', () => {
  async function shop() {
    const tenant = await createTenant(db());
    const orgId = tenant.org.main;
    const taking = await insertMicromarket(db(), orgId, uniqueName('Taking orders'), {
      settings: { ...DEFAULT_MICROMARKET_SETTINGS, available_for_orders: true },
    });
    const closed = await insertMicromarket(db(), orgId, uniqueName('Not taking'), {
      settings: { ...DEFAULT_MICROMARKET_SETTINGS, available_for_orders: false },
    });
    const salad = await insertProduct(db(), orgId, { name: uniqueName('Salad'), sellCostMinor: 4500 });
    const hidden = await insertProduct(db(), orgId, { name: uniqueName('Staff only'), sellCostMinor: 900 });
    await db().update(products).set({ showInOrders: false, showInWishes: false }).where(eq(products.id, hidden));
    return { tenant, orgId, taking, closed, salad, hidden, customer: await signedInCustomer(orgId) };
  }

  it('a customer orders from a micromarket that takes orders; the panel sees the order as theirs', async () => {
    const s = await shop();
    const markets = (await callApi(ctx, api.customerApp.orderMicromarkets, { token: s.customer.token })).json();
    expect(markets.items.map((item) => item.id)).toEqual([s.taking]);
    const menu = (
      await callApi(ctx, api.customerApp.orderProducts, {
        token: s.customer.token,
        query: { micromarket_id: String(s.taking) },
      })
    ).json();
    expect(menu.items.map((item) => [item.id, item.price_minor])).toEqual([[s.salad, 4500]]);

    const order = await okApi(ctx, api.customerApp.createOrder, {
      token: s.customer.token,
      body: {
        micromarket_id: s.taking,
        lines: [{ product_id: s.salad, quantity: 2 }],
        note: 'By 12:00',
      },
    });
    expect(order).toMatchObject({ status: 0, total_minor: 9000, lines: [{ product_id: s.salad, quantity: 2 }] });
    const mine = (await callApi(ctx, api.customerApp.orders, { token: s.customer.token })).json();
    expect(mine.items.map((item) => item.id)).toEqual([order.id]);
    const operator = await s.tenant.token('operator');
    const panel = (await callApi(ctx, api.order.list, { token: operator })).json();
    expect(panel.items.find((item) => item.id === order.id)).toMatchObject({ customer_id: s.customer.id, status: 0 });
    // Another customer sees none of it.
    const neighbour = await signedInCustomer(s.orgId);
    const theirs = (await callApi(ctx, api.customerApp.orders, { token: neighbour.token })).json();
    expect(theirs.total).toBe(0);
  });

  it('refuses a micromarket that does not take orders, another organisation’s, and products not offered', async () => {
    const s = await shop();
    const order = (micromarketId: number, productId: number) =>
      callApi(ctx, api.customerApp.createOrder, {
        token: s.customer.token,
        body: { micromarket_id: micromarketId, lines: [{ product_id: productId, quantity: 1 }] },
      });
    const closed = await order(s.closed, s.salad);
    expect(closed.statusCode).toBe(409);
    expect(closed.error().fields).toEqual({ micromarket_id: expect.any(String) });
    const other = await createTenant(db());
    const foreign = await insertMicromarket(db(), other.org.main, uniqueName('Foreign'), {
      settings: { ...DEFAULT_MICROMARKET_SETTINGS, available_for_orders: true },
    });
    expect((await order(foreign, s.salad)).statusCode).toBe(404);
    expect(
      (
        await callApi(ctx, api.customerApp.orderProducts, {
          token: s.customer.token,
          query: { micromarket_id: String(foreign) },
        })
      ).statusCode,
    ).toBe(404);
    const hidden = await order(s.taking, s.hidden);
    expect(hidden.statusCode).toBe(400);
    expect(hidden.error().fields).toEqual({ lines: expect.any(String) });
  });

  it('a wish is counted on the micromarket’s wishes for the panel, for products offered for wishes only', async () => {
    const s = await shop();
    const offered = (
      await callApi(ctx, api.customerApp.wishProducts, {
        token: s.customer.token,
        query: { micromarket_id: String(s.closed) },
      })
    ).json();
    expect(offered.items.map((item) => item.id)).toEqual([s.salad]);
    await okApi(ctx, api.customerApp.createWish, {
      token: s.customer.token,
      body: { micromarket_id: s.closed, product_id: s.salad },
    });
    await okApi(ctx, api.customerApp.createWish, {
      token: s.customer.token,
      body: { micromarket_id: s.closed, product_id: s.salad },
    });
    const refused = await callApi(ctx, api.customerApp.createWish, {
      token: s.customer.token,
      body: { micromarket_id: s.closed, product_id: s.hidden },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.error().fields).toEqual({ product_id: expect.any(String) });
    const operator = await s.tenant.token('operator');
    const wishes = (await callApi(ctx, api.order.wishes, { params: { id: s.closed }, token: operator })).json();
    expect(wishes.items).toEqual([expect.objectContaining({ product_id: s.salad, count: 2, customers: 1 })]);
  });
});
