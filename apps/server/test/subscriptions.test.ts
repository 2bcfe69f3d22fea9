import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptionInvoices, subscriptionPayments } from '../src/db/schema/index.js';
import { organizations } from '../src/db/schema/organizations.js';
import { systemActor } from '../src/lib/actor.js';
import { TestClock } from '../src/lib/clock.js';
import { subscriptionRefusal } from '../src/modules/subscriptions/index.js';
import * as service from '../src/modules/subscriptions/subscriptions.service.js';
import { insertMicromarket } from './factories/catalogue.js';
import { orgOnTestProvider } from './factories/payments.js';
import { createTestContext, type TestContext } from './helper.js';

const clock = new TestClock(Date.UTC(2026, 4, 10, 9));
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ clock });
});
afterAll(() => ctx.close());

const system = systemActor({ via: 'job', label: 'test' });

/** An organisation on the test provider with a price and two micromarkets. */
async function world(simulate = 'none', price = 50_000) {
  const { orgId, setSimulation } = await orgOnTestProvider(ctx, simulate);
  const db = ctx.database.db;
  await db.update(organizations).set({ subscriptionPriceMinor: price }).where(eq(organizations.id, orgId));
  const a = await insertMicromarket(db, orgId, 'Sub A');
  const b = await insertMicromarket(db, orgId, 'Sub B', { subscriptionPriceMinor: 30_000 });
  return { orgId, a, b, setSimulation };
}

const services = () => ctx.app.services;
const payments = (orgId: number) =>
  ctx.database.db.select().from(subscriptionPayments).where(eq(subscriptionPayments.orgId, orgId));

describe('subscriptions: service', () => {
  it('subscribes by invoice with sequential numbers; paying the invoice lifts the refusal', async () => {
    const { orgId, a, b } = await world();
    const db = ctx.database.db;
    expect(await subscriptionRefusal(db, a, clock.now())).toBe('subscription.unpaid');
    const first = await service.subscribe(services(), ctx.app.payments, system, orgId, {
      micromarket_ids: [a],
      method: 'invoice',
    });
    expect(first).toMatchObject({ type: 0, status: 0, amountMinor: 50_000 });
    await service.subscribe(services(), ctx.app.payments, system, orgId, { micromarket_ids: [b], method: 'invoice' });
    const invoices = await db.select().from(subscriptionInvoices).where(eq(subscriptionInvoices.orgId, orgId));
    expect(invoices.map((i) => i.number).sort()).toEqual(['INV-2026-000001', 'INV-2026-000002']);
    expect(await subscriptionRefusal(db, a, clock.now())).toBe('subscription.unpaid');
    await service.markInvoicePaid(services(), system, first.invoiceId!);
    expect(await subscriptionRefusal(db, a, clock.now())).toBeNull();
    expect(await subscriptionRefusal(db, b, clock.now())).toBe('subscription.unpaid');
    await service.changeSubscription(services(), system, a, 'pause');
    expect(await subscriptionRefusal(db, a, clock.now())).toBe('subscription.unpaid');
    await service.changeSubscription(services(), system, a, 'continue');
    expect(await subscriptionRefusal(db, a, clock.now())).toBeNull();
  });

  it('a zero price is never refused', async () => {
    const { a } = await world('none', 0);
    expect(await subscriptionRefusal(ctx.database.db, a, clock.now())).toBeNull();
  });
});
