import { DEFAULT_MICROMARKET_SETTINGS } from '@vitrina/contract';
import type { Db } from '../../src/db/client.js';
import { transactionProducts, transactions } from '../../src/db/schema/index.js';
import { insertMicromarket } from './catalogue.js';

/**
 * A sale written straight into the tables, for the receipt and fiscal tests (until the sales
 * module makes them through a door session): two lines, a discount and bonuses.
 */
export async function insertPaidSale(
  db: Db,
  options: {
    orgId: number;
    micromarketId: number;
    paymentStatus?: number;
    currency?: string;
    at?: Date;
  },
): Promise<{ id: number; token: string }> {
  const at = options.at ?? new Date('2026-01-01T09:00:00Z');
  const [sale] = await db
    .insert(transactions)
    .values({
      orgId: options.orgId,
      micromarketId: options.micromarketId,
      paymentType: 1,
      status: 1,
      paymentStatus: options.paymentStatus ?? 1,
      currency: options.currency ?? 'UAH',
      grossMinor: 10_500,
      discountMinor: 1_050,
      bonusesUsedMinor: 450,
      amountMinor: 9_000,
      paidMinor: 9_000,
      openedAt: at,
      closedAt: at,
      settledAt: at,
    })
    .returning({ id: transactions.id, token: transactions.token });
  await db.insert(transactionProducts).values([
    {
      transactionId: sale!.id,
      name: 'Кава лате',
      source: 'tag',
      quantity: 2,
      listPriceMinor: 4_000,
      priceMinor: 3_600,
    },
    {
      transactionId: sale!.id,
      name: 'Croissant',
      source: 'tag',
      quantity: 1,
      listPriceMinor: 2_500,
      priceMinor: 2_250,
    },
  ]);
  return sale!;
}

/** A micromarket with fiscal registration on or off. */
export function insertFiscalMicromarket(db: Db, orgId: number, isFiscal: boolean): Promise<number> {
  return insertMicromarket(db, orgId, isFiscal ? 'Fiscal' : 'Plain', {
    settings: { ...DEFAULT_MICROMARKET_SETTINGS, fiscal_receipts: isFiscal },
  });
}
