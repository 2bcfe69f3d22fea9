import { randomUUID } from 'node:crypto';
import { api } from '@vitrina/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../../test/api-client.js';
import { insertFiscalMicromarket, insertPaidSale } from '../../../test/factories/receipt-sales.js';
import { createTenant, type Tenant } from '../../../test/factories/tenant.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { fiscalReceipts, jobs } from '../../db/schema/index.js';
import { TestClock } from '../../lib/clock.js';
import { saveFiscalSettings } from '../fiscal/fiscal.repository.js';
import { onSalePaid } from '../fiscal/index.js';

const clock = new TestClock();
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ clock });
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;

async function world(options: { isFiscal?: boolean; org?: 'main' | 'kyiv' | 'krakow' } = {}) {
  const tenant = await createTenant(db());
  const orgId = tenant.org[options.org ?? 'main'];
  const micromarketId = await insertFiscalMicromarket(db(), orgId, options.isFiscal ?? false);
  const sale = { ...(await insertPaidSale(db(), { orgId, micromarketId, at: clock.now() })), micromarketId };
  return { tenant, orgId, micromarketId, sale };
}

async function withOpenShift(tenant: Tenant, orgId: number, delaySeconds = 0) {
  await saveFiscalSettings(db(), { orgId, provider: 'test', delaySeconds });
  const operator = await tenant.token('operator');
  expect((await callApi(ctx, api.fiscal.openShift, { params: { org_id: orgId }, token: operator })).statusCode).toBe(
    200,
  );
}

describe('public receipt', () => {
  it('shows a paid sale by its token: organisation, micromarket, lines and totals', async () => {
    const { sale } = await world();
    const response = await callApi(ctx, api.receipt.publicReceipt, { params: { token: sale.token } });
    expect(response.statusCode).toBe(200);
    const receipt = response.json();
    expect(receipt).toMatchObject({
      number: sale.id,
      currency: 'UAH',
      micromarket: { name: 'Plain' },
      gross_minor: 10_500,
      discount_minor: 1_050,
      bonuses_used_minor: 450,
      amount_minor: 9_000,
      paid_minor: 9_000,
      refunded_minor: 0,
      payment_status: 1,
      fiscal: null,
    });
    expect(receipt.lines).toEqual([
      { name: 'Кава лате', quantity: 2, price_minor: 3_600, total_minor: 7_200 },
      { name: 'Croissant', quantity: 1, price_minor: 2_250, total_minor: 2_250 },
    ]);
  });

  it('answers the same 404 for an unknown, a malformed and an unpaid sale’s token', async () => {
    const { orgId, micromarketId } = await world();
    const unpaid = await insertPaidSale(db(), { orgId, micromarketId, paymentStatus: 0 });
    const answers = await Promise.all(
      [randomUUID(), 'not-a-token', unpaid.token].map((token) =>
        callApi(ctx, api.receipt.publicReceipt, { params: { token } }),
      ),
    );
    for (const answer of answers) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ message: 'Not found' });
    }
    expect((await callApi(ctx, api.receipt.publicReceiptPdf, { params: { token: randomUUID() } })).statusCode).toBe(
      404,
    );
  });

  it('says "try again in 2 minutes" until the fiscal receipt is ready, then shows it', async () => {
    const { tenant, orgId, sale } = await world({ isFiscal: true });
    await withOpenShift(tenant, orgId, 60);
    expect((await callApi(ctx, api.receipt.publicReceipt, { params: { token: sale.token } })).json().fiscal).toEqual({
      status: 'pending',
      document: null,
      returns: [],
    });

    await db().transaction((tx) => onSalePaid(tx, sale, clock.now()));
    await ctx.app.jobs.runDue();
    // Registered, but the provider takes 60 s: still pending, the job asks again in 2 minutes.
    expect((await callApi(ctx, api.receipt.publicReceipt, { params: { token: sale.token } })).json().fiscal).toEqual({
      status: 'pending',
      document: null,
      returns: [],
    });

    clock.advance(2 * 60_000);
    await ctx.app.jobs.runDue();
    const fiscal = (await callApi(ctx, api.receipt.publicReceipt, { params: { token: sale.token } })).json().fiscal!;
    expect(fiscal.status).toBe('ready');
    expect(fiscal.document).toMatchObject({ number: expect.any(String), fiscal_sign: expect.any(String) });
    expect(fiscal.document!.url).toContain(fiscal.document!.number);
  });

  it('renders the PDF', async () => {
    const { sale } = await world();
    const response = await callApi(ctx, api.receipt.publicReceiptPdf, {
      params: { token: sale.token },
      query: { lang: 'ua' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(`receipt-${sale.id}.pdf`);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(response.rawPayload.includes(Buffer.from('DejaVuSans'))).toBe(true);
  });
});

describe('operator: receipt and fiscal receipt of a transaction', () => {
  it('answers 401 without a session, 403 without show_transactions_page, 404 for another organisation’s sale', async () => {
    const { tenant, sale } = await world();
    expect((await callApi(ctx, api.receipt.transactionReceipt, { params: { id: sale.id } })).statusCode).toBe(401);
    expect((await callApi(ctx, api.receipt.retryFiscal, { params: { id: sale.id } })).statusCode).toBe(401);
    const courier = await tenant.token('courier');
    expect(
      (await callApi(ctx, api.receipt.transactionReceipt, { params: { id: sale.id }, token: courier })).statusCode,
    ).toBe(403);
    expect((await callApi(ctx, api.receipt.retryFiscal, { params: { id: sale.id }, token: courier })).statusCode).toBe(
      403,
    );
    const stranger = await (await createTenant(db())).token('operator');
    expect(
      (await callApi(ctx, api.receipt.transactionReceipt, { params: { id: sale.id }, token: stranger })).statusCode,
    ).toBe(404);
    expect((await callApi(ctx, api.receipt.retryFiscal, { params: { id: sale.id }, token: stranger })).statusCode).toBe(
      404,
    );
    expect(
      (await callApi(ctx, api.receipt.transactionReceipt, { params: { id: 999_999_999 }, token: stranger })).statusCode,
    ).toBe(404);
  });

  it('gives the receipt link and the fiscal receipt’s state with the technical problem', async () => {
    const { tenant, orgId, sale } = await world({ isFiscal: true });
    await saveFiscalSettings(db(), { orgId, provider: 'test' });
    await db().transaction((tx) => onSalePaid(tx, sale, clock.now()));
    await ctx.app.jobs.runDue();
    const operator = await tenant.token('operator');
    const response = await callApi(ctx, api.receipt.transactionReceipt, {
      params: { id: sale.id },
      token: operator,
      lang: 'en',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      transaction_id: sale.id,
      receipt_url: `http://panel.test/receipt/${sale.token}`,
      pdf_url: `http://panel.test/v1/notauth/receipt/${sale.token}/pdf`,
      fiscal_required: true,
      fiscal: { status: 'pending', attempts: 1, problem: 'The fiscal shift is closed', document: null },
    });
  });

  it('registers a failed or never-queued fiscal receipt now; refuses a pending one, a non-fiscal sale and a view-only organisation', async () => {
    const { tenant, orgId, sale } = await world({ isFiscal: true });
    await withOpenShift(tenant, orgId);
    const operator = await tenant.token('operator');
    await db().transaction((tx) => onSalePaid(tx, sale, clock.now()));
    await callApi(ctx, api.fiscal.closeShift, { params: { org_id: orgId }, token: operator });
    await ctx.app.jobs.runDue();
    const pending = await callApi(ctx, api.receipt.retryFiscal, {
      params: { id: sale.id },
      token: operator,
      lang: 'en',
    });
    expect(pending.statusCode).toBe(409);
    expect(pending.error().message).toBe('The fiscal receipt is registered or still being registered');
    const plain = await world();
    const plainOperator = await plain.tenant.token('operator');
    expect(
      (await callApi(ctx, api.receipt.retryFiscal, { params: { id: plain.sale.id }, token: plainOperator })).statusCode,
    ).toBe(409);

    // Its retries ran out (a day of closed shift); the shift is open again.
    await db()
      .update(fiscalReceipts)
      .set({ status: 'failed', attempts: 720 })
      .where(eq(fiscalReceipts.transactionId, sale.id));
    await db()
      .update(jobs)
      .set({ status: 'failed' })
      .where(eq(jobs.key, `fiscal:${sale.id}`));
    await callApi(ctx, api.fiscal.openShift, { params: { org_id: orgId }, token: operator });
    const retried = await callApi(ctx, api.receipt.retryFiscal, { params: { id: sale.id }, token: operator });
    expect(retried.statusCode).toBe(200);
    await ctx.app.jobs.runDue();
    const after = await callApi(ctx, api.receipt.transactionReceipt, { params: { id: sale.id }, token: operator });
    expect(after.json().fiscal).toMatchObject({ status: 'ready', attempts: 721, problem: null });

    const viewOnly = await world({ isFiscal: true, org: 'kyiv' });
    const kyivOperator = await viewOnly.tenant.token('operator');
    expect(
      (await callApi(ctx, api.receipt.retryFiscal, { params: { id: viewOnly.sale.id }, token: kyivOperator }))
        .statusCode,
    ).toBe(403);
  });
});

describe('operator: register now', () => {
  it('queues a fiscal receipt that was never queued (fiscal registration turned on after the sale)', async () => {
    const { tenant, orgId, sale } = await world({ isFiscal: true });
    await withOpenShift(tenant, orgId);
    const operator = await tenant.token('operator');
    const queued = await callApi(ctx, api.receipt.retryFiscal, { params: { id: sale.id }, token: operator });
    expect(queued.statusCode).toBe(200);
    expect(queued.json().fiscal).toBeNull();
    await ctx.app.jobs.runDue();
    expect(
      (await callApi(ctx, api.receipt.transactionReceipt, { params: { id: sale.id }, token: operator })).json().fiscal,
    ).toMatchObject({
      status: 'ready',
      attempts: 1,
    });
  });
});

describe('fiscal settings', () => {
  it('stores the key sealed and shows it masked; opening a shift needs a provider', async () => {
    const { tenant, orgId } = await world();
    const operator = await tenant.token('operator');
    expect((await callApi(ctx, api.fiscal.settings, { params: { org_id: orgId } })).statusCode).toBe(401);
    expect(
      (
        await callApi(ctx, api.fiscal.settings, {
          params: { org_id: orgId },
          token: await tenant.token('courier'),
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await callApi(ctx, api.fiscal.settings, { params: { org_id: orgId }, token: operator })).json(),
    ).toMatchObject({ provider: null, api_key: null });
    expect((await callApi(ctx, api.fiscal.openShift, { params: { org_id: orgId }, token: operator })).statusCode).toBe(
      409,
    );

    const key = 'fiscal-key-0123456789abcdef';
    const saved = await callApi(ctx, api.fiscal.updateSettings, {
      params: { org_id: orgId },
      token: operator,
      body: { provider: 'test', api_key: key, delay_seconds: 30 },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ provider: 'test', delay_seconds: 30, shift_open: false });
    expect(saved.json().api_key).not.toContain('0123456789');
    expect(saved.json().api_key).toMatch(/cdef$/);
    const stored = await ctx.app.fiscal.forOrg(db(), orgId);
    expect(stored?.row.credentialsSealed).not.toContain(key);

    const opened = await callApi(ctx, api.fiscal.openShift, { params: { org_id: orgId }, token: operator });
    expect(opened.json()).toMatchObject({ is_open: true, number: 1 });
    expect(
      (await callApi(ctx, api.fiscal.settings, { params: { org_id: orgId }, token: operator })).json().shift_open,
    ).toBe(true);
    const closed = await callApi(ctx, api.fiscal.closeShift, { params: { org_id: orgId }, token: operator });
    expect(closed.json()).toMatchObject({ is_open: false, number: 1 });
  });
});
