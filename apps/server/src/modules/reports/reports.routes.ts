import { api } from '@vitrina/contract';
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../lib/context.js';
import { registerEndpoint } from '../../plugins/endpoints.js';
import { dashboardSales } from './dashboard.service.js';
import * as subscriptions from './report-subscriptions.service.js';
import * as reports from './reports.service.js';

export async function reportRoutes(app: FastifyInstance, { ctx }: { ctx: ServiceContext }) {
  registerEndpoint(app, api.report.sales, ({ actor, query }) => reports.salesReport(ctx, actor, query));
  registerEndpoint(app, api.report.salesExport, ({ actor, query }) => reports.exportSalesReport(ctx, actor, query));
  registerEndpoint(app, api.report.writeOffs, ({ actor, query }) => reports.writeOffReport(ctx, actor, query));
  registerEndpoint(app, api.report.dashboardSales, ({ actor }) => dashboardSales(ctx, actor));
  registerEndpoint(app, api.report.subscriptions, ({ actor }) => subscriptions.listSubscriptions(ctx, actor));
  registerEndpoint(app, api.report.createSubscription, ({ actor, body }) =>
    subscriptions.createSubscription(ctx, actor, body),
  );
  registerEndpoint(app, api.report.updateSubscription, ({ actor, params, body }) =>
    subscriptions.updateSubscription(ctx, actor, params.id, body),
  );
  registerEndpoint(app, api.report.deleteSubscription, async ({ actor, params }) => {
    await subscriptions.deleteSubscription(ctx, actor, params.id);
    return { ok: true as const };
  });
}
