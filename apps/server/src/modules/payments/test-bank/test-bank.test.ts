import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orgOnTestProvider } from '../../../../test/factories/payments.js';
import { createTestContext, type TestContext } from '../../../../test/helper.js';
import { paymentTransactions } from '../../../db/schema/index.js';
import { TestClock } from '../../../lib/clock.js';
import { performPayment } from '../ledger/payment-operations.service.js';
import { PaymentProviders } from '../provider-registry.js';

const clock = new TestClock();
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ clock });
});
afterAll(() => ctx.close());

let sequence = 0;
const key = (name: string) => `bank-${name}-${Date.now()}-${++sequence}`;

/** The server's payment providers as a restarted server (or another instance) builds them: a bank with empty memory. */
const restarted = () => new PaymentProviders({ db: ctx.database.db, secrets: ctx.app.services.secrets, clock });

async function payOn(
  providers: PaymentProviders,
  orgId: number,
  request: Parameters<typeof performPayment>[2]['request'],
) {
  return performPayment(ctx.app.services, providers, { orgId, idempotencyKey: key(request.operation), request });
}

describe('the test provider’s bank keeps its books', () => {
  it('captures and refunds after a restart what was held before it; each refund key answers once', async () => {
    const { orgId } = await orgOnTestProvider(ctx);
    const hold = await payOn(ctx.app.payments, orgId, { operation: 'hold', amountMinor: 5000, currency: 'UAH' });
    const capture = await payOn(restarted(), orgId, { operation: 'capture', parentId: hold.id, amountMinor: 4000 });
    expect(capture).toMatchObject({ status: 1, amountMinor: 4000 });

    const refundKey = key('refund');
    const refund = { operation: 'refund', parentId: capture.id, amountMinor: 2500 } as const;
    const first = await performPayment(ctx.app.services, restarted(), {
      orgId,
      idempotencyKey: refundKey,
      request: refund,
    });
    expect(first).toMatchObject({ status: 1, amountMinor: 2500 });
    // The same key on yet another start answers the first refund, not a second one.
    const again = await restarted().forOrg(ctx.database.db, orgId);
    const repeated = await again!.provider.refund({
      idempotencyKey: refundKey,
      reference: hold.providerReference!,
      amountMinor: 2500,
    });
    expect(repeated.reference).toBe(first.providerReference);
    // 1,500 is left of the 4,000 taken: the bank knows of the first refund after a restart too.
    const tooMuch = await payOn(restarted(), orgId, { operation: 'refund', parentId: capture.id, amountMinor: 2000 });
    expect(tooMuch).toMatchObject({ status: 2, errorCode: 'charge_already_refunded' });
    const rest = await payOn(restarted(), orgId, { operation: 'refund', parentId: capture.id, amountMinor: 1500 });
    expect(rest).toMatchObject({ status: 1, amountMinor: 1500 });
  });

  it('finds what a key made after a restart, so a lost answer is matched rather than paid twice', async () => {
    const { orgId } = await orgOnTestProvider(ctx);
    const charged = await payOn(ctx.app.payments, orgId, { operation: 'hold', amountMinor: 1200, currency: 'UAH' });
    const [row] = await ctx.database.db
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.id, charged.id));
    const provider = (await restarted().forOrg(ctx.database.db, orgId))!.provider;
    const found = await provider.findByKey({ operation: 'hold', idempotencyKey: row!.idempotencyKey });
    expect(found).toMatchObject({ reference: charged.providerReference, amountMinor: 1200 });
  });

  it('keeps saved cards: a card saved before a restart is charged, and the declining one declines, after it', async () => {
    const { orgId } = await orgOnTestProvider(ctx);
    const before = (await ctx.app.payments.forOrg(ctx.database.db, orgId))!.provider;
    const { customer } = await before.createCustomer!({
      idempotencyKey: key('customer'),
      description: 'A customer',
      metadata: { vitrina_owner: `org:${orgId}` },
    });
    const good = await before.createCardSetup!({
      idempotencyKey: key('setup'),
      customer,
      metadata: { vitrina_owner: `org:${orgId}` },
    });
    const bad = await before.createCardSetup!({
      idempotencyKey: key('setup'),
      customer,
      metadata: { vitrina_owner: `org:${orgId}` },
    });
    const afterConfirm = restarted();
    expect(await afterConfirm.testBank.cards.confirm(good.clientSecret, 'pm_card_visa')).toBe(true);
    expect(await afterConfirm.testBank.cards.confirm(bad.clientSecret, 'pm_card_chargeDeclined')).toBe(true);

    const later = (await restarted().forOrg(ctx.database.db, orgId))!.provider;
    const goodCard = (await later.readCardSetup!(good.reference)).card!;
    const badCard = (await later.readCardSetup!(bad.reference)).card!;
    expect(goodCard).toMatchObject({ brand: 'visa', last4: '4242' });
    const paid = await later.chargeSavedCard({
      idempotencyKey: key('charge'),
      amountMinor: 900,
      currency: 'UAH',
      paymentMethod: goodCard.paymentMethod,
      customer,
    });
    expect(paid.status).toBe('captured');
    await expect(
      later.chargeSavedCard({
        idempotencyKey: key('charge'),
        amountMinor: 900,
        currency: 'UAH',
        paymentMethod: badCard.paymentMethod,
        customer,
      }),
    ).rejects.toMatchObject({ kind: 'declined', code: 'card_declined' });
  });
});
