import { api } from '@vitrina/contract';
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../lib/context.js';
import { registerEndpoint } from '../../plugins/endpoints.js';
import type { PaymentProviders } from '../payments/index.js';
import * as cards from './subscription-card.service.js';
import * as queries from './subscriptions.queries.js';
import * as service from './subscriptions.service.js';

type Options = { ctx: ServiceContext; providers: PaymentProviders };

export async function subscriptionRoutes(app: FastifyInstance, { ctx, providers }: Options) {
  registerEndpoint(app, api.subscription.devices, async ({ actor, params }) => ({
    items: await service.listDevices(ctx, actor, params.org_id),
  }));
  registerEndpoint(app, api.subscription.subscribe, async ({ actor, params, body }) =>
    queries.presentPayment(await service.subscribe(ctx, providers, actor, params.org_id, body)),
  );
  registerEndpoint(app, api.subscription.change, async ({ actor, params, body }) => {
    await service.changeSubscription(ctx, actor, params.micromarket_id, body.action);
    return { ok: true as const };
  });
  registerEndpoint(app, api.subscription.card, ({ actor, params }) =>
    cards.getOrganizationCard(ctx, actor, params.org_id),
  );
  registerEndpoint(app, api.subscription.cardSetup, ({ actor, params }) =>
    cards.startSubscriptionCardSetup(ctx, providers, actor, params.org_id),
  );
  registerEndpoint(app, api.subscription.saveCard, async ({ actor, params, body }) => {
    await cards.saveSubscriptionCard(ctx, providers, actor, params.org_id, body.setup_id);
    return cards.getOrganizationCard(ctx, actor, params.org_id);
  });
  registerEndpoint(app, api.subscription.removeCard, async ({ actor, params }) => {
    await cards.removeSubscriptionCard(ctx, providers, actor, params.org_id);
    return { ok: true as const };
  });
  registerEndpoint(app, api.subscription.payments, ({ actor, query }) => queries.listPayments(ctx, actor, query));
  registerEndpoint(app, api.subscription.invoices, ({ actor, query }) => queries.listInvoices(ctx, actor, query));
  registerEndpoint(app, api.subscription.invoicePdf, ({ actor, params }) => queries.invoicePdf(ctx, actor, params.id));
  registerEndpoint(app, api.subscription.markInvoicePaid, async ({ actor, params }) =>
    queries.presentInvoice(await service.markInvoicePaid(ctx, actor, params.id)),
  );
}
