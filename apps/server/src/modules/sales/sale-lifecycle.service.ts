import {
  SALE_PAYMENT,
  SALE_PAYMENT_TYPE,
  SALE_STATUS,
  type TMicromarketSettings,
  type TSensorCheck,
} from '@vitrina/contract';
import type { Db } from '../../db/client.js';
import { markTagsSold } from '../tags/index.js';
import { BONUS_WITHDRAW, bonusBalance, bookBonus, lockCustomer } from './bonus-ledger.js';
import { type DoorPaymentType, paymentTypeOf, priceItems, totalsOf } from './pricing.js';
import * as repo from './sales.repository.js';
import { fuseReading } from './sensor-fusion.js';

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
  detections: { product_id: number; quantity: number; source: 'weight' | 'camera'; shelf?: number }[];
  weightsBefore: (number | null)[] | null;
  weightsAfter: (number | null)[] | null;
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
  paymentType: DoorPaymentType,
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
      byCommand?.status === SALE_STATUS.new &&
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
  return { sale, next: sale.status === SALE_STATUS.new && holds ? 'hold' : null };
}

/**
 * One reading of what left the cabinet (sensor fusion): the taken tags and the detections of
 * this organisation's products, fused by the micromarket's payment mode, with the check of
 * every sensor against the others. Prices are read in the same statement for every product
 * any sensor named, since the fused lines are a subset of them, less the discount in force
 * when the door closed (`now`).
 */
async function readTaken(
  db: Db,
  session: ClosedSession,
  settings: TMicromarketSettings,
  { now, toleranceGrams }: { now: Date; toleranceGrams: number },
) {
  const byTag = await repo.productsOfTags(db, session.orgId, session.takenTags);
  const named = [...new Set([...byTag.values(), ...session.detections.map((detection) => detection.product_id)])];
  const inputs = await repo.pricingInputs(db, session, named, now);
  const known = (productId: number) => inputs.products.has(productId);
  const fused = fuseReading(
    {
      tags: session.takenTags.flatMap((code) => {
        const productId = byTag.get(code);
        return productId !== undefined && known(productId) ? [{ code, productId }] : [];
      }),
      detections: session.detections
        .filter((detection) => known(detection.product_id))
        .map((detection) => ({
          productId: detection.product_id,
          quantity: detection.quantity,
          source: detection.source,
          shelf: detection.shelf ?? null,
        })),
      weightsBefore: session.weightsBefore,
      weightsAfter: session.weightsAfter,
    },
    { modes: settings, gramsOf: inputs.grams, toleranceGrams },
  );
  const sensorCheck: TSensorCheck = { ...fused.check, resolved_at: null, resolved_by: null, dataset_at: null };
  return { lines: priceItems(fused.items, inputs.products, inputs.personal, inputs.discount), sensorCheck };
}

/**
 * The door closed: the sale gets its priced lines and totals, the customer's bonuses pay
 * first, and the sale is then (§4) in manual processing (manual check mode, or sensors that
 * disagree, with their numbers on the sale), nothing taken,
 * paid in full by bonuses, or processing until the settlement job takes the money. Runs in
 * the caller's database transaction with the session's own writes; a session closed twice
 * changes nothing the second time.
 */
export async function closeSale(
  db: Db,
  session: ClosedSession,
  settings: TMicromarketSettings,
  options: { now: Date; toleranceGrams: number },
): Promise<SaleStep | null> {
  const { now } = options;
  const { lines, sensorCheck } = await readTaken(db, session, settings, options);
  const opened = await saleOfSession(
    db,
    session,
    paymentTypeOf(
      lines.map((line) => line.source),
      settings,
    ),
    false,
  );
  if (opened.status !== SALE_STATUS.new) return null;
  const totals = totalsOf(lines);
  const isTest = settings.test_mode && lines.length > 0;
  // Sensors that disagree are never settled by a guess: an operator looks first.
  const isManual = settings.manual_check_mode || sensorCheck.disagreements.length > 0;
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
    ? { status: SALE_STATUS.manualProcessing, paymentStatus: SALE_PAYMENT.waitingForAmount }
    : lines.length === 0
      ? { status: SALE_STATUS.successful, paymentStatus: SALE_PAYMENT.nothingTaken }
      : amountMinor === 0
        ? { status: SALE_STATUS.successful, paymentStatus: SALE_PAYMENT.paid }
        : { status: SALE_STATUS.processing, paymentStatus: SALE_PAYMENT.waitingForAmount };
  await repo.replaceLines(db, opened.id, lines, { isFirst: true });
  const sale = await repo.writeClose(db, opened.id, {
    paymentType:
      opened.paymentType === SALE_PAYMENT_TYPE.web
        ? SALE_PAYMENT_TYPE.web
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
    sensorCheck,
    closedAt: session.closedAt,
    ...state,
    // Still open until now, so never settled before.
    settledAt: state.status === SALE_STATUS.successful ? now : null,
    updatedAt: now,
  });
  if (sale.paymentStatus === SALE_PAYMENT.paid) {
    await markTagsSold(
      db,
      sale.orgId,
      lines.flatMap((line) => (line.tagCode ? [line.tagCode] : [])),
      now,
    );
  }
  // Processing sales are paid by the job; one with nothing to pay may still hold money to let go.
  return {
    sale,
    next: sale.status === SALE_STATUS.processing || sale.status === SALE_STATUS.successful ? 'settle' : null,
  };
}

/**
 * The operator's count settles the sensors' dispute: who resolved it, and when, stay on the
 * evidence. Runs in the correction's database transaction; a sale without a dispute, or one
 * resolved before, is left as it is.
 */
export async function resolveSensorDispute(db: Db, sale: repo.SaleRow, by: { userId: number; at: Date }) {
  const check = sale.sensorCheck;
  if (!check || check.disagreements.length === 0 || check.resolved_at) return;
  await repo.updateSale(db, sale.id, {
    sensorCheck: { ...check, resolved_at: by.at.toISOString(), resolved_by: by.userId },
  });
}

/** Marks a resolved dispute as sent to the training dataset; false when it was sent before (or is no dispute). */
export async function markDisputeInDataset(db: Db, saleId: number, at: Date): Promise<boolean> {
  const sale = await repo.lockSale(db, saleId);
  const check = sale?.sensorCheck;
  if (!sale || !check?.resolved_at || check.dataset_at) return false;
  await repo.updateSale(db, saleId, { sensorCheck: { ...check, dataset_at: at.toISOString() } });
  return true;
}
