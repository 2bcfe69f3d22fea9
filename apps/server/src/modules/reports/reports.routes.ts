import { api } from '@vitrina/contract';
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../lib/context.js';
import { registerEndpoint } from '../../plugins/endpoints.js';
import * as reports from './reports.service.js';

export async function reportRoutes(app: FastifyInstance, { ctx }: { ctx: ServiceContext }) {
  registerEndpoint(app, api.report.sales, ({ actor, query }) => reports.salesReport(ctx, actor, query));
  registerEndpoint(app, api.report.salesExport, ({ actor, query }) => reports.exportSalesReport(ctx, actor, query));
  registerEndpoint(app, api.report.writeOffs, ({ actor, query }) => reports.writeOffReport(ctx, actor, query));
  registerEndpoint(app, api.report.dashboardSales, ({ actor }) => reports.dashboardSales(ctx, actor));
}
