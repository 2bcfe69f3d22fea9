import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { micromarkets, organizations, transactionProducts, transactions } from '../../db/schema/index.js';

export type SaleRow = typeof transactions.$inferSelect;

/** The sale with what its receipt names: the organisation and the micromarket. */
export async function findSale(db: Db, where: { token: string } | { id: number }) {
  const [row] = await db
    .select({
      sale: transactions,
      orgName: organizations.name,
      fiscalNumber: organizations.fiscalNumber,
      micromarketName: micromarkets.name,
      micromarketAddress: micromarkets.address,
      micromarketSettings: micromarkets.settings,
    })
    .from(transactions)
    .innerJoin(organizations, eq(organizations.id, transactions.orgId))
    .innerJoin(micromarkets, eq(micromarkets.id, transactions.micromarketId))
    .where('token' in where ? eq(transactions.token, where.token) : eq(transactions.id, where.id));
  return row ?? null;
}

export type SaleWithNames = NonNullable<Awaited<ReturnType<typeof findSale>>>;

export function listLines(db: Db, transactionId: number) {
  return db
    .select({
      name: transactionProducts.name,
      quantity: transactionProducts.quantity,
      priceMinor: transactionProducts.priceMinor,
    })
    .from(transactionProducts)
    .where(eq(transactionProducts.transactionId, transactionId))
    .orderBy(asc(transactionProducts.id));
}
