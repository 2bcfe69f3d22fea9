import {
  SALE_PAYMENT,
  SALE_STATUS,
  type TSalePayment,
  type TSaleSession,
  type TSensorCheck,
  type TTransactionCard,
  type TTransactionLine,
} from '@vitrina/contract';
import type { Db } from '../../db/client.js';
import type { UserActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { notFound } from '../../lib/errors.js';
import { activeCardOf, isTakenMoney, ledgerOf, linesOf } from '../sales/index.js';
import { type RefundRequestRecord, refundableByLedger, refundsOf } from './refund-history.js';
import * as card from './sale-card.repository.js';
import * as repo from './transactions.repository.js';

/** The micromarket history a card shows at most: a door is open for seconds, not hours. */
const EVENTS_MAX = 200;

type Detection = { product_id?: number; quantity?: number; source?: string; shelf?: number };

/** The sale if the caller may see it; another organisation's sale does not exist for them. */
export async function visibleSale(db: Db, actor: UserActor, id: number) {
  const row = await repo.findSaleRow(db, id);
  if (!row || !actor.scope.canSee(row.orgId)) throw notFound();
  return row;
}

async function sessionOf(db: Db, doorSessionId: string | null): Promise<TSaleSession | null> {
  if (!doorSessionId) return null;
  const session = await card.findDoorSession(db, doorSessionId);
  if (!session) return null;
  const detections = (Array.isArray(session.detections) ? session.detections : []) as Detection[];
  const names = await card.productNames(
    db,
    detections.flatMap((detection) => (typeof detection.product_id === 'number' ? [detection.product_id] : [])),
  );
  return {
    id: session.id,
    kind: session.kind,
    opened_at: session.openedAt.toISOString(),
    closed_at: session.closedAt?.toISOString() ?? null,
    taken_tags: session.takenTags,
    detections: detections.map((detection) => ({
      product_id: detection.product_id ?? null,
      product_name: detection.product_id === undefined ? null : (names.get(detection.product_id) ?? null),
      quantity: detection.quantity ?? 0,
      source: detection.source ?? 'camera',
      shelf: detection.shelf ?? null,
    })),
    weights_before: session.weightsBefore,
    weights_after: session.weightsAfter,
  };
}

export async function getTransaction(ctx: ServiceContext, actor: UserActor, id: number): Promise<TTransactionCard> {
  const row = await visibleSale(ctx.db, actor, id);
  return buildCard(ctx.db, row);
}

/** The card of a sale already checked visible. */
export async function buildCard(db: Db, row: repo.SaleListRow): Promise<TTransactionCard> {
  const details = (await card.findSaleDetails(db, row.id))!;
  const { sale } = details;
  const [lines, ledger, bonuses, session, resolvedBy, refundRequests] = await Promise.all([
    linesOf(db, sale.id),
    ledgerOf(db, sale.id),
    card.bonusesOfSale(db, sale.id),
    sessionOf(db, sale.doorSessionId),
    card.userNameOf(db, sale.sensorCheck?.resolved_by ?? null),
    card.refundRequestsOf(db, sale.id),
  ]);
  const from = session ? new Date(session.opened_at) : sale.openedAt;
  const to = session?.closed_at ? new Date(session.closed_at) : (sale.closedAt ?? sale.openedAt);
  const events = await card.eventsBetween(db, sale.micromarketId, from, to, EVENTS_MAX);
  const refundable = refundableByLedger(ledger);
  const isNotPaid = sale.status === SALE_STATUS.successful && sale.paymentStatus === SALE_PAYMENT.notPaid;
  const hasCard = sale.customerId !== null && isNotPaid && (await activeCardOf(db, sale.customerId)) !== null;
  return {
    ...repo.toListItem(row),
    organization_name: details.organizationName,
    customer_email: details.customerEmail,
    gross_minor: sale.grossMinor,
    discount_minor: sale.discountMinor,
    bonuses_accrued_minor: sale.bonusesAccruedMinor,
    cost_minor: sale.costMinor,
    error_code: sale.errorCode,
    settled_at: sale.settledAt?.toISOString() ?? null,
    lines: lines.map(
      (line): TTransactionLine => ({
        id: line.id,
        product_id: line.productId,
        name: line.name,
        source: line.source,
        tag_code: line.tagCode,
        quantity: line.quantity,
        list_price_minor: line.listPriceMinor,
        price_minor: line.priceMinor,
        sum_minor: line.priceMinor * line.quantity,
        is_corrected: line.isCorrected,
        refunded_quantity: line.refundedQuantity,
      }),
    ),
    payments: ledger.map(toSalePayment),
    refunds: refundsOf(
      refundRequests.map((request) => ({
        at: request.at,
        byName: request.byName,
        record: request.after as RefundRequestRecord,
      })),
      ledger,
    ),
    bonuses: bonuses.map((bonus) => ({
      id: bonus.id,
      operation: bonus.operation as 1 | 2,
      amount_minor: bonus.amountMinor,
      reason: bonus.reason,
      created_at: bonus.createdAt.toISOString(),
    })),
    session,
    sensor_check: sensorCheckOf(sale.sensorCheck, lines, session, resolvedBy),
    events: events.map((event) => ({
      id: event.id,
      at: event.at.toISOString(),
      kind: event.kind,
      details: (event.details ?? {}) as Record<string, unknown>,
      actor_label: event.actorLabel,
    })),
    actions: {
      refundable_minor: Math.max(0, refundable),
      can_refund: refundable > 0 && ledger.some(isTakenMoney),
      can_charge: hasCard,
      can_correct: sale.status === SALE_STATUS.manualProcessing || isNotPaid,
    },
  };
}

/** The stored cross-sensor check, each disputed product named as the sale's lines or detections name it, and who resolved it. */
function sensorCheckOf(
  check: TSensorCheck | null,
  lines: { productId: number | null; name: string }[],
  session: TSaleSession | null,
  resolvedByName: string | null,
): TSensorCheck | null {
  if (!check) return null;
  const names = new Map<number, string>();
  for (const detection of session?.detections ?? [])
    if (detection.product_id !== null && detection.product_name)
      names.set(detection.product_id, detection.product_name);
  for (const line of lines) if (line.productId !== null) names.set(line.productId, line.name);
  return {
    ...check,
    resolved_by_name: resolvedByName,
    disagreements: check.disagreements.map((disagreement) => ({
      ...disagreement,
      product_name: disagreement.product_id === null ? null : (names.get(disagreement.product_id) ?? null),
    })),
  };
}

type LedgerRow = Awaited<ReturnType<typeof ledgerOf>>[number];

/** A ledger row as the card shows it; the schema checks its codes. */
export function toSalePayment(payment: LedgerRow): TSalePayment {
  return {
    id: payment.id,
    type: payment.type as TSalePayment['type'],
    status: payment.status as TSalePayment['status'],
    operation: payment.operation as TSalePayment['operation'],
    amount_minor: payment.amountMinor,
    currency: payment.currency,
    provider: payment.provider,
    provider_reference: payment.providerReference,
    parent_id: payment.parentId,
    error_code: payment.errorCode,
    error_message: payment.errorMessage,
    created_at: payment.createdAt.toISOString(),
    settled_at: payment.settledAt?.toISOString() ?? null,
  };
}
