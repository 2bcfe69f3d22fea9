import { api } from '@vitrina/contract';
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../lib/context.js';
import { registerEndpoint } from '../../plugins/endpoints.js';
import { exportReconciliation, reconcile } from './accounting.service.js';

export async function accountingRoutes(app: FastifyInstance, { ctx }: { ctx: ServiceContext }) {
  registerEndpoint(app, api.accounting.reconcile, ({ actor, params, query }) =>
    reconcile(ctx, actor, params.id, query),
  );
  registerEndpoint(app, api.accounting.export, ({ actor, params, query }) =>
    exportReconciliation(ctx, actor, params.id, query),
  );
}
