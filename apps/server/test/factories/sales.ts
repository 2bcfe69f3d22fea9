import { randomUUID } from 'node:crypto';
import type { Db } from '../../src/db/client.js';
import { customerCards, transactionProducts, transactions, users } from '../../src/db/schema/index.js';
import { uniqueName } from './sequence.js';

/** A customer (user type 1) with a card saved at the test provider and the token a fridge reads. */
export async function insertCustomerWithCard(db: Db, orgId: number, values: { name?: string } = {}) {
  const name = values.name ?? uniqueName('Customer');
  const [user] = await db
    .insert(users)
    .values({ orgId, name, email: `${randomUUID()}@customer.test`, userType: 1 })
    .returning({ id: users.id });
  const token = `ct_${randomUUID().replaceAll('-', '')}`;
  await db.insert(customerCards).values({
    orgId,
    userId: user!.id,
    token,
    provider: 'test',
    paymentMethod: `pm_test_${randomUUID().slice(0, 8)}`,
    providerCustomer: `cus_test_${randomUUID().slice(0, 8)}`,
    brand: 'visa',
    last4: '4242',
  });
  return { userId: user!.id, token, name };
}

export type SaleLine = {
  productId: number;
  name: string;
  quantity: number;
  /** Per unit, as paid. */
  priceMinor: number;
  /** Per unit before the discount; the paid price when omitted. */
  listPriceMinor?: number;
  source?: 'tag' | 'weight' | 'camera';
};

/**
 * A customer's sale as a door session leaves it at close: processing (3), or waiting for a
 * manual check (2), nothing paid yet, with its lines in the order given. Its gross, discount
 * and amount follow from the lines (less the bonuses used) unless the test gives them.
 */
export async function insertClosedSale(
  db: Db,
  sale: {
    orgId: number;
    micromarketId: number;
    customerId: number;
    closedAt: Date;
    openedAt?: Date;
    status?: 2 | 3;
    bonusesUsedMinor?: number;
  },
  lines: readonly SaleLine[],
) {
  const grossMinor = lines.reduce((sum, line) => sum + (line.listPriceMinor ?? line.priceMinor) * line.quantity, 0);
  const netMinor = lines.reduce((sum, line) => sum + line.priceMinor * line.quantity, 0);
  const bonusesUsedMinor = sale.bonusesUsedMinor ?? 0;
  const [row] = await db
    .insert(transactions)
    .values({
      orgId: sale.orgId,
      micromarketId: sale.micromarketId,
      customerId: sale.customerId,
      clientType: 1,
      paymentType: 1,
      status: sale.status ?? 3,
      paymentStatus: 0,
      currency: 'UAH',
      grossMinor,
      discountMinor: grossMinor - netMinor,
      bonusesUsedMinor,
      amountMinor: netMinor - bonusesUsedMinor,
      openedAt: sale.openedAt ?? sale.closedAt,
      closedAt: sale.closedAt,
    })
    .returning();
  const stored = await db
    .insert(transactionProducts)
    .values(
      lines.map((line) => ({
        transactionId: row!.id,
        productId: line.productId,
        name: line.name,
        source: line.source ?? ('tag' as const),
        quantity: line.quantity,
        listPriceMinor: line.listPriceMinor ?? line.priceMinor,
        priceMinor: line.priceMinor,
      })),
    )
    .returning({ id: transactionProducts.id });
  return { sale: row!, lineIds: stored.map((line) => line.id) };
}
