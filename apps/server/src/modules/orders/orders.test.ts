import {
  api,
  DEFAULT_MICROMARKET_SETTINGS,
  type OrderPaymentMode,
  type TCreateOrder,
  type TMoveOrder,
} from '@vitrina/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, okApi } from '../../../test/api-client.js';
import { insertMicromarket, insertProduct } from '../../../test/factories/catalogue.js';
import { createCustomer } from '../../../test/factories/customers.js';
import { orgOnTestProvider } from '../../../test/factories/payments.js';
import { insertCustomerWithCard } from '../../../test/factories/sales.js';
import { uniqueName } from '../../../test/factories/sequence.js';
import { createTenant } from '../../../test/factories/tenant.js';
import { createSignedInUser } from '../../../test/factories/users.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { customerCards, paymentTransactions } from '../../db/schema/index.js';

/** Issue 10: customers' orders to micromarkets, their §4 moves and money, couriers, wishes. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
const db = () => ctx.database.db;

const settings = (mode: OrderPaymentMode, availableForOrders = true) => ({
  ...DEFAULT_MICROMARKET_SETTINGS,
  available_for_orders: availableForOrders,
  order_payment_mode: mode,
});

/** An organisation on the test payment provider with a micromarket taking orders and two products. */
async function shop(mode: OrderPaymentMode = 'prepay') {
  const paying = await orgOnTestProvider(ctx);
  const orgId = paying.orgId;
  const micromarketId = await insertMicromarket(db(), orgId, uniqueName('Office'), { settings: settings(mode) });
  const salad = await insertProduct(db(), orgId, { name: uniqueName('Salad'), sellCostMinor: 4500 });
  const juice = await insertProduct(db(), orgId, { name: uniqueName('Juice'), sellCostMinor: 2000 });
  const customer = await insertCustomerWithCard(db(), orgId);
  return { ...paying, micromarketId, salad, juice, customer };
}
type Shop = Awaited<ReturnType<typeof shop>>;

const placeOrder = (
  s: Shop,
  lines = [
    { product_id: s.salad, quantity: 2 },
    { product_id: s.juice, quantity: 1 },
  ],
) =>
  okApi(ctx, api.order.create, {
    token: s.operator,
    body: {
      micromarket_id: s.micromarketId,
      customer_id: s.customer.userId,
      lines,
      note: 'Leave at the front desk',
    },
  });
const move = (token: string, id: number, status: TMoveOrder['status'], note = '') =>
  callApi(ctx, api.order.move, { params: { id }, token, body: { status, note } });
const moved = async (token: string, id: number, status: TMoveOrder['status']) => {
  const response = await move(token, id, status);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const ledger = (orgId: number) =>
  db().select().from(paymentTransactions).where(eq(paymentTransactions.orgId, orgId)).orderBy(paymentTransactions.id);

async function courierOf(orgId: number) {
  return createSignedInUser(db(), { orgId, permissions: ['show_orders_for_courier', 'show_courier_page'] });
}

describe('orders', () => {
  it('runs a prepaid order from new to received: priced at the micromarket, paid, delivered by a courier, with history', async () => {
    const s = await shop('prepay');
    const order = await placeOrder(s);
    expect(order).toMatchObject({
      status: 0,
      total_minor: 2 * 4500 + 2000,
      currency: 'UAH',
      payment_mode: 'prepay',
      payment_state: 'none',
      customer_id: s.customer.userId,
      moves: [1, 6],
      note: 'Leave at the front desk',
    });
    expect(order.lines.map((line) => [line.quantity, line.price_minor])).toEqual(
      expect.arrayContaining([
        [2, 4500],
        [1, 2000],
      ]),
    );

    const paid = await moved(s.operator, order.id, 1);
    expect(paid).toMatchObject({ status: 1, payment_state: 'paid', moves: [2, 6] });
    const [charge] = await ledger(s.orgId);
    expect(charge).toMatchObject({ operation: 'charge', status: 1, amountMinor: 11_000 });

    await moved(s.operator, order.id, 2);
    const courier = await courierOf(s.orgId);
    const assigned = await okApi(ctx, api.order.assignCourier, {
      params: { id: order.id },
      token: s.operator,
      body: { courier_id: courier.id },
    });
    expect(assigned.courier_id).toBe(courier.id);

    const road = (await callApi(ctx, api.order.courierOrders, { token: courier.token })).json();
    expect(road.items.map((item) => item.id)).toEqual([order.id]);
    expect(road.items[0]!.moves).toEqual([3]);
    await moved(courier.token, order.id, 3);
    const delivered = await moved(courier.token, order.id, 4);
    expect(delivered.moves).toEqual([]);
    await moved(s.operator, order.id, 5);

    const card = (await callApi(ctx, api.order.card, { params: { id: order.id }, token: s.operator })).json();
    expect(card.status).toBe(5);
    expect(card.history.map((event) => [event.from_status, event.to_status])).toEqual([
      [null, 0],
      [0, 1],
      [1, 2],
      [2, 3],
      [3, 4],
      [4, 5],
    ]);
    // Nothing but the one charge moved money.
    expect(await ledger(s.orgId)).toHaveLength(1);
  });

  it('refuses moves the §4 table or the payment mode does not allow, with 409 and the reason', async () => {
    const s = await shop('prepay');
    const order = await placeOrder(s);
    const skip = await move(s.operator, order.id, 3);
    expect(skip.statusCode).toBe(409);
    expect(skip.json()).toMatchObject({ message: 'This status change is not allowed for the order now' });
    expect((await move(s.operator, order.id, 2)).json()).toMatchObject({
      message: 'The order must be paid before it is prepared',
    });

    const pickup = await shop('on_pickup');
    const later = await placeOrder(pickup);
    expect(later.moves).toEqual([2, 6]);
    const pay = await move(pickup.operator, later.id, 1);
    expect(pay.statusCode).toBe(409);
    expect(pay.json()).toMatchObject({ message: 'This order is paid at pickup' });
    expect((await moved(pickup.operator, later.id, 2)).payment_state).toBe('none');
    expect(await ledger(pickup.orgId)).toHaveLength(0);
  });

  it('gives the money back when a paid order is cancelled', async () => {
    const s = await shop('prepay');
    const order = await placeOrder(s);
    await moved(s.operator, order.id, 1);
    const cancelled = await moved(s.operator, order.id, 6);
    expect(cancelled).toMatchObject({ status: 6, payment_state: 'refunded', moves: [] });
    const rows = await ledger(s.orgId);
    expect(rows.map((row) => [row.operation, row.status, row.amountMinor])).toEqual([
      ['charge', 1, 11_000],
      ['refund', 1, 11_000],
    ]);
    expect(rows[1]!.parentId).toBe(rows[0]!.id);
  });

  it('holds the money in hold mode, captures it on receipt, and lets it go on a cancel', async () => {
    const s = await shop('hold');
    const order = await placeOrder(s, [{ product_id: s.juice, quantity: 3 }]);
    expect((await moved(s.operator, order.id, 1)).payment_state).toBe('held');
    for (const status of [2, 3, 4] as const) await moved(s.operator, order.id, status);
    expect((await moved(s.operator, order.id, 5)).payment_state).toBe('paid');

    const other = await placeOrder(s, [{ product_id: s.salad, quantity: 1 }]);
    await moved(s.operator, other.id, 1);
    expect((await moved(s.operator, other.id, 6)).payment_state).toBe('released');
    const rows = await ledger(s.orgId);
    expect(rows.map((row) => [row.operation, row.status, row.amountMinor])).toEqual([
      ['hold', 1, 6000],
      ['capture', 1, 6000],
      ['hold', 1, 4500],
      ['release', 1, 4500],
    ]);
  });

  it('keeps a refused payment’s order new with the reason, and a new try after that is a new payment', async () => {
    const s = await shop('prepay');
    const order = await placeOrder(s);
    await s.setSimulation('decline');
    const refused = await move(s.operator, order.id, 1);
    expect(refused.statusCode).toBe(409);
    expect(refused.error().message).toMatch(/^The payment system refused: /);
    const card = (await callApi(ctx, api.order.card, { params: { id: order.id }, token: s.operator })).json();
    expect(card).toMatchObject({ status: 0, payment_state: 'failed' });
    expect(card.payment_error).toBeTruthy();
    expect(card.history).toHaveLength(1);

    await s.setSimulation('none');
    expect(await moved(s.operator, order.id, 1)).toMatchObject({
      status: 1,
      payment_state: 'paid',
      payment_error: null,
    });
    expect((await ledger(s.orgId)).map((row) => row.status)).toEqual([2, 1]);
  });

  it('answers 409 for a customer without a saved card, and two payments at once take the money once', async () => {
    const s = await shop('prepay');
    await db().delete(customerCards).where(eq(customerCards.userId, s.customer.userId));
    const order = await placeOrder(s);
    const noCard = await move(s.operator, order.id, 1);
    expect(noCard.statusCode).toBe(409);
    expect(noCard.json()).toMatchObject({ message: 'The customer has no saved card to pay with' });

    const withCard = await shop('prepay');
    const twice = await placeOrder(withCard);
    const answers = await Promise.all([move(withCard.operator, twice.id, 1), move(withCard.operator, twice.id, 1)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await ledger(withCard.orgId)).toHaveLength(1);
  });

  it('validates what an order is made of, naming the field', async () => {
    const s = await shop('prepay');
    const create = (body: TCreateOrder) => callApi(ctx, api.order.create, { token: s.operator, body });
    const base = { micromarket_id: s.micromarketId, customer_id: s.customer.userId };
    const hidden = await insertProduct(db(), s.orgId, { name: uniqueName('Hidden'), showInOrders: false });
    const stranger = await createTenant(db());
    const foreignProduct = await insertProduct(db(), stranger.org.main, { name: uniqueName('Foreign') });
    const foreignCustomer = await insertCustomerWithCard(db(), stranger.org.main);
    const closed = await insertMicromarket(db(), s.orgId, uniqueName('Closed'), {
      settings: settings('prepay', false),
    });

    const cases: [TCreateOrder, number, string, string][] = [
      [{ ...base, lines: [] }, 400, 'lines', 'Add at least one product'],
      [
        { ...base, lines: [{ product_id: s.salad, quantity: 0 }] },
        400,
        'lines.0.quantity',
        'Quantity is a whole number from 1 to 99',
      ],
      [
        {
          ...base,
          lines: [
            { product_id: s.salad, quantity: 1 },
            { product_id: s.salad, quantity: 2 },
          ],
        },
        400,
        'lines',
        'Each product once; set its quantity instead',
      ],
      [{ ...base, lines: [{ product_id: hidden, quantity: 1 }] }, 400, 'lines', 'cannot be ordered'],
      [
        { ...base, lines: [{ product_id: foreignProduct, quantity: 1 }] },
        400,
        'lines',
        `#${foreignProduct} cannot be ordered`,
      ],
      [
        { ...base, customer_id: foreignCustomer.userId, lines: [{ product_id: s.salad, quantity: 1 }] },
        400,
        'customer_id',
        'Choose a customer of the micromarket’s organization',
      ],
      [
        { ...base, micromarket_id: closed, lines: [{ product_id: s.salad, quantity: 1 }] },
        409,
        'micromarket_id',
        'This micromarket does not take orders',
      ],
    ];
    for (const [payload, status, field, message] of cases) {
      const response = await create(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      const body = response.json();
      expect(JSON.stringify(body), field).toContain(field);
      expect(JSON.stringify(body)).toContain(message);
    }
  });

  it('keeps to organisation boundaries: 401, 403 without the permission, 404 for another’s order, 403 view-only', async () => {
    const s = await shop('prepay');
    const order = await placeOrder(s);
    expect((await callApi(ctx, api.order.list)).statusCode).toBe(401);
    const tenant = await createTenant(db());
    const support = await tenant.token('support');
    expect((await callApi(ctx, api.order.list, { token: support })).statusCode).toBe(403);
    expect((await move(support, order.id, 1)).statusCode).toBe(403);

    const stranger = await tenant.token('operator');
    expect((await callApi(ctx, api.order.card, { params: { id: order.id }, token: stranger })).statusCode).toBe(404);
    expect((await move(stranger, order.id, 1)).statusCode).toBe(404);
    const assign = await callApi(ctx, api.order.assignCourier, {
      params: { id: order.id },
      token: stranger,
      body: { courier_id: null },
    });
    expect(assign.statusCode).toBe(404);
    const list = (await callApi(ctx, api.order.list, { token: stranger })).json();
    expect(list.items.some((item) => item.id === order.id)).toBe(false);
    const theirs = await callApi(ctx, api.order.create, {
      token: stranger,
      body: {
        micromarket_id: s.micromarketId,
        customer_id: s.customer.userId,
        lines: [{ product_id: s.salad, quantity: 1 }],
      },
    });
    expect(theirs.statusCode).toBe(404);

    // Kyiv is linked to the tenant's main organisation view-only: its orders show, read-only.
    const kyivMarket = await insertMicromarket(db(), tenant.org.kyiv, uniqueName('Kyiv'), {
      settings: settings('on_pickup'),
    });
    const kyivProduct = await insertProduct(db(), tenant.org.kyiv, { name: uniqueName('Kyiv soup') });
    const kyivCustomer = await insertCustomerWithCard(db(), tenant.org.kyiv);
    const kyivOperator = await createSignedInUser(db(), {
      orgId: tenant.org.kyiv,
      permissions: ['show_products_order_page'],
    });
    const kyivOrder = await okApi(ctx, api.order.create, {
      token: kyivOperator.token,
      body: {
        micromarket_id: kyivMarket,
        customer_id: kyivCustomer.userId,
        lines: [{ product_id: kyivProduct, quantity: 1 }],
      },
    });
    const seen = (await callApi(ctx, api.order.card, { params: { id: kyivOrder.id }, token: stranger })).json();
    expect(seen.moves).toEqual([]);
    const viewOnly = await move(stranger, kyivOrder.id, 2);
    expect(viewOnly.statusCode).toBe(403);
    expect(viewOnly.json()).toMatchObject({ message: 'Your organization has view-only access to this organization' });
    const createThere = await callApi(ctx, api.order.create, {
      token: stranger,
      body: {
        micromarket_id: kyivMarket,
        customer_id: kyivCustomer.userId,
        lines: [{ product_id: kyivProduct, quantity: 1 }],
      },
    });
    expect(createThere.statusCode).toBe(403);
  });

  it('lets a courier deliver only what is theirs to deliver, and take a prepared order nobody has', async () => {
    const s = await shop('on_pickup');
    const order = await placeOrder(s);
    const first = await courierOf(s.orgId);
    const second = await courierOf(s.orgId);
    // New orders are not the courier's business yet.
    expect((await callApi(ctx, api.order.card, { params: { id: order.id }, token: first.token })).statusCode).toBe(404);
    await moved(s.operator, order.id, 2);
    expect((await move(first.token, order.id, 6)).statusCode).toBe(403);
    const taken = await moved(first.token, order.id, 3);
    expect(taken.courier_id).toBe(first.id);
    expect((await callApi(ctx, api.order.card, { params: { id: order.id }, token: second.token })).statusCode).toBe(
      404,
    );
    expect((await move(second.token, order.id, 4)).statusCode).toBe(404);
    const secondList = (await callApi(ctx, api.order.courierOrders, { token: second.token })).json();
    expect(secondList.items).toEqual([]);
    // A courier has no business in the operators' list, and only couriers of the organisation are assignable.
    expect((await callApi(ctx, api.order.list, { token: first.token })).statusCode).toBe(403);
    const notCourier = await callApi(ctx, api.order.assignCourier, {
      params: { id: order.id },
      token: s.operator,
      body: { courier_id: s.customer.userId },
    });
    expect(notCourier.statusCode).toBe(400);
    expect(notCourier.json()).toMatchObject({ fields: { courier_id: expect.any(String) } });
  });

  it('offers the form micromarkets taking orders, products priced there with stock, and customers by name or email', async () => {
    const s = await shop('hold');
    const markets = (await callApi(ctx, api.order.micromarkets, { token: s.operator })).json();
    expect(markets.items).toEqual([expect.objectContaining({ id: s.micromarketId, payment_mode: 'hold' })]);
    const goods = (
      await callApi(ctx, api.order.products, { params: { id: s.micromarketId }, token: s.operator })
    ).json();
    expect(goods.items.map((item) => item.id).sort()).toEqual([s.salad, s.juice].sort());
    const people = (
      await callApi(ctx, api.order.customers, {
        params: { id: s.micromarketId },
        token: s.operator,
        query: { q: s.customer.name },
      })
    ).json();
    expect(people.items.map((item) => item.id)).toEqual([s.customer.userId]);
    // The one customer search (users/customer-search.ts): by email as in push and support.
    const byEmail = await createCustomer(db(), s.orgId, { email: `order.${s.micromarketId}@mail.example` });
    const found = (
      await callApi(ctx, api.order.customers, {
        params: { id: s.micromarketId },
        token: s.operator,
        query: { q: byEmail.email },
      })
    ).json();
    expect(found.items.map((item) => item.id)).toEqual([byEmail.id]);
  });
});

describe('wishes', () => {
  it('counts customers’ wishes per product at a micromarket, most wished first', async () => {
    const s = await shop('prepay');
    const wish = (productId: number, customerId: number | null) =>
      okApi(ctx, api.order.createWish, {
        token: s.operator,
        body: {
          micromarket_id: s.micromarketId,
          product_id: productId,
          customer_id: customerId,
        },
      });
    await wish(s.juice, s.customer.userId);
    await wish(s.juice, s.customer.userId);
    await wish(s.juice, null);
    await wish(s.salad, null);
    const list = (await callApi(ctx, api.order.wishes, { params: { id: s.micromarketId }, token: s.operator })).json();
    expect(list.total).toBe(2);
    expect(list.items.map((item) => [item.product_id, item.count, item.customers])).toEqual([
      [s.juice, 3, 2],
      [s.salad, 1, 1],
    ]);

    const hidden = await insertProduct(db(), s.orgId, { name: uniqueName('Secret'), showInWishes: false });
    const refused = await callApi(ctx, api.order.createWish, {
      token: s.operator,
      body: { micromarket_id: s.micromarketId, product_id: hidden },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ fields: { product_id: 'This product is not offered for wishes' } });

    const stranger = await (await createTenant(db())).token('operator');
    const peek = await callApi(ctx, api.order.wishes, { params: { id: s.micromarketId }, token: stranger });
    expect(peek.statusCode).toBe(404);
    const plant = await callApi(ctx, api.order.createWish, {
      token: stranger,
      body: { micromarket_id: s.micromarketId, product_id: s.juice },
    });
    expect(plant.statusCode).toBe(404);
  });
});
