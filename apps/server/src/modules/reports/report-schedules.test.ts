import { api, type TReportSubscription } from '@vitrina/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ApiRequest, callApi, okApi } from '../../../test/api-client.js';
import { insertMicromarket, insertProduct } from '../../../test/factories/catalogue.js';
import { insertPaidSale } from '../../../test/factories/paid-sales.js';
import { createTenant, type Tenant } from '../../../test/factories/tenant.js';
import { createSignedInUser } from '../../../test/factories/users.js';
import { call, createTestContext, type TestContext } from '../../../test/helper.js';
import { startChannelStandIns } from '../../../test/stand-ins/channel-stand-ins.js';
import { mailOutbox, rolePermissions, users } from '../../db/schema/index.js';
import { TestClock } from '../../lib/clock.js';
import { deliveriesOf, markSaleRollups, reportMailJob, saleDay, sendReportDelivery } from './index.js';

// Tuesday 2026-03-10, 06:30 in Warsaw (UTC+1): a daily report at 07:00 is not due yet.
const START = Date.parse('2026-03-10T05:30:00Z');
const MINUTE = 60_000;
let clock: TestClock;
let standIns: Awaited<ReturnType<typeof startChannelStandIns>>;
let ctx: TestContext;
const db = () => ctx.database.db;

/**
 * A server of its own with its clock at START: each test moves time forward to the days it
 * needs, so the tests cannot lean on the clock another test left behind (they run shuffled).
 */
async function openServer() {
  clock = new TestClock(START);
  ctx = await createTestContext({ clock, channels: standIns.endpoints, outgoingAllowHosts: ['127.0.0.1'] });
  await ctx.app.jobs.scheduleRecurring();
}

beforeAll(async () => {
  standIns = await startChannelStandIns();
});
afterAll(() => standIns.stop());

/** Moves the clock and runs what falls due: the schedule every 5 minutes, then the mails it queued. */
async function advance(ms: number) {
  clock.advance(ms);
  await ctx.app.jobs.runDue();
}

type Outbox = {
  to: string;
  subject: string;
  body: string;
  attachments: { filename: string; content_base64: string }[] | null;
};
async function mailsTo(email: string): Promise<Outbox[]> {
  await ctx.app.jobs.runDue();
  return db()
    .select({
      to: mailOutbox.toAddress,
      subject: mailOutbox.subject,
      body: mailOutbox.body,
      attachments: mailOutbox.attachments,
    })
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, email));
}

/** Monday 2026-03-09: main sold 2 colas (UAH) at fridge A, Krakow 1 pierogi (PLN) at K. */
async function seedSales(tenant: Tenant) {
  const { main, krakow } = tenant.org;
  const a = await insertMicromarket(db(), main, 'Fridge A');
  const k = await insertMicromarket(db(), krakow, 'Fridge K');
  const cola = await insertProduct(db(), main, { name: 'Cola' });
  const pierogi = await insertProduct(db(), krakow, { name: 'Pierogi' });
  const at = new Date('2026-03-09T10:00:00Z');
  await insertPaidSale(db(), {
    orgId: main,
    micromarketId: a,
    at,
    currency: 'UAH',
    lines: [{ productId: cola, quantity: 2, price: 1000 }],
  });
  await insertPaidSale(db(), {
    orgId: krakow,
    micromarketId: k,
    at,
    currency: 'PLN',
    lines: [{ productId: pierogi, quantity: 1, price: 800 }],
  });
  await markSaleRollups(db(), { orgId: main, micromarketId: a, day: saleDay(at) });
  await markSaleRollups(db(), { orgId: krakow, micromarketId: k, day: saleDay(at) });
}

async function subscribe(
  token: string,
  body: ApiRequest<typeof api.report.createSubscription>['body'],
): Promise<TReportSubscription> {
  return okApi(ctx, api.report.createSubscription, { token, body });
}

describe('scheduled reports by mail', () => {
  let tenant: Tenant;
  let operator: { token: string; email: string; id: number };

  beforeEach(async () => {
    await openServer();
    tenant = await createTenant(db());
    const user = await tenant.user('operator');
    await db().update(users).set({ lang: 'pl' }).where(eq(users.id, user.id));
    operator = { token: user.token, email: user.email, id: user.id };
    await seedSales(tenant);
  });
  afterEach(() => ctx.close());

  it('mails a daily report once, at its hour in the owner’s time zone, in their language, each currency apart', async () => {
    const daily = await subscribe(operator.token, {
      frequency: 'daily',
      group_by: 'micromarket',
      format: 'inline',
      time_zone: 'Europe/Warsaw',
      hour: 7,
    });
    expect(daily).toMatchObject({ org_ids: [], top: null, active: true, last_sent_at: null });
    await advance(25 * MINUTE); // 06:55 in Warsaw
    expect(await mailsTo(operator.email)).toEqual([]);
    await advance(10 * MINUTE); // 07:05
    const [mail, ...more] = await mailsTo(operator.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('Vitrina: sprzedaż według mikromarketów, 2026-03-09');
    // The operator's own UAH first, Krakow's PLN on its own line: never one sum.
    expect(mail?.body).toMatch(/Razem \(UAH\): 20,00\sUAH przychód/);
    expect(mail?.body).toMatch(/Razem \(PLN\): 8,00\szł przychód/);
    expect(mail?.body.indexOf('Razem (UAH)')).toBeLessThan(mail?.body.indexOf('Razem (PLN)') ?? 0);
    expect(mail?.body).toContain('1. Fridge A: 20,00');
    expect(mail?.body).toContain('http://panel.test/report/list?from=2026-03-09&to=2026-03-09&group_by=micromarket');
    expect(mail?.attachments).toBeNull();
    // Later runs of the schedule, a retried mail job and a second job for the same period send nothing more.
    await advance(30 * MINUTE);
    const [delivery] = await deliveriesOf(db(), daily.id);
    expect(delivery).toMatchObject({ periodStart: '2026-03-09', periodEnd: '2026-03-09', status: 'sent' });
    await sendReportDelivery(ctx.app.services, delivery!.id);
    await ctx.app.jobs.enqueue(reportMailJob, { delivery_id: delivery!.id });
    expect(await mailsTo(operator.email)).toHaveLength(1);
    const [listed] = (await callApi(ctx, api.report.subscriptions, { token: operator.token })).json().items;
    expect(listed).toMatchObject({ id: daily.id, last_period: '2026-03-09' });
    expect(listed?.last_sent_at).not.toBeNull();
    // The next day's report goes the next morning.
    await advance(24 * 60 * MINUTE);
    expect((await mailsTo(operator.email)).map((row) => row.subject)).toEqual([
      'Vitrina: sprzedaż według mikromarketów, 2026-03-09',
      'Vitrina: sprzedaż według mikromarketów, 2026-03-10',
    ]);
    await okApi(ctx, api.report.deleteSubscription, { params: { id: daily.id }, token: operator.token });
  });

  it('mails a weekly report on Monday with the week before as an XLSX or CSV attachment', async () => {
    const other = await createTenant(db());
    const reader = await other.user('operator');
    await seedSales(other);
    const weekly = await subscribe(reader.token, {
      frequency: 'weekly',
      group_by: 'product',
      format: 'csv',
      time_zone: 'Europe/Kyiv',
      hour: 8,
      top: 10,
      org_ids: [other.org.krakow],
    });
    expect(weekly.org_ids).toEqual([other.org.krakow]);
    clock.set(Date.parse('2026-03-16T06:10:00Z')); // Monday 08:10 in Kyiv
    await ctx.app.jobs.runDue();
    const [mail] = await mailsTo(reader.email);
    expect(mail?.subject).toBe('Vitrina: weekly sales by product, 2026-03-09 – 2026-03-15');
    const [file] = mail?.attachments ?? [];
    expect(file?.filename).toBe('sales-product-2026-03-09-2026-03-15.csv');
    const csv = Buffer.from(file!.content_base64, 'base64').toString('utf8').replace('\uFEFF', '').trim().split('\r\n');
    // Only Krakow, as chosen: PLN alone.
    expect(csv).toEqual([
      'Group,Currency,Sales,Items,Revenue,Refunds,Cost,Margin',
      'Pierogi,PLN,1,1,8,0,0,8',
      'Total,PLN,1,1,8,0,0,8',
    ]);
    expect(mail?.body).toContain('The report is attached: sales-product-2026-03-09-2026-03-15.csv');
  });

  it('sends an XLSX attachment through the organisation’s own SMTP server', async () => {
    const shop = await createTenant(db());
    const reader = await shop.user('operator');
    await seedSales(shop);
    const manager = await createSignedInUser(db(), {
      orgId: shop.org.main,
      permissions: ['show_notification_system_page'],
    });
    await okApi(ctx, api.notificationChannel.create, {
      token: manager.token,
      body: {
        type: 2,
        name: 'Reports',
        host: '127.0.0.1',
        port: standIns.smtpPort,
        from_address: 'reports@shop.example',
      },
    });
    clock.set(Date.parse('2026-03-17T05:00:00Z'));
    await subscribe(reader.token, { frequency: 'daily', format: 'xlsx', time_zone: 'Europe/Kyiv', hour: 7 });
    const before = standIns.received.length;
    await advance(10 * MINUTE); // 07:10 in Kyiv
    const letters = standIns.received.slice(before).filter((letter) => letter.to === reader.email);
    expect(letters).toHaveLength(1);
    expect(letters[0]?.text).toMatch(
      /Content-Disposition: attachment;\s*filename=sales-micromarket-2026-03-16-2026-03-16\.xlsx/,
    );
    expect(letters[0]?.text).toContain('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(await mailsTo(reader.email)).toEqual([]);
    expect(standIns.violations).toEqual([]);
  });

  it('skips a report its owner may no longer read, and sends none for a period before it was made', async () => {
    const shop = await createTenant(db());
    const reader = await shop.user('operator');
    clock.set(Date.parse('2026-03-18T10:00:00Z'));
    const made = await subscribe(reader.token, { frequency: 'daily', time_zone: 'UTC', hour: 7 });
    await advance(10 * MINUTE);
    expect(await deliveriesOf(db(), made.id)).toEqual([]);
    await db()
      .delete(rolePermissions)
      .where(and(eq(rolePermissions.roleId, reader.roleId), eq(rolePermissions.permission, 'show_report_page')));
    clock.set(Date.parse('2026-03-19T07:00:00Z'));
    await ctx.app.jobs.runDue();
    expect((await deliveriesOf(db(), made.id)).map((row) => [row.periodStart, row.status])).toEqual([
      ['2026-03-18', 'skipped'],
    ]);
    expect(await mailsTo(reader.email)).toEqual([]);
  });
});

describe('scheduled report subscriptions', () => {
  beforeAll(openServer);
  afterAll(() => ctx.close());

  it('keeps each user’s own, inside the organisations they see', async () => {
    const tenant = await createTenant(db());
    const stranger = await createTenant(db());
    const operator = await tenant.token('operator');
    const editor = await tenant.token('editor');
    const body = { frequency: 'weekly' as const, time_zone: 'Europe/Warsaw' };
    const own = await subscribe(operator, { ...body, org_ids: [tenant.org.krakow, tenant.org.main] });
    expect(own.org_ids).toEqual([tenant.org.main, tenant.org.krakow].sort((a, b) => a - b));
    // Another tenant's organisation does not exist for the caller.
    const foreign = await callApi(ctx, api.report.createSubscription, {
      token: operator,
      body: { ...body, org_ids: [stranger.org.main] },
    });
    expect(foreign.statusCode).toBe(404);
    // Another user's subscription is not there for them: 404 to read, change or delete.
    expect((await callApi(ctx, api.report.subscriptions, { token: editor })).json().items).toEqual([]);
    const theirs = {
      update: await callApi(ctx, api.report.updateSubscription, {
        params: { id: own.id },
        token: editor,
        body: { active: false },
      }),
      delete: await callApi(ctx, api.report.deleteSubscription, { params: { id: own.id }, token: editor }),
    };
    for (const [path, response] of Object.entries(theirs)) expect(response.statusCode, path).toBe(404);
    const paused = await okApi(ctx, api.report.updateSubscription, {
      params: { id: own.id },
      token: operator,
      body: {
        active: false,
        hour: 9,
      },
    });
    expect(paused).toMatchObject({ active: false, hour: 9, frequency: 'weekly' });
  });

  it('checks the input with messages in the caller’s language', async () => {
    const tenant = await createTenant(db());
    const operator = await tenant.token('operator');
    // A frequency the contract does not name: sent raw, past the typed client.
    const response = await call(ctx, 'POST', api.report.createSubscription.path, {
      token: operator,
      lang: 'pl',
      payload: { frequency: 'hourly', time_zone: 'Mars/Olympus', hour: 24, top: 0 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toMatchObject({
      frequency: 'To pole jest wymagane',
      hour: 'Wybierz godzinę od 0 do 23',
      top: 'Podaj całkowitą liczbę wierszy od 1 do 1000',
    });
    expect(response.json().fields.time_zone).toBeTruthy();
  });

  it('answers 401 without a session and 403 without show_report_page', async () => {
    const tenant = await createTenant(db());
    const courier = await tenant.token('courier');
    expect((await callApi(ctx, api.report.subscriptions)).statusCode).toBe(401);
    expect((await callApi(ctx, api.report.subscriptions, { token: courier })).statusCode).toBe(403);
    const created = await callApi(ctx, api.report.createSubscription, {
      token: courier,
      body: { frequency: 'daily', time_zone: 'UTC' },
    });
    expect(created.statusCode).toBe(403);
  });
});
