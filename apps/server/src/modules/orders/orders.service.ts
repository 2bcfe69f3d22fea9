import type {
  OrderStatus,
  TOrder,
  TOrderCard,
  TOrderList,
  ZAssignCourier,
  ZCourierOrdersQuery,
  ZCreateOrder,
  ZListOrdersQuery,
  ZMoveOrder,
} from '@vitrina/contract';
import { ORDER_STATE, USER_KIND } from '@vitrina/contract';
import { and, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { orderLines, orders, users } from '../../db/schema/index.js';
import type { CustomerActor, UserActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { escapeLike } from '../../lib/sql.js';
import { writeAudit } from '../audit/index.js';
import type { PaymentProviders } from '../payments/index.js';
import { type Mover, moveRefusal, movesFor } from './order-moves.js';
import { moneyStepOf, performMoneyStep } from './order-payments.js';
import { assertCourier, type OrderableMicromarket, orderableMicromarket, pricedLines } from './order-rules.js';
import * as repo from './orders.repository.js';

const moverOf = (actor: UserActor): Mover => ({
  userId: actor.userId,
  isOperator: actor.permissions.has('show_products_order_page'),
  isCourier: actor.permissions.has('show_orders_for_courier'),
});

function toView(row: repo.OrderListRow, lines: repo.OrderLineView[], mover: Mover | null): TOrder {
  const { order } = row;
  const status = order.status as OrderStatus;
  return {
    id: order.id,
    org_id: order.orgId,
    micromarket_id: order.micromarketId,
    micromarket_name: row.micromarketName,
    micromarket_address: row.micromarketAddress,
    customer_id: order.customerId,
    customer_name: row.customerName,
    customer_phone: row.customerPhones[0] ?? null,
    courier_id: order.courierId,
    courier_name: row.courierName,
    status,
    total_minor: order.totalMinor,
    currency: order.currency,
    payment_mode: order.paymentMode,
    payment_state: order.paymentState,
    payment_error: order.paymentError,
    note: order.note,
    lines: repo.lineViews(lines),
    moves: mover ? movesFor({ ...order, status }, mover) : [],
    created_at: order.createdAt.toISOString(),
    updated_at: order.updatedAt.toISOString(),
  };
}

async function viewsOf(ctx: ServiceContext, actor: UserActor, rows: repo.OrderListRow[]): Promise<TOrder[]> {
  const lines = await repo.linesOf(
    ctx.db,
    rows.map((row) => row.order.id),
  );
  const mover = moverOf(actor);
  return rows.map((row) =>
    toView(row, lines.get(row.order.id) ?? [], actor.scope.canEdit(row.order.orgId) ? mover : null),
  );
}

type OrderFilters = Omit<z.output<typeof ZListOrdersQuery>, 'page' | 'per_page'>;

function listWhere(actor: UserActor, query: OrderFilters): SQL | undefined {
  const ids = actor.scope.visibleIds;
  const q = query.q;
  const byText = q
    ? or(
        /^\d{1,9}$/.test(q) ? eq(orders.id, Number(q)) : undefined,
        ilike(users.name, `%${escapeLike(q)}%`),
        sql`array_to_string(${users.phones}, ' ') ILIKE ${`%${escapeLike(q)}%`}`,
      )
    : undefined;
  return and(
    ids === null ? undefined : inArray(orders.orgId, ids),
    query.org_id === undefined ? undefined : eq(orders.orgId, query.org_id),
    query.status === undefined ? undefined : eq(orders.status, query.status),
    query.micromarket_id === undefined ? undefined : eq(orders.micromarketId, query.micromarket_id),
    query.courier_id === undefined ? undefined : eq(orders.courierId, query.courier_id),
    byText,
  );
}

/** Orders of the filters inside the caller's organisations, newest first (the list and its export share it). */
export async function filteredOrders(
  ctx: ServiceContext,
  actor: UserActor,
  filters: OrderFilters,
  page: { limit: number; offset: number },
): Promise<TOrderList> {
  if (filters.org_id !== undefined) actor.scope.assertVisible(filters.org_id);
  const { rows, total } = await repo.listOrders(ctx.db, listWhere(actor, filters), page);
  return { items: await viewsOf(ctx, actor, rows), total };
}

export function listOrders(
  ctx: ServiceContext,
  actor: UserActor,
  query: z.output<typeof ZListOrdersQuery>,
): Promise<TOrderList> {
  const { page, per_page, ...filters } = query;
  return filteredOrders(ctx, actor, filters, { limit: per_page, offset: (page - 1) * per_page });
}

/** The courier's `/courier/fridge/orders`: prepared orders nobody took and their own on the way. */
export async function courierOrders(
  ctx: ServiceContext,
  actor: UserActor,
  query: z.output<typeof ZCourierOrdersQuery>,
): Promise<TOrderList> {
  const where = repo.courierWhere(actor.userId, actor.scope.visibleIds, query.delivered ?? false);
  const page = { limit: query.per_page, offset: (query.page - 1) * query.per_page };
  const { rows, total } = await repo.listOrders(ctx.db, where, page);
  return { items: await viewsOf(ctx, actor, rows), total };
}

/** An order the caller may see: operators see their organisations', a courier the ones they may deliver. */
async function visibleOrder(ctx: ServiceContext, actor: UserActor, id: number): Promise<repo.OrderListRow> {
  const row = await repo.findOrderRow(ctx.db, id);
  if (!row || !actor.scope.canSee(row.order.orgId)) throw notFound();
  const mover = moverOf(actor);
  if (!mover.isOperator) {
    const { status, courierId } = row.order;
    const deliverable =
      (status === ORDER_STATE.preparing && courierId === null) ||
      (status >= ORDER_STATE.preparing && status <= ORDER_STATE.delivered && courierId === actor.userId);
    if (!deliverable) throw notFound();
  }
  return row;
}

export async function getOrder(ctx: ServiceContext, actor: UserActor, id: number): Promise<TOrderCard> {
  const row = await visibleOrder(ctx, actor, id);
  const [[view], history] = await Promise.all([viewsOf(ctx, actor, [row]), repo.historyOf(ctx.db, id)]);
  return {
    ...view!,
    history: history.map(({ event, actorName }) => ({
      id: event.id,
      from_status: event.fromStatus as OrderStatus | null,
      to_status: event.toStatus as OrderStatus,
      actor_name: actorName,
      note: event.note,
      created_at: event.createdAt.toISOString(),
    })),
  };
}

async function answer(ctx: ServiceContext, actor: UserActor, id: number): Promise<TOrder> {
  const { history: _history, ...order } = await getOrder(ctx, actor, id);
  return order;
}

/**
 * Writes a new order for the customer, its lines priced at the micromarket now, its history
 * and audit, in one database transaction; `actor` is whoever took it (staff or the customer).
 */
export async function insertOrder(
  ctx: ServiceContext,
  actor: UserActor | CustomerActor,
  order: { market: OrderableMicromarket; customerId: number; body: Omit<z.output<typeof ZCreateOrder>, 'customer_id'> },
): Promise<number> {
  const { market, body } = order;
  const lines = await pricedLines(ctx.db, market, body.lines, ctx.clock.now());
  const total = lines.reduce((sum, line) => sum + line.priceMinor * line.quantity, 0);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(orders)
      .values({
        orgId: market.orgId,
        micromarketId: market.id,
        customerId: order.customerId,
        totalMinor: total,
        currency: market.currency,
        paymentMode: market.paymentMode,
        note: body.note,
        createdBy: actor.userId,
        createdAt: ctx.clock.now(),
        updatedAt: ctx.clock.now(),
      })
      .returning({ id: orders.id });
    const orderId = row!.id;
    await tx.insert(orderLines).values(lines.map((line) => ({ orderId, ...line })));
    await repo.recordEvent(tx, {
      orderId,
      fromStatus: null,
      toStatus: ORDER_STATE.new,
      actorId: actor.userId,
      note: body.note,
    });
    await writeAudit(tx, actor, {
      action: 'create',
      entity: 'order',
      entityId: orderId,
      orgId: market.orgId,
      after: body,
    });
    return orderId;
  });
}

/** An order taken for a customer, priced at the micromarket now, in one database transaction. */
export async function createOrder(
  ctx: ServiceContext,
  actor: UserActor,
  body: z.output<typeof ZCreateOrder>,
): Promise<TOrder> {
  const market = await orderableMicromarket(ctx, actor, body.micromarket_id);
  const [customer] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.id, body.customer_id),
        eq(users.orgId, market.orgId),
        eq(users.userType, USER_KIND.client),
        eq(users.active, true),
      ),
    );
  if (!customer) {
    throw new AppError(400, 'order.customer_unknown', {}, { customer_id: 'order.customer_unknown' });
  }
  const id = await insertOrder(ctx, actor, { market, customerId: customer.id, body });
  return answer(ctx, actor, id);
}

/**
 * Moves an order by the §4 moves. The money a move needs is moved first, outside any
 * database lock (the provider may take seconds); then, under the order's row lock, the
 * status is checked again and written with the history entry and the audit. A refused
 * payment leaves the status where it was and answers 409 with the provider's reason.
 */
export async function moveOrder(
  ctx: ServiceContext,
  providers: PaymentProviders,
  actor: UserActor,
  id: number,
  body: z.output<typeof ZMoveOrder>,
): Promise<TOrder> {
  const { order } = await visibleOrder(ctx, actor, id);
  actor.scope.assertEditable(order.orgId);
  const mover = moverOf(actor);
  const refusal = moveRefusal({ ...order, status: order.status as OrderStatus }, body.status, mover);
  if (refusal) throw new AppError(refusal.status, refusal.key);
  const step = moneyStepOf(order, body.status);
  const money = step ? await performMoneyStep(ctx, providers, order, step) : null;
  await ctx.db.transaction(async (tx) => {
    const locked = await repo.lockOrder(tx, id);
    if (money && !money.ok) {
      if (money.pending) return;
      await tx
        .update(orders)
        .set({
          paymentState: step === 'charge' || step === 'hold' ? 'failed' : locked!.paymentState,
          paymentError: money.error,
          paymentAttempts: locked!.paymentAttempts + 1,
          updatedAt: ctx.clock.now(),
        })
        .where(eq(orders.id, id));
      return;
    }
    if (!locked || locked.status !== order.status) throw conflict('order.bad_move');
    // A courier taking a prepared order out becomes its courier.
    const courierId =
      body.status === ORDER_STATE.onTheWay && locked.courierId === null ? actor.userId : locked.courierId;
    await tx
      .update(orders)
      .set({
        status: body.status,
        courierId,
        ...(money?.ok ? { paymentState: money.state, paymentId: money.paymentId, paymentError: null } : {}),
        updatedAt: ctx.clock.now(),
      })
      .where(eq(orders.id, id));
    await repo.recordEvent(tx, {
      orderId: id,
      fromStatus: locked.status,
      toStatus: body.status,
      actorId: actor.userId,
      note: body.note,
    });
    await writeAudit(tx, actor, {
      action: 'status',
      entity: 'order',
      entityId: id,
      orgId: order.orgId,
      before: { status: locked.status, payment_state: locked.paymentState },
      after: { status: body.status, note: body.note, ...(money?.ok ? { payment_state: money.state } : {}) },
    });
  });
  if (money && !money.ok) {
    throw money.pending
      ? conflict('order.payment_pending')
      : conflict('order.payment_refused', { reason: money.error });
  }
  return answer(ctx, actor, id);
}

/** Gives an open order to a courier of its organisation, or takes it back (null). */
export async function assignCourier(
  ctx: ServiceContext,
  actor: UserActor,
  id: number,
  body: z.output<typeof ZAssignCourier>,
): Promise<TOrder> {
  const { order } = await visibleOrder(ctx, actor, id);
  actor.scope.assertEditable(order.orgId);
  if (order.status >= ORDER_STATE.delivered) throw conflict('order.finished');
  if (body.courier_id !== null) await assertCourier(ctx.db, order.orgId, body.courier_id);
  await ctx.db.transaction(async (tx) => {
    await tx.update(orders).set({ courierId: body.courier_id, updatedAt: ctx.clock.now() }).where(eq(orders.id, id));
    await writeAudit(tx, actor, {
      action: 'assign_courier',
      entity: 'order',
      entityId: id,
      orgId: order.orgId,
      before: { courier_id: order.courierId },
      after: { courier_id: body.courier_id },
    });
  });
  return answer(ctx, actor, id);
}
