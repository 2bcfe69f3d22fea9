import { randomUUID } from 'node:crypto';
import { api, type TestProviderSimulation, type TTransactionList } from '@vitrina/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, okApi } from '../../../test/api-client.js';
import { insertMicromarket, insertProduct } from '../../../test/factories/catalogue.js';
import { insertCustomerWithCard } from '../../../test/factories/sales.js';
import { createTenant, type Tenant } from '../../../test/factories/tenant.js';
import { createSignedInUser } from '../../../test/factories/users.js';
import { call, createTestContext, type TestContext } from '../../../test/helper.js';
import { auditLog, paymentTransactions, transactionProducts, transactions } from '../../db/schema/index.js';
import { settleJob } from '../sales/index.js';

/** The transactions screens' API: list, totals, export, card, refund, charge again, correction. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ live: { flushMs: 0 } });
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const DAY_MS = 24 * 3600 * 1000;

type Shop = Awaited<ReturnType<typeof shop>>;

/**
 * A tenant of its own paying through the test provider, with a micromarket, two products, a
 * customer with a saved card, and `cashier`, who may see, refund and charge.
 */
async function shop() {
  const tenant: Tenant = await createTenant(db());
  const orgId = tenant.org.main;
  const operator = await tenant.token('operator');
  const setSimulation = (simulate: TestProviderSimulation) =>
    okApi(ctx, api.payment.updateSettings, {
      params: { org_id: orgId },
      token: operator,
      body: { provider: 'test', simulate },
    });
  await setSimulation('none');
  const micromarketId = await insertMicromarket(db(), orgId, 'Lobby');
  const sandwich = await insertProduct(db(), orgId, { name: 'Sandwich', sellCostMinor: 9_900, baseCostMinor: 6_000 });
  const water = await insertProduct(db(), orgId, { name: 'Water', sellCostMinor: 2_500, baseCostMinor: 900 });
  const customer = await insertCustomerWithCard(db(), orgId, { name: `Iryna ${randomUUID().slice(0, 6)}` });
  const cashier = await createSignedInUser(db(), {
    orgId,
    permissions: ['show_transactions_page', 'show_update_transaction_page'],
  });
  return { tenant, orgId, micromarketId, sandwich, water, customer, operator, cashier: cashier.token, setSimulation };
}

type SaleSeed = {
  orgId?: number;
  micromarketId?: number;
  customerId?: number | null;
  status?: number;
  paymentStatus?: number;
  paymentType?: number;
  currency?: string;
  openedAt?: Date;
  lines?: { productId: number; name: string; quantity: number; priceMinor: number; tagCode?: string }[];
};

/** A sale written straight into the tables (the sales module makes them from door sessions). */
async function insertSale(s: Shop, seed: SaleSeed = {}) {
  const lines = seed.lines ?? [{ productId: s.sandwich, name: 'Sandwich', quantity: 1, priceMinor: 9_900 }];
  const amountMinor = lines.reduce((sum, line) => sum + line.priceMinor * line.quantity, 0);
  const openedAt = seed.openedAt ?? new Date();
  const [row] = await db()
    .insert(transactions)
    .values({
      orgId: seed.orgId ?? s.orgId,
      micromarketId: seed.micromarketId ?? s.micromarketId,
      customerId: seed.customerId === undefined ? s.customer.userId : seed.customerId,
      clientType: seed.customerId === null ? 0 : 1,
      paymentType: seed.paymentType ?? 1,
      status: seed.status ?? 1,
      paymentStatus: seed.paymentStatus ?? 2,
      currency: seed.currency ?? 'UAH',
      grossMinor: amountMinor,
      amountMinor,
      openedAt,
      closedAt: new Date(openedAt.getTime() + 15_000),
    })
    .returning();
  if (lines.length > 0) {
    await db()
      .insert(transactionProducts)
      .values(
        lines.map((line) => ({
          transactionId: row!.id,
          productId: line.productId,
          name: line.name,
          source: line.tagCode ? ('tag' as const) : ('weight' as const),
          tagCode: line.tagCode ?? null,
          quantity: line.quantity,
          listPriceMinor: line.priceMinor,
          priceMinor: line.priceMinor,
        })),
      );
  }
  return row!;
}

/** A sale the settlement charged on the customer's card: paid, with a charge row at the test provider. */
async function paidSale(s: Shop, seed: SaleSeed = {}) {
  const sale = await insertSale(s, { ...seed, status: 3, paymentStatus: 0 });
  await ctx.app.jobs.enqueue(settleJob, { id: sale.id }, { key: `sale-settle:${sale.id}` });
  await ctx.app.jobs.runDue();
  const [row] = await db().select().from(transactions).where(eq(transactions.id, sale.id));
  expect(row).toMatchObject({ status: 1, paymentStatus: 1, paidMinor: sale.amountMinor });
  return row!;
}

const ledgerOf = (id: number) =>
  db()
    .select()
    .from(paymentTransactions)
    .where(eq(paymentTransactions.transactionId, id))
    .orderBy(paymentTransactions.id);

async function list(token: string, query: Record<string, string>) {
  const response = await callApi(ctx, api.transaction.list, { token, query });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const idsOf = (page: TTransactionList) => page.items.map((item) => item.id);

describe('every transactions endpoint is guarded', () => {
  // Raw on purpose: the same empty body to every address, refused for the session before its shape is read.
  const endpoints = [
    ['GET', '/v1/device/transaction/list', 'show_transactions_page'],
    ['GET', '/v1/device/transaction/totals', 'show_transactions_page'],
    ['GET', '/v1/device/transaction/export?format=csv', 'show_transactions_page'],
    ['GET', '/v1/device/transaction/info/1', 'show_transactions_page'],
    ['POST', '/v1/device/transaction/refund/1', 'show_update_transaction_page'],
    ['POST', '/v1/device/transaction/charge/1', 'show_update_transaction_page'],
    ['POST', '/v1/device/transaction/correct/1', 'show_update_transaction_page'],
  ] as const;

  it.each(endpoints)('%s %s: 401 without a session, 403 without its permission', async (method, url) => {
    const s = await shop();
    expect((await call(ctx, method, url, { payload: {} })).statusCode).toBe(401);
    // The courier holds neither permission.
    const courier = await s.tenant.token('courier');
    expect((await call(ctx, method, url, { token: courier, payload: {} })).statusCode).toBe(403);
  });

  it('the viewer sees sales but may not refund, charge or correct', async () => {
    const s = await shop();
    const sale = await insertSale(s);
    const viewer = (await createSignedInUser(db(), { orgId: s.orgId, permissions: ['show_transactions_page'] })).token;
    expect((await callApi(ctx, api.transaction.info, { params: { id: sale.id }, token: viewer })).statusCode).toBe(200);
    const key = randomUUID();
    const answers = await Promise.all([
      callApi(ctx, api.transaction.refund, {
        params: { id: sale.id },
        token: viewer,
        body: { amount_minor: 100, idempotency_key: key, reason: 'Goodwill' },
      }),
      callApi(ctx, api.transaction.charge, { params: { id: sale.id }, token: viewer, body: { idempotency_key: key } }),
      callApi(ctx, api.transaction.correct, { params: { id: sale.id }, token: viewer, body: { lines: [] } }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([403, 403, 403]);
    expect(await ledgerOf(sale.id)).toHaveLength(0);
  });

  it('another organisation’s sale answers 404 on every endpoint that names it', async () => {
    const s = await shop();
    const other = await shop();
    const sale = await paidSale(other);
    const key = randomUUID();
    const answers = await Promise.all([
      callApi(ctx, api.transaction.info, { params: { id: sale.id }, token: s.cashier }),
      callApi(ctx, api.transaction.refund, {
        params: { id: sale.id },
        token: s.cashier,
        body: { amount_minor: 100, idempotency_key: key, reason: 'Goodwill' },
      }),
      callApi(ctx, api.transaction.charge, {
        params: { id: sale.id },
        token: s.cashier,
        body: { idempotency_key: key },
      }),
      callApi(ctx, api.transaction.correct, { params: { id: sale.id }, token: s.cashier, body: { lines: [] } }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([404, 404, 404, 404]);
    expect(await ledgerOf(sale.id)).toHaveLength(1);
    expect(idsOf(await list(s.cashier, {}))).not.toContain(sale.id);
  });
});

describe('GET /v1/device/transaction/list and /totals', () => {
  it('filters by micromarket, period, codes, customer and amount, and totals per currency', async () => {
    const s = await shop();
    const second = await insertMicromarket(db(), s.orgId, 'Hall');
    const krakowMarket = await insertMicromarket(db(), s.tenant.org.krakow, 'Rynek');
    const guest = await insertSale(s, { customerId: null, status: 1, paymentStatus: 3, lines: [] });
    const manual = await insertSale(s, { status: 2, paymentStatus: 0, micromarketId: second });
    const big = await insertSale(s, {
      paymentType: 2,
      lines: [{ productId: s.water, name: 'Water', quantity: 8, priceMinor: 2_500 }],
      openedAt: new Date(Date.now() - 3 * DAY_MS),
    });
    const processing = await insertSale(s, { status: 4, paymentStatus: 0 });
    const polish = await insertSale(s, {
      orgId: s.tenant.org.krakow,
      micromarketId: krakowMarket,
      customerId: null,
      currency: 'PLN',
    });
    const all = idsOf(await list(s.cashier, {}));
    // Newest opened first: the sale opened three days ago comes last, whatever its id.
    expect(all).toEqual([polish.id, processing.id, manual.id, guest.id, big.id]);

    expect(idsOf(await list(s.cashier, { micromarket_id: String(second) }))).toEqual([manual.id]);
    expect(idsOf(await list(s.cashier, { org_id: String(s.tenant.org.krakow) }))).toEqual([polish.id]);
    expect(idsOf(await list(s.cashier, { status: '2' }))).toEqual([manual.id]);
    // 3 and 4 are both "processing".
    expect(idsOf(await list(s.cashier, { status: '3' }))).toEqual([processing.id]);
    expect(idsOf(await list(s.cashier, { payment_status: '3' }))).toEqual([guest.id]);
    expect(idsOf(await list(s.cashier, { payment_type: '2' }))).toEqual([big.id]);
    expect(idsOf(await list(s.cashier, { amount_min: '10000', amount_max: '20000' }))).toEqual([big.id]);
    expect(idsOf(await list(s.cashier, { amount_max: '0' }))).toEqual([guest.id]);
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const threeDaysAgo = day(Date.now() - 3 * DAY_MS);
    expect(idsOf(await list(s.cashier, { from: threeDaysAgo, to: threeDaysAgo }))).toEqual([big.id]);
    expect(idsOf(await list(s.cashier, { from: day(Date.now()) }))).not.toContain(big.id);
    const byName = await list(s.cashier, { customer: s.customer.name.slice(2).toUpperCase() });
    expect(idsOf(byName)).toEqual([processing.id, manual.id, big.id]);
    expect(byName.items[0]).toMatchObject({ customer_name: s.customer.name, client_type: 1, status: 4 });
    expect(idsOf(await list(s.cashier, { customer_id: String(s.customer.userId) }))).toEqual([
      processing.id,
      manual.id,
      big.id,
    ]);

    const totals = await callApi(ctx, api.transaction.totals, { token: s.cashier });
    expect(totals.json()).toEqual({
      count: 5,
      by_currency: [
        { currency: 'PLN', count: 1, amount_minor: 9_900, paid_minor: 0, refunded_minor: 0 },
        { currency: 'UAH', count: 4, amount_minor: 9_900 + 20_000 + 9_900, paid_minor: 0, refunded_minor: 0 },
      ],
    });
    const filtered = await callApi(ctx, api.transaction.totals, { token: s.cashier, query: { payment_type: '2' } });
    expect(filtered.json()).toMatchObject({ count: 1, by_currency: [{ currency: 'UAH', amount_minor: 20_000 }] });
  });

  it('refuses a bad filter or cursor with 400', async () => {
    const s = await shop();
    const queries: Record<string, string>[] = [
      { status: '7' },
      { amount_min: '-1' },
      { amount_max: '1e30' },
      { cursor: 'nonsense' },
      { from: '2024-13-01' },
    ];
    for (const query of queries) {
      const response = await callApi(ctx, api.transaction.list, { token: s.cashier, query });
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
    }
  });

  it('pages by cursor without duplicates or gaps while new sales arrive', async () => {
    const s = await shop();
    const first = [];
    for (let i = 0; i < 5; i++) first.push((await insertSale(s)).id);
    const expected = [...first].reverse();
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: TTransactionList = await list(s.cashier, { per_page: '2', ...(cursor ? { cursor } : {}) });
      seen.push(...idsOf(page));
      // A sale arriving between pages is newer than the cursor: it shows on the next first page, not here.
      await insertSale(s);
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual(expected);
    const again = await list(s.cashier, { per_page: '100' });
    expect(again.items).toHaveLength(5 + 3);
    expect(again.next_cursor).toBeNull();
  });
});

describe('GET /v1/device/transaction/list order', () => {
  it('pages newest opened first, ties by id, through a period and a customer, whatever order the rows were written in', async () => {
    const s = await shop();
    const at = (daysAgo: number) => new Date(Date.UTC(2026, 5, 20) - daysAgo * DAY_MS);
    // Written oldest last: a device that reports late does not put its sale on top.
    const tied = [];
    for (let i = 0; i < 3; i++) tied.push((await insertSale(s, { openedAt: at(1) })).id);
    const newest = (await insertSale(s, { openedAt: at(0) })).id;
    const older = (await insertSale(s, { openedAt: at(5) })).id;
    const outside = (await insertSale(s, { openedAt: at(40) })).id;
    const walk = async (query: Record<string, string>) => {
      const seen: number[] = [];
      let cursor: string | null = null;
      do {
        const page: TTransactionList = await list(s.cashier, {
          ...query,
          per_page: '2',
          ...(cursor ? { cursor } : {}),
        });
        seen.push(...idsOf(page));
        cursor = page.next_cursor;
      } while (cursor);
      return seen;
    };
    const inOrder = [newest, ...[...tied].reverse(), older];
    expect(await walk({})).toEqual([...inOrder, outside]);
    expect(await walk({ from: '2026-06-01', to: '2026-06-30' })).toEqual(inOrder);
    expect(await walk({ customer_id: String(s.customer.userId), from: '2026-06-01' })).toEqual(inOrder);
    expect(await walk({ micromarket_id: String(s.micromarketId), to: '2026-05-31' })).toEqual([outside]);
  });
});

describe('GET /v1/device/transaction/export', () => {
  it('answers the filtered sales as CSV and as XLSX', async () => {
    const s = await shop();
    const a = await insertSale(s);
    const b = await insertSale(s, { status: 2, paymentStatus: 0 });
    const csv = await callApi(ctx, api.transaction.export, { token: s.cashier, query: { format: 'csv' } });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="transactions-\d{4}-\d{2}-\d{2}\.csv"/);
    const rows = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(rows[0]).toMatch(/^id,opened_at,closed_at,org_id,micromarket_id,micromarket,customer_id,customer,/);
    expect(rows.slice(1).map((row) => Number(row.split(',')[0]))).toEqual([b.id, a.id]);
    expect(rows[1]).toContain(',99,0,0,0');
    const filtered = await callApi(ctx, api.transaction.export, {
      token: s.cashier,
      query: { format: 'csv', status: '2' },
    });
    expect(filtered.body.trim().split('\r\n')).toHaveLength(2);
    const xlsx = await callApi(ctx, api.transaction.export, { token: s.cashier, query: { format: 'xlsx' } });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const bad = await callApi(ctx, api.transaction.export, { token: s.cashier, query: { format: 'pdf' } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('GET /v1/device/transaction/info/:id', () => {
  it('shows the header, products, payments, bonuses and what the sale allows', async () => {
    const s = await shop();
    const sale = await paidSale(s, {
      lines: [
        {
          productId: s.sandwich,
          name: 'Sandwich',
          quantity: 1,
          priceMinor: 9_900,
          tagCode: 'E2000000000000000000AA01',
        },
        { productId: s.water, name: 'Water', quantity: 2, priceMinor: 2_500 },
      ],
    });
    const response = await callApi(ctx, api.transaction.info, { params: { id: sale.id }, token: s.cashier });
    expect(response.statusCode).toBe(200);
    const card = response.json();
    expect(card).toMatchObject({
      id: sale.id,
      micromarket_name: 'Lobby',
      customer_name: s.customer.name,
      status: 1,
      payment_status: 1,
      amount_minor: 14_900,
      paid_minor: 14_900,
      session: null,
      actions: { refundable_minor: 14_900, can_refund: true, can_charge: false, can_correct: false },
    });
    expect(card.lines.map((line) => [line.name, line.source, line.tag_code, line.quantity, line.sum_minor])).toEqual([
      ['Sandwich', 'tag', 'E2000000000000000000AA01', 1, 9_900],
      ['Water', 'weight', null, 2, 5_000],
    ]);
    expect(card.payments.map((row) => [row.operation, row.type, row.status, row.amount_minor])).toEqual([
      ['charge', 1, 1, 14_900],
    ]);
    expect(card.payments[0]!.provider_reference).toBeTruthy();
    expect(
      (await callApi(ctx, api.transaction.info, { params: { id: 999_999_999 }, token: s.cashier })).statusCode,
    ).toBe(404);
  });
});

describe('POST /v1/device/transaction/refund/:id', () => {
  const refund = (s: Shop, id: number, amount: number, key = randomUUID()) =>
    callApi(ctx, api.transaction.refund, {
      params: { id },
      token: s.cashier,
      body: { amount_minor: amount, idempotency_key: key, reason: 'Goodwill' },
    });

  it('refunds in part, then the rest, as type 2 payment transactions, and refuses more', async () => {
    const s = await shop();
    const sale = await paidSale(s);
    const part = await refund(s, sale.id, 2_000);
    expect(part.statusCode, part.body).toBe(200);
    const result = part.json();
    expect(result).toMatchObject({
      payment: { operation: 'refund', type: 2, status: 1, amount_minor: 2_000 },
      transaction: { paid_minor: 9_900, refunded_minor: 2_000, payment_status: 1 },
      error: null,
    });
    const tooMuch = await refund(s, sale.id, 8_000);
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toMatchObject({ fields: { amount_minor: 'At most 79.00 UAH can be refunded' } });
    const rest = await refund(s, sale.id, 7_900);
    expect(rest.json().transaction.refunded_minor).toBe(9_900);
    expect((await refund(s, sale.id, 1)).statusCode).toBe(409);
    const ledger = await ledgerOf(sale.id);
    expect(ledger.map((row) => [row.operation, row.type, row.status, row.amountMinor])).toEqual([
      ['charge', 1, 1, 9_900],
      ['refund', 2, 1, 2_000],
      ['refund', 2, 1, 7_900],
    ]);
    const card = (await callApi(ctx, api.transaction.info, { params: { id: sale.id }, token: s.cashier })).json();
    expect(card.actions).toMatchObject({ refundable_minor: 0, can_refund: false });
    const audits = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(sale.id)));
    expect(audits.filter((row) => row.entity === 'transaction' && row.action === 'refund')).toHaveLength(2);
  });

  it('refunds once for one key, however often the form is sent', async () => {
    const s = await shop();
    const sale = await paidSale(s);
    const key = randomUUID();
    const answers = [await refund(s, sale.id, 9_900, key), await refund(s, sale.id, 9_900, key)];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(answers[1]!.json().payment.id).toBe(answers[0]!.json().payment.id);
    expect((await ledgerOf(sale.id)).filter((row) => row.operation === 'refund')).toHaveLength(1);
    const [row] = await db().select().from(transactions).where(eq(transactions.id, sale.id));
    expect(row!.refundedMinor).toBe(9_900);
    expect(ctx.app.payments.testBank).toBeDefined();
  });

  it('announces the refunded sale on the transaction live topic', async () => {
    const s = await shop();
    const sale = await paidSale(s);
    const seen: unknown[] = [];
    const stop = ctx.app.live.subscribe((message) => {
      if (message.kind === 'event' && message.event.topic === 'transaction') seen.push(message.event);
    });
    try {
      expect((await refund(s, sale.id, 500)).statusCode).toBe(200);
      await expect
        .poll(() => seen)
        .toContainEqual(
          expect.objectContaining({
            org_id: s.orgId,
            id: sale.id,
            data: expect.objectContaining({ payment_status: 1 }),
          }),
        );
    } finally {
      stop();
    }
  });

  it('refuses a sale with nothing paid', async () => {
    const s = await shop();
    const sale = await insertSale(s);
    expect((await refund(s, sale.id, 100)).statusCode).toBe(409);
    const bad = await callApi(ctx, api.transaction.refund, {
      params: { id: sale.id },
      token: s.cashier,
      body: { amount_minor: 0, idempotency_key: 'not-a-uuid', reason: 'Goodwill' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.error().fields!).sort()).toEqual(['amount_minor', 'idempotency_key']);
  });
});

describe('POST /v1/device/transaction/charge/:id', () => {
  it('charges a not-paid sale again on the saved card; a decline shows the provider’s reason', async () => {
    const s = await shop();
    await s.setSimulation('decline');
    const sale = await insertSale(s, { status: 3, paymentStatus: 0 });
    await ctx.app.jobs.enqueue(settleJob, { id: sale.id }, { key: `sale-settle:${sale.id}` });
    await ctx.app.jobs.runDue();
    const [notPaid] = await db().select().from(transactions).where(eq(transactions.id, sale.id));
    expect(notPaid).toMatchObject({ status: 1, paymentStatus: 2 });
    const card = (await callApi(ctx, api.transaction.info, { params: { id: sale.id }, token: s.cashier })).json();
    expect(card.actions).toMatchObject({ can_charge: true, can_correct: true, can_refund: false });

    const declined = await okApi(ctx, api.transaction.charge, {
      params: { id: sale.id },
      token: s.cashier,
      body: {
        idempotency_key: randomUUID(),
      },
    });
    expect(declined.payment).toMatchObject({ operation: 'charge', status: 2 });
    expect(declined.error).toMatch(/declined/i);
    expect(declined.transaction.payment_status).toBe(2);

    await s.setSimulation('none');
    const key = randomUUID();
    const paid = await okApi(ctx, api.transaction.charge, {
      params: { id: sale.id },
      token: s.cashier,
      body: {
        idempotency_key: key,
      },
    });
    expect(paid).toMatchObject({
      payment: { operation: 'charge', type: 1, status: 1, amount_minor: 9_900 },
      transaction: { status: 1, payment_status: 1, paid_minor: 9_900 },
      error: null,
    });
    // The same form sent again answers the same charge; a new one finds nothing owed.
    const again = await okApi(ctx, api.transaction.charge, {
      params: { id: sale.id },
      token: s.cashier,
      body: {
        idempotency_key: key,
      },
    });
    expect(again.payment.id).toBe(paid.payment.id);
    const fresh = await callApi(ctx, api.transaction.charge, {
      params: { id: sale.id },
      token: s.cashier,
      body: { idempotency_key: randomUUID() },
    });
    expect(fresh.statusCode).toBe(409);
    const charges = (await ledgerOf(sale.id)).filter((row) => row.operation === 'charge' && row.status === 1);
    expect(charges).toHaveLength(1);
  });

  it('refuses a guest’s sale: there is no card to charge', async () => {
    const s = await shop();
    const sale = await insertSale(s, { customerId: null });
    const response = await callApi(ctx, api.transaction.charge, {
      params: { id: sale.id },
      token: s.cashier,
      body: { idempotency_key: randomUUID() },
    });
    expect(response.statusCode).toBe(409);
  });
});

describe('POST /v1/device/transaction/correct/:id', () => {
  it('corrects a manual-processing sale, re-prices it and the settlement charges the corrected amount', async () => {
    const s = await shop();
    const sale = await insertSale(s, {
      status: 2,
      paymentStatus: 0,
      lines: [
        {
          productId: s.sandwich,
          name: 'Sandwich',
          quantity: 1,
          priceMinor: 9_900,
          tagCode: 'E2000000000000000000BB01',
        },
        { productId: s.water, name: 'Water', quantity: 3, priceMinor: 2_500 },
      ],
    });
    const [sandwichLine, waterLine] = await db()
      .select()
      .from(transactionProducts)
      .where(eq(transactionProducts.transactionId, sale.id))
      .orderBy(transactionProducts.id);
    // The sandwich stays, the water was 2 not 3.
    const card = await okApi(ctx, api.transaction.correct, {
      params: { id: sale.id },
      token: s.cashier,
      body: {
        lines: [
          { id: sandwichLine!.id, product_id: s.sandwich, quantity: 1 },
          { id: waterLine!.id, product_id: s.water, quantity: 2 },
        ],
      },
    });
    expect(card).toMatchObject({ status: 3, payment_status: 0, amount_minor: 14_900 });
    expect(card.lines.map((line) => [line.name, line.quantity, line.is_corrected, line.source])).toEqual([
      ['Sandwich', 1, false, 'tag'],
      ['Water', 2, true, 'weight'],
    ]);
    await ctx.app.jobs.runDue();
    const [settled] = await db().select().from(transactions).where(eq(transactions.id, sale.id));
    expect(settled).toMatchObject({ status: 1, paymentStatus: 1, paidMinor: 14_900 });
    // Settled and paid: no more corrections.
    const late = await callApi(ctx, api.transaction.correct, {
      params: { id: sale.id },
      token: s.cashier,
      body: { lines: [] },
    });
    expect(late.statusCode).toBe(409);
  });

  it('corrects a not-paid sale (incorrectly counted products): a product added, another removed', async () => {
    const s = await shop();
    const sale = await insertSale(s, { status: 1, paymentStatus: 2 });
    const card = await okApi(ctx, api.transaction.correct, {
      params: { id: sale.id },
      token: s.cashier,
      body: {
        lines: [{ product_id: s.water, quantity: 1 }],
      },
    });
    expect(card.lines.map((line) => [line.name, line.source, line.is_corrected, line.price_minor])).toEqual([
      ['Water', 'manual', true, 2_500],
    ]);
    expect(card).toMatchObject({ status: 3, amount_minor: 2_500 });
    await ctx.app.jobs.runDue();
    const [settled] = await db().select().from(transactions).where(eq(transactions.id, sale.id));
    expect(settled).toMatchObject({ status: 1, paymentStatus: 1, paidMinor: 2_500 });
  });

  it('refuses a product of another organisation and a line of another sale', async () => {
    const s = await shop();
    const other = await shop();
    const sale = await insertSale(s, { status: 2, paymentStatus: 0 });
    const foreign = await callApi(ctx, api.transaction.correct, {
      params: { id: sale.id },
      token: s.cashier,
      body: { lines: [{ product_id: other.water, quantity: 1 }] },
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.error().fields).toHaveProperty(['lines.0.product_id']);
    const otherSale = await insertSale(other);
    const [otherLine] = await db()
      .select()
      .from(transactionProducts)
      .where(eq(transactionProducts.transactionId, otherSale.id));
    const wrongLine = await callApi(ctx, api.transaction.correct, {
      params: { id: sale.id },
      token: s.cashier,
      body: { lines: [{ id: otherLine!.id, product_id: s.water, quantity: 1 }] },
    });
    expect(wrongLine.statusCode).toBe(400);
    const [unchanged] = await db().select().from(transactions).where(eq(transactions.id, sale.id));
    expect(unchanged).toMatchObject({ status: 2, amountMinor: 9_900 });
  });
});
