import { api, type TErrorRowList } from '@vitrina/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../../test/api-client.js';
import { insertMicromarket } from '../../../test/factories/catalogue.js';
import { createCustomer } from '../../../test/factories/customers.js';
import { uniqueName } from '../../../test/factories/sequence.js';
import { createTenant } from '../../../test/factories/tenant.js';
import { createSignedInUser } from '../../../test/factories/users.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { deviceCommands, paymentTransactions, technicalAlerts, transactions } from '../../db/schema/index.js';
import { recordRefusal } from '../sales-gate/index.js';

/** Issue 11: error analytics over a period, by reason, place and day, with the rows behind each number. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const at = (text: string) => new Date(text);

/** One organisation's troubles in March 2026 (and one in February, the period before). */
async function troubledOrg() {
  const tenant = await createTenant(db());
  const orgId = tenant.org.main;
  const north = await insertMicromarket(db(), orgId, uniqueName('North'));
  const south = await insertMicromarket(db(), orgId, uniqueName('South'));
  await recordRefusal(db(), {
    micromarketId: north,
    reason: 'payment.refusal.door_open',
    at: at('2026-03-10T10:00:00Z'),
  });
  await recordRefusal(db(), {
    micromarketId: north,
    reason: 'payment.refusal.door_open',
    at: at('2026-03-11T10:00:00Z'),
  });
  await recordRefusal(db(), {
    micromarketId: south,
    reason: 'payment.refusal.no_connection',
    at: at('2026-03-11T12:00:00Z'),
  });
  // Not one of §8's reasons: not kept.
  await recordRefusal(db(), { micromarketId: south, reason: 'open.not_available', at: at('2026-03-11T12:00:00Z') });
  await recordRefusal(db(), {
    micromarketId: south,
    reason: 'payment.refusal.door_open',
    at: at('2026-02-20T12:00:00Z'),
  });
  const payment = (status: number, errorCode: string | null, createdAt: string) => ({
    orgId,
    type: 1,
    status,
    operation: 'charge',
    provider: 'stripe',
    amountMinor: 4500,
    currency: 'UAH',
    idempotencyKey: uniqueName('idem'),
    errorCode,
    createdAt: at(createdAt),
  });
  await db()
    .insert(paymentTransactions)
    .values([
      payment(2, 'card_declined', '2026-03-12T09:00:00Z'),
      payment(2, 'card_declined', '2026-03-12T09:30:00Z'),
      payment(2, 'insufficient_funds', '2026-03-13T09:00:00Z'),
      payment(1, null, '2026-03-13T09:00:00Z'),
    ]);
  const command = (status: 'failed' | 'expired' | 'acknowledged', createdAt: string) => ({
    micromarketId: north,
    type: 'open_door',
    status,
    via: 'http',
    expiresAt: at(createdAt),
    createdAt: at(createdAt),
    error: status === 'failed' ? 'lock jammed' : null,
  });
  await db()
    .insert(deviceCommands)
    .values([
      command('failed', '2026-03-14T08:00:00Z'),
      command('expired', '2026-03-14T09:00:00Z'),
      command('acknowledged', '2026-03-14T10:00:00Z'),
    ]);
  await db()
    .insert(technicalAlerts)
    .values({
      orgId,
      micromarketId: south,
      type: 1,
      openedAt: at('2026-03-15T08:00:00Z'),
      lastSeenAt: at('2026-03-15T08:00:00Z'),
    });
  const viewer = await createSignedInUser(db(), { orgId, permissions: ['show_error_analytics_page'] });
  return { tenant, orgId, north, south, viewer };
}

const MARCH = { from: '2026-03-01', to: '2026-03-31' };

describe('error analytics', () => {
  it('counts each kind of trouble by reason, day, micromarket and organisation, against the period before', async () => {
    const { viewer, north, south } = await troubledOrg();
    const answer = await callApi(ctx, api.errorAnalytics.summary, { token: viewer.token, query: MARCH });
    expect(answer.statusCode).toBe(200);
    const report = answer.json();
    expect(report.totals).toEqual({ refusal: 3, payment: 3, command: 2, alert: 1 });
    expect(report.previous).toEqual({ refusal: 1, payment: 0, command: 0, alert: 0 });
    expect(report.groups).toEqual([
      { category: 'payment', key: 'card_declined', detail: 'stripe', count: 2 },
      { category: 'refusal', key: 'payment.refusal.door_open', detail: null, count: 2 },
      { category: 'alert', key: '1', detail: null, count: 1 },
      { category: 'command', key: 'open_door', detail: 'expired', count: 1 },
      { category: 'command', key: 'open_door', detail: 'failed', count: 1 },
      { category: 'payment', key: 'insufficient_funds', detail: 'stripe', count: 1 },
      { category: 'refusal', key: 'payment.refusal.no_connection', detail: null, count: 1 },
    ]);
    expect(report.days).toHaveLength(31);
    expect(report.days.find((day) => day.day === '2026-03-11')).toEqual({
      day: '2026-03-11',
      refusal: 2,
      payment: 0,
      command: 0,
      alert: 0,
    });
    expect(report.micromarkets.map((place) => [place.id, place.total])).toEqual([
      [north, 4],
      [south, 2],
    ]);
    // Failed payments without a sale belong to the organisation only.
    expect(report.organizations).toHaveLength(1);
    expect(report.organizations[0]).toMatchObject({ refusal: 3, payment: 3, command: 2, alert: 1, total: 9 });

    const one = await callApi(ctx, api.errorAnalytics.summary, {
      token: viewer.token,
      query: { ...MARCH, micromarket_id: String(south) },
    });
    expect(one.json().totals).toEqual({ refusal: 1, payment: 0, command: 0, alert: 1 });
  });

  it('lists the rows behind a number, newest first', async () => {
    const { viewer } = await troubledOrg();
    const answer = await callApi(ctx, api.errorAnalytics.rows, {
      token: viewer.token,
      query: { ...MARCH, category: 'payment', key: 'card_declined' },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const declined = answer.json();
    expect(declined.total).toBe(2);
    expect(declined.items.map((row) => row.at)).toEqual(['2026-03-12T09:30:00.000Z', '2026-03-12T09:00:00.000Z']);
    expect(declined.items[0]).toMatchObject({ category: 'payment', key: 'card_declined', detail: 'stripe' });
    const commands = (
      await callApi(ctx, api.errorAnalytics.rows, { token: viewer.token, query: { ...MARCH, category: 'command' } })
    ).json();
    expect(commands.items.map((row) => row.detail)).toEqual(['expired', 'failed']);
  });

  it('names the refused customer (or a failed payment’s sale’s), none for a guest, never another organisation’s', async () => {
    const { tenant, orgId, north, viewer } = await troubledOrg();
    const olena = await createCustomer(db(), orgId, { name: uniqueName('Olena') });
    const stranger = await createCustomer(db(), (await createTenant(db())).org.main);
    const refused = (customerId: number | null, time: string) =>
      recordRefusal(db(), {
        micromarketId: north,
        reason: 'payment.refusal.blocked',
        customerId,
        at: at(time),
      });
    await refused(olena.id, '2026-03-20T10:00:00Z');
    await refused(null, '2026-03-20T09:00:00Z');
    // Cannot happen (a customer opens only their own organisation's fridges): still, never shown.
    await refused(stranger.id, '2026-03-20T08:00:00Z');
    const rowsOf = async (query: Record<string, string>) => {
      const answer = await callApi(ctx, api.errorAnalytics.rows, { token: viewer.token, query });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json().items;
    };
    const customerOf = (row: TErrorRowList['items'][number]) => ({
      customer_id: row.customer_id,
      customer_name: row.customer_name,
      customer_phone: row.customer_phone,
    });
    const blocked = await rowsOf({ ...MARCH, category: 'refusal', key: 'payment.refusal.blocked' });
    expect(blocked.map(customerOf)).toEqual([
      { customer_id: olena.id, customer_name: olena.name, customer_phone: olena.phone },
      { customer_id: null, customer_name: null, customer_phone: null },
      { customer_id: null, customer_name: null, customer_phone: null },
    ]);
    // A sub-organisation's refusal shows to the main one with its own customer; to nobody outside.
    const krakowFridge = await insertMicromarket(db(), tenant.org.krakow, uniqueName('Krakow fridge'));
    const pawel = await createCustomer(db(), tenant.org.krakow, { name: uniqueName('Paweł') });
    await recordRefusal(db(), {
      micromarketId: krakowFridge,
      reason: 'payment.refusal.blocked',
      customerId: pawel.id,
      at: at('2026-03-22T10:00:00Z'),
    });
    const krakowRows = await rowsOf({ ...MARCH, micromarket_id: String(krakowFridge) });
    expect(krakowRows.map(customerOf)).toEqual([
      { customer_id: pawel.id, customer_name: pawel.name, customer_phone: pawel.phone },
    ]);
    const outsider = await createSignedInUser(db(), {
      orgId: (await createTenant(db())).org.main,
      permissions: ['show_error_analytics_page'],
    });
    const theirs = await callApi(ctx, api.errorAnalytics.rows, { token: outsider.token, query: MARCH });
    expect(theirs.json().total).toBe(0);

    // A failed payment names its sale's customer.
    const [sale] = await db()
      .insert(transactions)
      .values({
        orgId,
        micromarketId: north,
        customerId: olena.id,
        paymentType: 1,
        status: 1,
        paymentStatus: 2,
        currency: 'UAH',
        amountMinor: 4_500,
        openedAt: at('2026-03-21T09:00:00Z'),
      })
      .returning({ id: transactions.id });
    await db()
      .insert(paymentTransactions)
      .values({
        orgId,
        transactionId: sale!.id,
        type: 1,
        status: 2,
        operation: 'charge',
        provider: 'stripe',
        amountMinor: 4_500,
        currency: 'UAH',
        idempotencyKey: uniqueName('idem'),
        errorCode: 'expired_card',
        createdAt: at('2026-03-21T09:00:00Z'),
      });
    const expired = await rowsOf({ ...MARCH, category: 'payment', key: 'expired_card' });
    expect(expired.map(customerOf)).toEqual([
      { customer_id: olena.id, customer_name: olena.name, customer_phone: olena.phone },
    ]);
    // Payments without a sale, commands and alerts name nobody.
    const others = await rowsOf({ ...MARCH });
    expect(
      others.filter((row) => row.transaction_id === null && row.category !== 'refusal').map((row) => row.customer_id),
    ).toEqual(Array(6).fill(null));
  });

  it('shows each organisation only its own trouble, and refuses bad periods and other organisations', async () => {
    const { orgId } = await troubledOrg();
    const other = await createTenant(db());
    const stranger = await createSignedInUser(db(), {
      orgId: other.org.main,
      permissions: ['show_error_analytics_page'],
    });
    const theirs = (await callApi(ctx, api.errorAnalytics.summary, { token: stranger.token, query: MARCH })).json();
    expect(theirs.totals).toEqual({ refusal: 0, payment: 0, command: 0, alert: 0 });
    expect(
      (await callApi(ctx, api.errorAnalytics.summary, { token: stranger.token, query: { org_id: String(orgId) } }))
        .statusCode,
    ).toBe(404);
    expect((await callApi(ctx, api.errorAnalytics.summary)).statusCode).toBe(401);
    expect((await callApi(ctx, api.errorAnalytics.summary, { token: await other.token('operator') })).statusCode).toBe(
      403,
    );
    const backwards = await callApi(ctx, api.errorAnalytics.summary, {
      token: stranger.token,
      query: { from: '2026-03-31', to: '2026-03-01' },
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.error().fields).toEqual({
      from: 'The period must start before it ends and cover at most 366 days',
    });
  });
});
