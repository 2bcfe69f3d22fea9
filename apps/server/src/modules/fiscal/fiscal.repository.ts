import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { fiscalReceipts, fiscalSettings } from '../../db/schema/index.js';

export type FiscalSettingsRow = typeof fiscalSettings.$inferSelect;
export type FiscalReceiptRow = typeof fiscalReceipts.$inferSelect;

export async function findFiscalSettings(db: Db, orgId: number): Promise<FiscalSettingsRow | null> {
  const [row] = await db.select().from(fiscalSettings).where(eq(fiscalSettings.orgId, orgId));
  return row ?? null;
}

export async function saveFiscalSettings(
  db: Db,
  values: Omit<typeof fiscalSettings.$inferInsert, 'shiftOpen'>,
): Promise<FiscalSettingsRow> {
  const { orgId, ...changes } = values;
  const [row] = await db
    .insert(fiscalSettings)
    .values(values)
    .onConflictDoUpdate({ target: fiscalSettings.orgId, set: changes })
    .returning();
  return row!;
}

/** The shift as last seen at the provider, for the sale path's closed-shift refusal. */
export async function rememberShift(db: Db, orgId: number, isOpen: boolean): Promise<void> {
  await db.update(fiscalSettings).set({ shiftOpen: isOpen }).where(eq(fiscalSettings.orgId, orgId));
}

export async function findFiscalReceipt(db: Db, transactionId: number): Promise<FiscalReceiptRow | null> {
  const [row] = await db.select().from(fiscalReceipts).where(eq(fiscalReceipts.transactionId, transactionId));
  return row ?? null;
}

/** The sale's row (made on the first attempt), with this attempt counted. */
export async function startAttempt(
  db: Db,
  values: { transactionId: number; orgId: number; micromarketId: number; now: Date },
): Promise<FiscalReceiptRow> {
  const [row] = await db
    .insert(fiscalReceipts)
    .values({ ...values, attempts: 1, createdAt: values.now, updatedAt: values.now })
    .onConflictDoUpdate({
      target: fiscalReceipts.transactionId,
      set: {
        attempts: sql`${fiscalReceipts.attempts} + 1`,
        // A ready receipt stays ready; a failed one asked again is pending again.
        status: sql`CASE WHEN ${fiscalReceipts.status} = 'ready' THEN 'ready' ELSE 'pending' END`,
        updatedAt: values.now,
      },
    })
    .returning();
  return row!;
}

export async function updateFiscalReceipt(
  db: Db,
  id: number,
  changes: Partial<Omit<FiscalReceiptRow, 'id' | 'transactionId'>> & { updatedAt: Date },
): Promise<void> {
  await db.update(fiscalReceipts).set(changes).where(eq(fiscalReceipts.id, id));
}
