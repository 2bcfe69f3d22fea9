import { api } from '@vitrina/contract';
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../lib/context.js';
import { registerEndpoint } from '../../plugins/endpoints.js';
import { errorAnalytics, errorRows } from './error-analytics.service.js';

export async function errorAnalyticsRoutes(app: FastifyInstance, { ctx }: { ctx: ServiceContext }) {
  registerEndpoint(app, api.errorAnalytics.summary, ({ actor, query }) => errorAnalytics(ctx, actor, query));
  registerEndpoint(app, api.errorAnalytics.rows, ({ actor, query }) => errorRows(ctx, actor, query));
}
