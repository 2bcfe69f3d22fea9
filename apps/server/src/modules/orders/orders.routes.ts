import { api } from '@vitrina/contract';
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../lib/context.js';
import { registerEndpoint } from '../../plugins/endpoints.js';
import type { PaymentProviders } from '../payments/index.js';
import { exportOrders } from './order-export.js';
import { orderCouriers, orderCustomers, orderMicromarkets, orderProducts } from './order-options.service.js';
import { assignCourier, courierOrders, createOrder, getOrder, listOrders, moveOrder } from './orders.service.js';
import { createWish, listWishes } from './wishes.service.js';

type Options = { ctx: ServiceContext; providers: PaymentProviders };

export async function orderRoutes(app: FastifyInstance, { ctx, providers }: Options) {
  registerEndpoint(app, api.order.list, ({ actor, query }) => listOrders(ctx, actor, query));
  registerEndpoint(app, api.order.export, ({ actor, query }) => exportOrders(ctx, actor, query));
  registerEndpoint(app, api.order.card, ({ actor, params }) => getOrder(ctx, actor, params.id));
  registerEndpoint(app, api.order.create, ({ actor, body }) => createOrder(ctx, actor, body));
  registerEndpoint(app, api.order.move, ({ actor, params, body }) => moveOrder(ctx, providers, actor, params.id, body));
  registerEndpoint(app, api.order.assignCourier, ({ actor, params, body }) =>
    assignCourier(ctx, actor, params.id, body),
  );
  registerEndpoint(app, api.order.courierOrders, ({ actor, query }) => courierOrders(ctx, actor, query));
  registerEndpoint(app, api.order.micromarkets, ({ actor }) => orderMicromarkets(ctx, actor));
  registerEndpoint(app, api.order.products, ({ actor, params }) => orderProducts(ctx, actor, params.id));
  registerEndpoint(app, api.order.customers, ({ actor, params, query }) =>
    orderCustomers(ctx, actor, params.id, query.q),
  );
  registerEndpoint(app, api.order.couriers, ({ actor, params, query }) =>
    orderCouriers(ctx, actor, params.id, query.q),
  );
  registerEndpoint(app, api.order.wishes, ({ actor, params, query }) => listWishes(ctx, actor, params.id, query));
  registerEndpoint(app, api.order.createWish, async ({ actor, body }) => {
    await createWish(ctx, actor, body);
    return { ok: true as const };
  });
}
