import { api } from '@vitrina/contract';
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../lib/context.js';
import { registerEndpoint } from '../../plugins/endpoints.js';
import { createBatches } from './batches.service.js';
import { pickSheet } from './pick-sheet.service.js';
import { exportPlan, getPlan } from './planning.service.js';

export async function planningRoutes(app: FastifyInstance, { ctx }: { ctx: ServiceContext }) {
  registerEndpoint(app, api.planning.plan, ({ actor, query }) => getPlan(ctx, actor, query));
  registerEndpoint(app, api.planning.pickSheet, ({ actor, query }) => pickSheet(ctx, actor, query));
  registerEndpoint(app, api.planning.export, ({ actor, query }) => exportPlan(ctx, actor, query));
  registerEndpoint(app, api.planning.batches, ({ actor, body }) => createBatches(ctx, actor, body));
}
