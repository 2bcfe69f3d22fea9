import type { TMicromarketSettings } from '@vitrina/contract';
import type { Db } from '../../db/client.js';
import { BONUS_WITHDRAW, bonusBalance, bookBonus, lockCustomer } from './bonus-ledger.js';
import { paymentTypeOf, priceItems, type TakenItem, totalsOf } from './pricing.js';
import * as repo from './sales.repository.js';

/** What the device said about a customer's door session (times already on the server's clock). */
export type CustomerSession = {
  id: string;
  micromarketId: number;
  orgId: number;
  commandId: string | null;
  customerToken: string | null;
  openedAt: Date;
};

export type ClosedSession = CustomerSession & {
  closedAt: Date;
  takenTags: string[];
  detections: { product_id: number; quantity: number; source: 'weight' | 'camera' }[];
};

/** What the caller does after the commit: queue the hold, the settlement, or nothing. */
export type SaleStep = { sale: repo.SaleRow; next: 'hold' | 'settle' | null };

/**
 * The sale of a door session, created once: a web purchase's sale was made when the door was
 * asked to open (by its command) and now takes the session; otherwise a new sale of the
 * customer whose card the micromarket read, or of a guest. `isLikelyNew`: at door open the
 * insert goes first (its conflict finds a repeated message's sale); at close the sale is
 * looked up first, since the open made it.
 */
async function saleOfSession(
  db: Db,
  session: CustomerSession,
  paymentType: 1 | 2 | 4,
  isLikelyNew: boolean,
): Promise<repo.SaleRow> {
  if (!isLikelyNew || session.commandId) {
    const bySession = await repo.findSaleBySession(db, session.id);
    if (bySession) return bySession;
  }
  if (session.commandId) {
    const byCommand = await repo.findSaleByCommand(db, session.commandId);
    // Only while it waits: a web sale closed because its door never opened stays closed.
    if (
      byCommand?.status === 0 &&
      byCommand.doorSessionId === null &&
      byCommand.micromarketId === session.micromarketId
    ) {
      return repo.updateSale(db, byCommand.id, { doorSessionId: session.id, openedAt: session.openedAt });
    }
  }
  const inserted = await repo.insertSessionSale(db, {
    orgId: session.orgId,
    micromarketId: session.micromarketId,
    doorSessionId: session.id,
    customerToken: session.customerToken,
    paymentType,
    openedAt: session.openedAt,
  });
  return inserted ?? (await repo.findSaleBySession(db, session.id))!;
}

/**
 * The door opened for a customer: the sale starts (status 0 new, payment status 0 waiting
 * for the amount) and, when the micromarket holds and the customer has a card, a hold is due.
 */
export async function openSale(db: Db, session: CustomerSession, settings: TMicromarketSettings): Promise<SaleStep> {
  const sale = await saleOfSession(db, session, paymentTypeOf([], settings), true);
  const holds = settings.hold_enabled && (settings.hold_amount ?? 0) > 0 && sale.customerId !== null;
  return { sale, next: sale.status === 0 && holds ? 'hold' : null };
}

/** What left the cabinet as items to price: each tag once, each detection with its quantity. */
async function takenItems(db: Db, session: ClosedSession): Promise<TakenItem[]> {
  const byTag = await repo.productsOfTags(db, session.orgId, session.takenTags);
  const items: TakenItem[] = [];
  for (const code of session.takenTags) {
    const productId = byTag.get(code);
    if (productId !== undefined) items.push({ productId, quantity: 1, source: 'tag', tagCode: code });
  }
  for (const detection of session.detections) {
    items.push({
      productId: detection.product_id,
      quantity: detection.quantity,
      source: detection.source,
      tagCode: null,
    });
  }
  return items;
}

/**
 * The door closed: the sale gets its priced lines and totals, the customer's bonuses pay
 * first, and the sale is then (§4) in manual processing (manual check mode), nothing taken,
 * paid in full by bonuses, or processing until the settlement job takes the money. Runs in
 * the caller's database transaction with the session's own writes; a session closed twice
 * changes nothing the second time.
 */
export async function closeSale(
  db: Db,
  session: ClosedSession,
  settings: TMicromarketSettings,
  now: Date,
): Promise<SaleStep | null> {
  const items = await takenItems(db, session);
  // One after another: `db` is a transaction, whose connection runs one query at a time.
  const { products, personal, discount } = await repo.pricingInputs(db, session, [
    ...new Set(items.map((item) => item.productId)),
  ]);
  const lines = priceItems(items, products, personal, discount);
  const opened = await saleOfSession(
    db,
    session,
    paymentTypeOf(
      lines.map((line) => line.source),
      settings,
    ),
    false,
  );
  if (opened.status !== 0) return null;
  const totals = totalsOf(lines);
  const isTest = settings.test_mode && lines.length > 0;
  const isManual = settings.manual_check_mode;
  let bonusesUsedMinor = 0;
  // Looked at without the lock first: most customers have no bonuses, and none cannot be
  // spent twice. With some, the balance is read again under the customer's lock.
  if (
    opened.customerId !== null &&
    !isTest &&
    !isManual &&
    totals.netMinor > 0 &&
    (await bonusBalance(db, opened.customerId)) > 0
  ) {
    await lockCustomer(db, opened.customerId);
    bonusesUsedMinor = Math.min(await bonusBalance(db, opened.customerId), totals.netMinor);
    await bookBonus(db, {
      orgId: opened.orgId,
      userId: opened.customerId,
      operation: BONUS_WITHDRAW,
      amountMinor: bonusesUsedMinor,
      transactionId: opened.id,
      reason: 'purchase',
      idempotencyKey: `tx:${opened.id}:use`,
      at: now,
    });
  }
  const amountMinor = isTest ? (settings.test_amount ?? 0) : totals.netMinor - bonusesUsedMinor;
  const state = isManual
    ? { status: 2, paymentStatus: 0 }
    : lines.length === 0
      ? { status: 1, paymentStatus: 3 }
      : amountMinor === 0
        ? { status: 1, paymentStatus: 1 }
        : { status: 3, paymentStatus: 0 };
  await repo.replaceLines(db, opened.id, lines, { isFirst: true });
  const sale = await repo.updateSale(db, opened.id, {
    paymentType:
      opened.paymentType === 23
        ? 23
        : paymentTypeOf(
            lines.map((line) => line.source),
            settings,
          ),
    grossMinor: totals.grossMinor,
    discountMinor: totals.discountMinor,
    costMinor: totals.costMinor,
    bonusesUsedMinor,
    amountMinor,
    isTest,
    closedAt: session.closedAt,
    ...state,
    ...(state.status === 1 ? { settledAt: now } : {}),
    updatedAt: now,
  });
  if (sale.paymentStatus === 1) {
    await repo.markTagsSold(
      db,
      sale.orgId,
      lines.flatMap((line) => (line.tagCode ? [line.tagCode] : [])),
      now,
    );
  }
  // Processing sales are paid by the job; one with nothing to pay may still hold money to let go.
  return { sale, next: sale.status === 3 || sale.status === 1 ? 'settle' : null };
}
